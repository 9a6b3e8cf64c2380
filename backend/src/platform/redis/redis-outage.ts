import { outageLog } from '../common/outage';

/** The events of an ioredis client that tell whether it works. */
interface RedisConnection {
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'ready' | 'end', listener: () => void): unknown;
}

/**
 * Gives an ioredis client its 'error' listener: without one, ioredis prints "Unhandled error
 * event" and a stack on every reconnect attempt (hundreds in one outage). Its failures and its
 * comeback go to the process's Redis outage log, which says each once; `source` names the
 * connection there and must be unique in the process (each reconnects on its own).
 */
export function reportRedisOutages<C extends RedisConnection>(client: C, source: string): C {
  const outage = outageLog('Redis');
  client.on('error', (error) => outage.failed(source, error));
  client.on('ready', () => outage.recovered(source));
  client.on('end', () => outage.closed(source));
  return client;
}

/** A BullMQ Queue or Worker: its connections' events come through it and its backend. */
interface QueueConnections {
  on(event: 'error', listener: (error: Error) => void): unknown;
  getBackend(): { on(event: 'ready', listener: () => void): unknown };
}

/**
 * The same for a BullMQ Queue or Worker, whose connections BullMQ makes: with no 'error' listener
 * it prints each of their errors with a stack (console.error). A Worker's run-loop errors come the
 * same way; one that is not an outage is said once per text.
 */
export function reportQueueOutages<Q extends QueueConnections>(queue: Q, source: string): Q {
  const outage = outageLog('Redis');
  queue.on('error', (error) => outage.failed(source, error));
  queue.getBackend().on('ready', () => outage.recovered(source));
  return queue;
}

/** An ioredis client as `whenReady` sees it. */
interface ReadyWatch {
  readonly status: string;
  once(event: 'ready', listener: () => void): unknown;
  off(event: 'ready', listener: () => void): unknown;
}

/**
 * Whether the client is ready within `timeoutMs`: at once when it is, false at once when it was
 * closed for good. For a client without an offline queue, whose commands fail outright while a
 * connection is still being made (a process's first requests, a reconnect under way).
 */
export function whenReady(client: ReadyWatch, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  if (client.status === 'end') return Promise.resolve(false);
  return new Promise((resolve) => {
    const ready = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      client.off('ready', ready);
      resolve(false);
    }, timeoutMs);
    client.once('ready', ready);
  });
}
