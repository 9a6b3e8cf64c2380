import { ActivityWriterService } from '@scoreline/backend/activity/activity-writer.service';
import { BIG_LEAGUE } from '@scoreline/backend/platform/common/big-league';
import { ReconcilerService } from '@scoreline/backend/reconcile/reconciler.service';
import { StandingsService } from '@scoreline/backend/standings/standings.service';
import { scorePrediction } from '@scoreline/contracts/game/scoring';
import { ensureCompetition } from '../support/competitions';
import { insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * Who gets an entry for each member's performance: a small public league gets every exact score,
 * banker hit and gameweek score; a big public league (BIG_LEAGUE.members and more, as its
 * standings last counted) gets only the gameweek's top scorers, as automatic leagues do, and a
 * correction that moves the top moves its entry. (A public league of a million members had a
 * million gameweek entries upserted in one statement: 23–28 s of the activity worker.)
 */
describe('league feeds: every entry in small leagues, top scorers only in big ones', () => {
  let sys: TestSystem;
  let writer: ActivityWriterService;
  let standings: StandingsService;
  let users: FastUser[];
  let small: number;
  let big: number;
  let fixtureId: number;
  let gameweekId: number;
  let seasonId: number;
  const bigFrom = BIG_LEAGUE.members;

  // One match, 2-1: the first two call it (the first with a banker), the third has the result, the rest miss.
  const picks: { home: number; away: number; banker: boolean }[] = [
    { home: 2, away: 1, banker: true },
    { home: 2, away: 1, banker: false },
    { home: 1, away: 0, banker: false },
    { home: 0, away: 1, banker: false },
    { home: 0, away: 1, banker: false },
    { home: 0, away: 1, banker: false },
  ];

  /** Scores the match as the scorer would: predictions and gameweek totals (the reconciler agrees with them). */
  async function recordResult(home: number, away: number): Promise<void> {
    await sys.db.query(`UPDATE fixtures SET home_score = $2, away_score = $3, status = 'finished' WHERE id = $1`, [fixtureId, home, away]);
    for (const [i, user] of users.entries()) {
      const pick = picks[i];
      const { outcome, points } = scorePrediction({ predictedHome: pick.home, predictedAway: pick.away, actualHome: home, actualAway: away, isBanker: pick.banker });
      await sys.db.query(`UPDATE predictions SET points = $3, outcome = $4, is_final = true WHERE user_id = $1 AND fixture_id = $2`, [user.id, fixtureId, points, outcome]);
      await sys.db.query(
        `INSERT INTO user_gameweek_totals (user_id, gameweek_id, season_id, points, predictions, scored, correct, exact) VALUES ($1, $2, $3, $4, 1, 1, $5, $6)
         ON CONFLICT (user_id, gameweek_id) DO UPDATE SET points = EXCLUDED.points, correct = EXCLUDED.correct, exact = EXCLUDED.exact`,
        [user.id, gameweekId, seasonId, points, outcome === 'wrong' ? 0 : 1, outcome === 'exact' ? 1 : 0],
      );
    }
  }

  const entries = async (leagueId: number): Promise<string[]> =>
    (
      (await sys.db.query(`SELECT kind, actor_user_id, importance FROM league_activities WHERE league_id = $1 AND category = 'performance' ORDER BY kind, actor_user_id`, [
        leagueId,
      ])) as { kind: string; actor_user_id: number; importance: string }[]
    ).map((e) => `${e.kind} ${users.findIndex((u) => u.id === e.actor_user_id)} ${e.importance}`);

  const scoresUpdated = () =>
    writer.scoresUpdated({ id: 0, name: 'scores.updated', payload: { fixtureId, gameweekId, seasonId, status: 'finished', final: true }, occurredAt: new Date().toISOString() });

  beforeAll(async () => {
    sys = await startTestSystem();
    writer = sys.workers.get(ActivityWriterService, { strict: false });
    standings = sys.workers.get(StandingsService, { strict: false });
    await sys.workers.get(ReconcilerService, { strict: false }).runPass({ waitForLock: true });
    users = await insertVerifiedUsers(sys, picks.length, 'feedvol', { onboarded: true });
    // A season of its own, not active, with a label and code no other suite uses (suites share the run's database).
    await ensureCompetition(sys.db, 'feed.volume');
    [{ id: seasonId }] = await sys.db.query(`INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Feed Volume League 2114/15', '2114/15', 'feed.volume', false) RETURNING id`);
    [{ id: gameweekId }] = await sys.db.query(`INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, 1, now(), now()) RETURNING id`, [seasonId]);
    const [home, away]: { id: number }[] = await sys.db.query(`SELECT id FROM clubs ORDER BY id LIMIT 2`);
    [{ id: fixtureId }] = await sys.db.query(
      `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at, status) VALUES ($1, $2, $3, $4, now(), 'scheduled') RETURNING id`,
      [seasonId, gameweekId, home.id, away.id],
    );
    for (const [i, user] of users.entries()) {
      await sys.db.query(
        `INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score, is_banker) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [user.id, fixtureId, gameweekId, seasonId, picks[i].home, picks[i].away, picks[i].banker],
      );
    }
    const league = async (name: string, members: FastUser[]): Promise<number> => {
      const [{ id }]: { id: number }[] = await sys.db.query(`INSERT INTO leagues (name, description, type, owner_id, competition_code) VALUES ($1, '', 'public', $2, 'feed.volume') RETURNING id`, [
        name,
        users[0].id,
      ]);
      await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) SELECT $1, unnest($2::int[]), 'member'`, [id, members.map((m) => m.id)]);
      return id;
    };
    // The small league: the banker's caller, the result's and a miss; the big one: everyone.
    small = await league('Feed volume small', [users[0], users[2], users[3]]);
    big = await league('Feed volume big', users);
    BIG_LEAGUE.members = 5;
    // Their member counts, as the standings store them.
    await standings.recomputeLeague(small);
    await standings.recomputeLeague(big);
  });

  afterAll(async () => {
    BIG_LEAGUE.members = bigFrom;
    await sys.close();
  });

  it('writes every performance entry in the small league and only the top scorer in the big one', async () => {
    await recordResult(2, 1);
    await scoresUpdated();
    expect(await entries(small)).toEqual(['banker_hit 0 high', 'exact_score 0 high', 'gameweek_scored 0 high', 'gameweek_scored 2 low', 'gameweek_scored 3 low']);
    expect(await entries(big)).toEqual(['gameweek_scored 0 high']);
    // A replay changes nothing.
    expect(await scoresUpdated()).toEqual([]);
  });

  it("moves the big league's top-scorer entries when a correction moves the top, and the small league's entries follow", async () => {
    // 0-1: the last three call it (tied at the top); the first three miss, the banker too.
    await recordResult(0, 1);
    await scoresUpdated();
    expect(await entries(big)).toEqual(['gameweek_scored 3 high', 'gameweek_scored 4 high', 'gameweek_scored 5 high']);
    expect(await entries(small)).toEqual(['exact_score 3 medium', 'gameweek_scored 0 low', 'gameweek_scored 2 low', 'gameweek_scored 3 high']);
  });
});
