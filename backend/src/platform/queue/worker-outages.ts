import { WorkerHost } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { reportQueueOutages } from '../redis/redis-outage';

/**
 * Gives the BullMQ worker behind every processor its 'error' listener, reporting to the Redis
 * outage log: a worker with none prints each error of its connections and run loop with a stack.
 */
@Injectable()
export class WorkerOutages implements OnApplicationBootstrap {
  constructor(private readonly discovery: DiscoveryService) {}

  onApplicationBootstrap(): void {
    // The BullMQ workers exist by now: @nestjs/bullmq creates them in onModuleInit.
    for (const wrapper of this.discovery.getProviders()) {
      const host: unknown = wrapper.instance;
      if (host instanceof WorkerHost) reportQueueOutages(host.worker, `worker ${host.worker.name}`);
    }
  }
}
