import { toFailingEvent } from './failing-events';

const row = {
  id: '42',
  name: 'result.recorded',
  attempts: 3,
  last_error: null as string | null,
  pending_queues: [] as string[],
  created_at: new Date('2026-01-02T03:04:05Z'),
};

describe('toFailingEvent', () => {
  it("keeps the relay's error as it was stored", () => {
    expect(toFailingEvent({ ...row, last_error: 'Connection is closed.' })).toEqual({
      id: 42,
      name: 'result.recorded',
      attempts: 3,
      last_error: 'Connection is closed.',
      created_at: '2026-01-02T03:04:05.000Z',
    });
  });

  it('names the queues that still owe an event when no error was stored', () => {
    expect(toFailingEvent({ ...row, pending_queues: ['scoring', 'push'] }).last_error).toBe('still owed to scoring, push');
  });

  it('prefers the stored error to the owed queues, and says nothing when there is neither', () => {
    expect(toFailingEvent({ ...row, last_error: 'scoring: bad payload', pending_queues: ['live'] }).last_error).toBe('scoring: bad payload');
    expect(toFailingEvent(row).last_error).toBeNull();
  });
});
