import { seededRandom } from '../support/game-factories';
import { FaultSystem } from './support/fault-system';
import { printFigure } from './support/figures';
import { sleep } from '../support/owned-processes';

/**
 * Issue 9 §6 (e, f): "of 1,000 saves around the deadline instant, 8–14 committed 22–359 ms
 * after it; two saves by one user at once can 500; the same user joining a public league twice
 * at once answers 500". The races run first, while the gameweek is open; then the deadline is
 * moved ~3.5 s ahead and 1,000 fans save from 2 s before it to 300 ms after it (saves are
 * refused within the last second, the margin the commit gets: both sides of it are exercised).
 */
describe('fault: concurrency and the deadline', () => {
  let sys: FaultSystem;

  beforeAll(async () => {
    sys = await FaultSystem.start();
  }, 240_000);

  afterAll(async () => {
    await sys?.stop();
  }, 60_000);

  const tally = (statuses: number[]) => {
    const counts = new Map<number, number>();
    statuses.forEach((s) => counts.set(s, (counts.get(s) ?? 0) + 1));
    return counts;
  };
  const serverErrors = (statuses: number[]) => statuses.filter((s) => s >= 500 || s === 0).length;
  const predictionsOf = (banker: number) =>
    sys.game.currentFixtureIds.map((fixture, j) => ({ fixture, home_score: 1 + (j % 3), away_score: j % 2, is_banker: j === banker }));

  it('one user joining one public league 200 times at once: no 5xx, one membership', async () => {
    const fan = sys.game.fanIds[0]; // fan 1 is in no public league
    const leagueId = sys.game.publicLeagueIds[0];
    const token = sys.token(fan);
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () => sys.http('POST', '/api/leagues/join/', token, { type: 'public', league_id: leagueId }).then((a) => a.status, () => 0)),
    );
    const [{ n: members }]: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM league_members WHERE league_id = $1 AND user_id = $2`, [
      leagueId,
      fan,
    ]);
    printFigure('join-race', { joins: statuses.length, statuses: [...tally(statuses)].map(([s, n]) => `${s}x${n}`).join(','), server_errors: serverErrors(statuses), memberships: members });
    expect({ serverErrors: serverErrors(statuses), members }).toEqual({ serverErrors: 0, members: 1 });
  }, 120_000);

  it('one user saving 50 times at once with different bankers: no 5xx, exactly one banker', async () => {
    const fan = sys.game.fanIds[1];
    const token = sys.token(fan);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => sys.http('POST', '/api/predictions/', token, { predictions: predictionsOf(i % 10) }).then((a) => a.status, () => 0)),
    );
    const [{ n: bankers }]: { n: number }[] = await sys.db.query(
      `SELECT count(*)::int AS n FROM predictions WHERE user_id = $1 AND gameweek_id = $2 AND is_banker`,
      [fan, sys.game.currentGameweekId],
    );
    printFigure('banker-race', { saves: statuses.length, statuses: [...tally(statuses)].map(([s, n]) => `${s}x${n}`).join(','), server_errors: serverErrors(statuses), bankers });
    expect({ serverErrors: serverErrors(statuses), bankers }).toEqual({ serverErrors: 0, bankers: 1 });
  }, 120_000);

  it('1,000 saves from 2 s before the deadline to 300 ms after it: none committed after it, each 2xx or the deadline 403', async () => {
    const random = seededRandom(1000);
    const fans = sys.game.fanIds.slice(100, 1100);
    const tokens = fans.map((id) => sys.token(id));
    const bodies = fans.map((_, i) => ({ predictions: predictionsOf(i % 10) }));
    // Warm up, 50 at a time: each fan's token checked once and a connection open, so that the
    // saves sent before the deadline can be served before it on a loaded machine.
    for (let i = 0; i < tokens.length; i += 50) {
      await Promise.all(tokens.slice(i, i + 50).map((t) => sys.http('GET', '/api/predictions/current/', t)));
    }
    // The deadline is the gameweek's first kick-off, ~3.5 s from now on the database's clock.
    const [{ deadline_ms: deadlineMs }]: { deadline_ms: number }[] = await sys.db.query(
      `WITH g AS (UPDATE gameweeks SET starts_at = date_trunc('milliseconds', now()) + interval '3500 milliseconds' WHERE id = $1 RETURNING starts_at)
       SELECT (extract(epoch FROM starts_at) * 1000)::float8 AS deadline_ms FROM g`,
      [sys.game.currentGameweekId],
    );
    await sys.db.query(
      `UPDATE fixtures f SET kickoff_at = g.starts_at + (x.i - 1) * interval '10 minutes'
       FROM gameweeks g, (SELECT id, row_number() OVER (ORDER BY kickoff_at, id) AS i FROM fixtures WHERE gameweek_id = $1) x
       WHERE g.id = $1 AND f.id = x.id`,
      [sys.game.currentGameweekId],
    );
    const refusals = new Set<string>();
    const answeredAt: number[] = [];
    const statuses = await Promise.all(
      fans.map(async (_, i) => {
        const at = deadlineMs + Math.round(random() * 2300) - 2000;
        await sleep(Math.max(0, at - Date.now()));
        const answer = await sys.http('POST', '/api/predictions/', tokens[i], bodies[i]).catch(() => null);
        if (answer?.status === 403) refusals.add(answer.body?.message ?? '');
        answeredAt.push(Date.now() - deadlineMs);
        return answer?.status ?? 0;
      }),
    );
    const [late]: { n: number; max_late_ms: number | null }[] = await sys.db.query(
      `SELECT count(*)::int AS n, max(extract(epoch FROM pg_xact_commit_timestamp(p.xmin) - g.starts_at) * 1000)::int AS max_late_ms
       FROM predictions p JOIN gameweeks g ON g.id = p.gameweek_id
       WHERE p.gameweek_id = $1 AND pg_xact_commit_timestamp(p.xmin) > g.starts_at`,
      [sys.game.currentGameweekId],
    );
    const accepted = statuses.filter((s) => s >= 200 && s < 300).length;
    const refused = statuses.filter((s) => s === 403).length;
    const unexpected = statuses.filter((s) => !(s >= 200 && s < 300) && s !== 403);
    printFigure('deadline', {
      saves: statuses.length,
      accepted,
      refused_403: refused,
      other: unexpected.length,
      server_errors: serverErrors(statuses),
      committed_after_deadline: late.n,
      max_late_ms: late.max_late_ms ?? 0,
      answers_from_ms: Math.min(...answeredAt),
      answers_to_ms: Math.max(...answeredAt),
    });
    // The only refusal is the deadline's.
    expect([...refusals].filter((m) => !/closed/.test(m))).toEqual([]);
    // Saves sent after the instant must be refused. How many sent before it are served in
    // time depends on the machine's load (on a busy 2-core box, few): `accepted` says so.
    expect(refused).toBeGreaterThan(0);
    expect({ committedAfterDeadline: late.n, unexpected }).toEqual({ committedAfterDeadline: 0, unexpected: [] });
  }, 120_000);
});
