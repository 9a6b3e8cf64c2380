/**
 * Options every BullMQ worker runs with. A job whose worker dies is "stalled": BullMQ gives its
 * lock `lockDuration` to be renewed and checks every `stalledInterval`, so a crash delays a job
 * by 5–15 s instead of 30–95 s. BullMQ fails a job for good after `maxStalledCount` stalls
 * (default 1: two crashes on one job lost its work); we allow many, and a job that still fails is
 * retried by the outbox sweeper (backend/src/platform/outbox/outbox-relay.service.ts), because its event
 * stays owed in Postgres until a consumer settles it.
 */
export const WORKER_OPTIONS = {
  lockDuration: 10_000,
  stalledInterval: 5_000,
  maxStalledCount: 20,
} as const;
