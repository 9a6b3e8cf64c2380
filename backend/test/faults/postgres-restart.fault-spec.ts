import { countMismatches, describeMismatches, waitForConvergence, NO_MISMATCHES } from './support/expected';
import { FaultSystem } from './support/fault-system';
import { printFigure } from './support/figures';
import { pollUntil, sleep } from '../support/owned-processes';
import { GENERIC_PLAN_APPLICATION_NAME } from '@scoreline/backend/platform/database/generic-plan-pool';
import { LISTEN_RETRY_MS } from '@scoreline/backend/platform/outbox/outbox-relay.service';


/**
 * Issue 9 §6 (d): "a Postgres restart: a DB error during the token check answers 401; the
 * outbox's LISTEN connection is never re-opened". While the private cluster restarts (about
 * 3 s down), signed-in reads answer 200 or 503 — a 401 would sign the user out; afterwards a
 * recorded result has all its consequences and the relay LISTENs again.
 */
describe('fault: PostgreSQL restarts under the app', () => {
  let sys: FaultSystem;
  const listeners = async (): Promise<number> => {
    const [{ n }]: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query ILIKE 'LISTEN%'`);
    return n;
  };

  beforeAll(async () => {
    sys = await FaultSystem.start();
  }, 240_000);

  afterAll(async () => {
    await sys?.stop();
  }, 60_000);

  it('starts from figures the independent checker agrees with, the relay listening', async () => {
    expect(describeMismatches(await countMismatches(sys.db))).toBe(NO_MISMATCHES);
    await pollUntil('the relay LISTENing before the restart', 20_000, async () => ((await listeners()) > 0 ? true : undefined));
  });

  it('never answers 401 for a valid token, and loses nothing, across a restart', async () => {
    // A different fan per request, so the 10 s token cache cannot hide the database.
    const tokens = sys.game.fanIds.slice(0, 2500).map((id) => sys.token(id));
    const statuses = new Map<number, number>();
    let next = 0;
    let running = true;
    const loop = async () => {
      while (running) {
        const token = tokens[next++ % tokens.length];
        let status = 0; // no answer at all (refused or timed out)
        try {
          const res = await fetch(`${sys.apiUrl}/api/auth/profile/`, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(15_000) });
          await res.arrayBuffer();
          status = res.status;
        } catch {
          /* counted as 0 */
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        await sleep(20);
      }
    };
    // A name search in the global league (it holds every fan): names first, on the generic-plan
    // pool, whose connection then sits idle through the restart (unheard, its error ended the API).
    const [{ globalId, name }]: { globalId: number; name: string }[] = await sys.db.query(
      `SELECT l.id AS "globalId", u.first_name || ' ' || u.last_name AS name FROM leagues l, users u WHERE l.type = 'global' AND u.id = $1`,
      [sys.game.fanIds[0]],
    );
    const search = () => sys.http<{ total_count: number }>('GET', `/api/leagues/${globalId}/members/enhanced/?search=${encodeURIComponent(name)}`, tokens[0]);
    expect((await sys.http('GET', `/api/leagues/${globalId}/members/enhanced/`, tokens[0])).status).toBe(200); // counted: a big league
    const before = await search();
    expect(before.status).toBe(200);
    expect(before.body?.data?.total_count).toBeGreaterThan(0);
    const [{ idle }]: { idle: number }[] = await sys.db.query(`SELECT count(*)::int AS idle FROM pg_stat_activity WHERE application_name = $1`, [
      GENERIC_PLAN_APPLICATION_NAME,
    ]);
    expect(idle).toBeGreaterThan(0);

    const loops = [loop(), loop(), loop(), loop()];
    await sleep(1000);
    await sys.pg.restart(3000);
    // From the moment Postgres is back: how long until the relay LISTENs again.
    const restartedAt = Date.now();
    const listenBack = pollUntil('LISTEN re-opened', 30_000, async () => ((await listeners()) > 0 ? (Date.now() - restartedAt) / 1000 : undefined), 250).catch(
      () => null,
    );
    await sleep(6000);
    running = false;
    await Promise.all(loops);
    // The API lived through it, and its search finds the same members on a new connection.
    expect(await search()).toEqual(before);

    // After it: a result with all its consequences, and the relay LISTENing again.
    const fixtureId = sys.game.currentFixtureIds[0];
    await pollUntil('the admin result accepted after the restart', 30_000, async () => {
      const answer = await sys.http('PUT', `/api/admin/fixtures/${fixtureId}/result`, sys.adminToken, { home_score: 2, away_score: 1, status: 'finished' });
      return answer.status === 200 ? true : undefined;
    }, 500);
    const recordedAt = Date.now();
    const { counts, convergedInS } = await waitForConvergence(sys.db, 90_000, recordedAt);
    const listenBackInS = await listenBack;

    const requests = [...statuses.values()].reduce((a, b) => a + b, 0);
    const other = [...statuses.entries()].filter(([s]) => s !== 200 && s !== 503).map(([s, n]) => `${s}x${n}`);
    printFigure('postgres-restart', {
      requests,
      ok_200: statuses.get(200) ?? 0,
      unavailable_503: statuses.get(503) ?? 0,
      unauthorized_401: statuses.get(401) ?? 0,
      other: other.join(',') || 0,
      mismatches: counts.total,
      converged_in: convergedInS === null ? null : `${convergedInS.toFixed(1)}s`,
      listen_back_in: listenBackInS === null ? null : `${listenBackInS.toFixed(1)}s`,
    });
    expect({ unauthorized: statuses.get(401) ?? 0, notOkOr503: other }).toEqual({ unauthorized: 0, notOkOr503: [] });
    expect(describeMismatches(counts)).toBe(NO_MISMATCHES);
    expect(listenBackInS).not.toBeNull();
    // Within the backoff's last step (and time to connect) of Postgres coming back.
    expect(listenBackInS!).toBeLessThan(Math.max(...LISTEN_RETRY_MS) / 1000 + 2);
  }, 300_000);
});
