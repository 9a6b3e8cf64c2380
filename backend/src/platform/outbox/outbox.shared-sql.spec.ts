import { EVENT_ROUTES } from './event-routes';
import { insertEventAndNotifyCtes, isRelayed, OUTBOX_CHANNEL } from './outbox.shared-sql';

describe('insertEventAndNotifyCtes', () => {
  it('writes an event no queue consumes as dispatched, owed to none, and wakes no relay', () => {
    expect(EVENT_ROUTES['prediction.saved']).toEqual([]);
    const sql = insertEventAndNotifyCtes('event', 'prediction.saved', `'{}'::jsonb`, 'go');
    expect(sql).toContain('dispatched_at');
    expect(sql).not.toContain('pg_notify');
    expect(sql).not.toContain(`'${OUTBOX_CHANNEL}'`);
    // The statement reads `<name>_notified` either way.
    expect(sql).toContain('event_notified AS');
  });

  it('leaves an event some queue consumes to the relay, and wakes it', () => {
    const sql = insertEventAndNotifyCtes('event', 'result.recorded', `'{}'::jsonb`, 'go');
    expect(sql).not.toContain('dispatched_at');
    expect(sql).toContain(`pg_notify('${OUTBOX_CHANNEL}', '')`);
  });

  it('relays exactly the events that have a queue', () => {
    for (const [name, queues] of Object.entries(EVENT_ROUTES)) expect(isRelayed(name as keyof typeof EVENT_ROUTES)).toBe(queues.length > 0);
  });
});
