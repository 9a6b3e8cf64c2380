import { getQueueToken } from '@nestjs/bullmq';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { QUEUES } from '../outbox/event-routes';
import { reportQueueOutages } from '../redis/redis-outage';

/**
 * Gives every queue of the process (the relay's and producers' handles, the queue board's) its
 * 'error' listener, reporting to the Redis outage log: BullMQ prints every error of a queue that
 * has none with a stack, one per reconnect attempt. Workers get theirs in the worker process.
 */
@Injectable()
export class QueueOutages implements OnModuleInit {
  constructor(private readonly moduleRef: ModuleRef) {}

  onModuleInit(): void {
    for (const name of QUEUES) reportQueueOutages(this.moduleRef.get<Queue>(getQueueToken(name), { strict: false }), `queue ${name}`);
  }
}
