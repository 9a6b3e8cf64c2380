import { FixtureStatus, deriveGameweekStatuses, predictionDeadline } from './gameweek-status';

const gw = (number: number, ...statuses: FixtureStatus[]) => ({
  number,
  fixtures: statuses.map((status) => ({ status })),
});

describe('deriveGameweekStatuses', () => {
  it('marks finished gameweeks completed, the first open one current, later ones upcoming', () => {
    const result = deriveGameweekStatuses([
      gw(1, 'finished', 'finished'),
      gw(2, 'finished', 'live', 'scheduled'),
      gw(3, 'scheduled', 'scheduled'),
      gw(4, 'scheduled'),
    ]);
    expect([...result]).toEqual([
      [1, 'completed'],
      [2, 'current'],
      [3, 'upcoming'],
      [4, 'upcoming'],
    ]);
  });

  it('counts postponed (void) fixtures as done', () => {
    const result = deriveGameweekStatuses([gw(1, 'finished', 'postponed'), gw(2, 'scheduled')]);
    expect(result.get(1)).toBe('completed');
    expect(result.get(2)).toBe('current');
  });

  it('treats a gameweek with no fixtures as completed', () => {
    const result = deriveGameweekStatuses([gw(1), gw(2, 'scheduled')]);
    expect(result.get(1)).toBe('completed');
    expect(result.get(2)).toBe('current');
  });

  it('keeps a gameweek current while a match is live', () => {
    expect(deriveGameweekStatuses([gw(1, 'finished', 'live')]).get(1)).toBe('current');
  });

  it('orders by gameweek number, whatever the input order', () => {
    const result = deriveGameweekStatuses([gw(3, 'scheduled'), gw(1, 'finished'), gw(2, 'scheduled')]);
    expect([...result.keys()]).toEqual([1, 2, 3]);
    expect(result.get(2)).toBe('current');
    expect(result.get(3)).toBe('upcoming');
  });

  it('has no current gameweek when the season is over', () => {
    const result = deriveGameweekStatuses([gw(1, 'finished'), gw(2, 'finished', 'postponed')]);
    expect([...result.values()]).toEqual(['completed', 'completed']);
  });

  it('makes the first gameweek current before the season starts', () => {
    const result = deriveGameweekStatuses([gw(1, 'scheduled'), gw(2, 'scheduled')]);
    expect([...result.values()]).toEqual(['current', 'upcoming']);
  });

  it('returns an empty map for no gameweeks', () => {
    expect(deriveGameweekStatuses([]).size).toBe(0);
  });
});

describe('predictionDeadline', () => {
  it('is the earliest kick-off', () => {
    const d = predictionDeadline([
      new Date('2024-08-17T14:00:00Z'),
      new Date('2024-08-16T19:00:00Z'),
      new Date('2024-08-18T15:30:00Z'),
    ]);
    expect(d?.toISOString()).toBe('2024-08-16T19:00:00.000Z');
  });

  it('ignores unknown (TBC) and invalid kick-offs', () => {
    const d = predictionDeadline([null, new Date('2024-08-17T14:00:00Z'), undefined, new Date('nope')]);
    expect(d?.toISOString()).toBe('2024-08-17T14:00:00.000Z');
  });

  it('is null when no kick-off is known', () => {
    expect(predictionDeadline([])).toBeNull();
    expect(predictionDeadline([null, null])).toBeNull();
  });

  it('returns a new Date, not one of the inputs', () => {
    const k = new Date('2024-08-17T14:00:00Z');
    const d = predictionDeadline([k]);
    expect(d).toEqual(k);
    expect(d).not.toBe(k);
  });
});
