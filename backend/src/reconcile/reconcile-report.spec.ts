import { describeReport, noRepairs, ReconcileReport, totalRepairs } from './reconcile-report';

const report = (overrides: Partial<ReconcileReport>): ReconcileReport => ({
  ran: true,
  repairs: noRepairs(),
  fixtureIds: [],
  leagueIds: [],
  durationMs: 42,
  ...overrides,
});

describe('reconciler report', () => {
  it('says when there was nothing to repair', () => {
    expect(describeReport(report({}))).toBe('nothing to repair (42 ms)');
  });

  it('says a skipped pass did nothing', () => {
    expect(describeReport(report({ ran: false }))).toBe('skipped: another pass is running');
  });

  it('counts each kind that was repaired, and where', () => {
    const r = report({ repairs: { predictions: 2, gameweek_totals: 0, season_totals: 1, standings: 3 }, fixtureIds: [7], leagueIds: [1, 4] });
    expect(totalRepairs(r.repairs)).toBe(6);
    expect(describeReport(r)).toBe('repaired 6 rows: predictions 2, season_totals 1, standings 3 (fixtures 7; leagues 1, 4) in 42 ms');
  });

  it('keeps a big repair on one short line', () => {
    const leagueIds = Array.from({ length: 25 }, (_, i) => i + 1);
    const line = describeReport(report({ repairs: { ...noRepairs(), standings: 1 }, leagueIds }));
    expect(line).toBe('repaired 1 row: standings 1 (leagues 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 15 more) in 42 ms');
  });
});
