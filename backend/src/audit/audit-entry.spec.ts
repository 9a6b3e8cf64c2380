import type { ImportSeasonResult } from '@scoreline/contracts/api/admin';
import { fixtureTarget, isAudited, seasonImportSummary, toAuditEntry, type AuditRow } from './audit-entry';

const operator = { kind: 'operator', userId: 7 } as const;
const feed = { kind: 'feed', provider: 'football-data' } as const;
const fixture = { id: 12, status: 'live', home_score: 1, away_score: 0, updated_at: '2026-01-01T15:00:00.000Z' };

describe('isAudited', () => {
  it("records an operator's every call, one that changed nothing too, at the console or the CLI", () => {
    expect(isAudited(operator, fixture, { ...fixture, status: 'finished' })).toBe(true);
    expect(isAudited(operator, fixture, { ...fixture, updated_at: '2026-01-01T15:01:00.000Z' })).toBe(true);
    expect(isAudited({ kind: 'cli', who: 'ops@host' }, fixture, fixture)).toBe(true);
  });

  it('records the feed only when it changed something other than the stamp', () => {
    expect(isAudited(feed, fixture, { ...fixture, home_score: 2 })).toBe(true);
    expect(isAudited(feed, fixture, { ...fixture, updated_at: '2026-01-01T15:01:00.000Z' })).toBe(false);
  });

  it('compares values, not key order', () => {
    const reordered = { updated_at: fixture.updated_at, away_score: 0, home_score: 1, status: 'live', id: 12 };
    expect(isAudited(feed, fixture, reordered)).toBe(false);
    expect(isAudited(feed, { a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } })).toBe(false);
    expect(isAudited(feed, { a: [1, 2] }, { a: [2, 1] })).toBe(true);
  });
});

describe('toAuditEntry', () => {
  const row: AuditRow = {
    id: '9007199254740',
    at: new Date('2026-02-03T04:05:06Z'),
    actor_user_id: 7,
    username: 'ada',
    via: 'console',
    via_detail: null,
    action: 'fixture.result',
    target: 'Fixture 12 (Arsenal v Chelsea)',
    before: { status: 'scheduled' },
    after: { status: 'finished' },
  };

  it('names the operator and dates the entry in ISO', () => {
    expect(toAuditEntry(row)).toEqual({
      id: 9007199254740,
      at: '2026-02-03T04:05:06.000Z',
      actor: { id: 7, username: 'ada' },
      via: 'console',
      via_detail: null,
      action: 'fixture.result',
      target: 'Fixture 12 (Arsenal v Chelsea)',
      before: { status: 'scheduled' },
      after: { status: 'finished' },
    });
  });

  it('names no one for the feed or a departed operator, and reads a missing before as null', () => {
    expect(toAuditEntry({ ...row, actor_user_id: null, username: null }).actor).toBeNull();
    expect(toAuditEntry({ ...row, actor_user_id: null, username: null, via: 'cli', via_detail: 'ops@vm' })).toMatchObject({ actor: null, via: 'cli', via_detail: 'ops@vm' });
    expect(toAuditEntry({ ...row, before: null }).before).toBeNull();
  });
});

describe('fixtureTarget', () => {
  it('names a fixture by id and teams, placeholders as they stand', () => {
    expect(fixtureTarget({ id: 123, home_team: 'Arsenal', away_team: 'Chelsea' })).toBe('Fixture 123 (Arsenal v Chelsea)');
    expect(fixtureTarget({ id: 5, home_team: 'W73', away_team: 'W74' })).toBe('Fixture 5 (W73 v W74)');
  });
});

describe('seasonImportSummary', () => {
  const result: ImportSeasonResult = {
    season: { id: 3, name: 'Premier League 2024/25', label: '2024/25', league_code: 'en.1', is_active: true },
    gameweeks: 38,
    fixtures: { total: 380, created: 380, updated: 0, unchanged: 0 },
    refused: [{ row: 4, round: 'Matchday 1', date: '2024-02-30', home: 'A', away: 'B', reason: 'date' }],
    clubs_created: ['Arsenal', 'Chelsea'],
    results_recorded: 0,
    shift_days: 0,
  };

  it('keeps the counts, not every refused row or club', () => {
    expect(seasonImportSummary(result)).toEqual({
      season: result.season,
      gameweeks: 38,
      fixtures: result.fixtures,
      refused: 1,
      clubs_created: 2,
      results_recorded: 0,
      shift_days: 0,
    });
  });

  it("counts a tournament's placeholders and missing matches", () => {
    const tournament = { placeholders: 16, missing: [{ key: 'x', reason: 'gone' }] };
    expect(seasonImportSummary({ ...result, tournament })).toMatchObject({ tournament: { placeholders: 16, missing: 1 } });
  });
});
