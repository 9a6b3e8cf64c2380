import type { Job } from 'bullmq';
import { WorkerHost } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { memoryTraceFile, traceMemory } from '../metrics/memory-trace';
import { queueJobsProcessed } from '../metrics/metrics';

/**
 * Counts every processor's finished attempts (completed / failed) per queue, by listening to
 * the BullMQ worker behind each WorkerHost: a new processor is counted without touching it.
 */
@Injectable()
export class JobMetricsRecorder implements OnApplicationBootstrap {
  constructor(private readonly discovery: DiscoveryService) {}

  onApplicationBootstrap(): void {
    // The BullMQ workers exist by now: @nestjs/bullmq creates them in onModuleInit.
    for (const wrapper of this.discovery.getProviders()) {
      const host: unknown = wrapper.instance;
      if (!(host instanceof WorkerHost)) continue;
      const worker = host.worker;
      worker.on('completed', () => queueJobsProcessed.inc({ queue: worker.name, outcome: 'completed' }));
      worker.on('failed', () => queueJobsProcessed.inc({ queue: worker.name, outcome: 'failed' }));
      if (memoryTraceFile()) {
        worker.on('active', (job: Job) => traceMemory(`job start ${worker.name}/${job.name} ${job.id}`));
        worker.on('completed', (job: Job) => traceMemory(`job done ${worker.name}/${job.name} ${job.id} ${job.finishedOn && job.processedOn ? job.finishedOn - job.processedOn : '?'}ms`));
        worker.on('failed', (job: Job | undefined) => traceMemory(`job failed ${worker.name}/${job?.name} ${job?.id}`));
      }
    }
  }
}
