import type { ConsoleHealth } from '@scoreline/contracts/api/console';
import type { FailingEventRow } from './outbox.queries';

export type FailingEvent = ConsoleHealth['outbox']['failing'][number];

/**
 * A failing event as the console lists it. The relay's error is kept on the row; a job's error is
 * not (BullMQ keeps it, the queue board shows it), so an event owed to a queue without one says
 * which queues still owe it.
 */
export function toFailingEvent(row: FailingEventRow): FailingEvent {
  const owed = row.pending_queues.length > 0 ? `still owed to ${row.pending_queues.join(', ')}` : null;
  return {
    id: Number(row.id),
    name: row.name,
    attempts: row.attempts,
    last_error: row.last_error ?? owed,
    created_at: new Date(row.created_at).toISOString(),
  };
}
