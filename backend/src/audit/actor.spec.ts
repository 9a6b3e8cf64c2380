import { actorUserId, actorVia } from './actor';

describe('actorVia', () => {
  it('names the door a change came through, and what names it beyond a user', () => {
    expect(actorVia({ kind: 'operator', userId: 3 })).toEqual({ via: 'console', detail: null });
    expect(actorVia({ kind: 'feed', provider: 'football-data' })).toEqual({ via: 'feed', detail: 'football-data' });
    expect(actorVia({ kind: 'cli', who: 'root@vm' })).toEqual({ via: 'cli', detail: 'root@vm' });
    expect(actorVia({ kind: 'cli', who: 'x'.repeat(300) }).detail).toHaveLength(200);
  });

  it('names a user only for an operator', () => {
    expect(actorUserId({ kind: 'operator', userId: 3 })).toBe(3);
    expect(actorUserId({ kind: 'cli', who: 'root@vm' })).toBeNull();
  });
});
