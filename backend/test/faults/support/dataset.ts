import type { DataSource } from 'typeorm';
import { outcomeSqlCase, scoringSqlCase, type ScoringSqlColumns } from '@scoreline/contracts/game/scoring';
import { standingsOf, storedRank, tableOrder } from '@scoreline/backend/standings/table-ranking.shared-sql';
import { ensureCompetition } from '../../support/competitions';

/** The game a fault scenario plays on, as the ids the scenario needs. */
export interface FaultGame {
  seasonId: number;
  /** Gameweek ids by number (1…gameweeks); the last one is the open, current gameweek. */
  gameweekIds: number[];
  currentGameweekId: number;
  /** The current gameweek's fixtures, in kick-off order. */
  currentFixtureIds: number[];
  /** Fan user ids in creation order (fan i is fanIds[i - 1]). */
  fanIds: number[];
  adminId: number;
  publicLeagueIds: number[];
  predictions: number;
}

export interface FaultGameSize {
  fans: number;
  fixturesPerGameweek: number;
  /** Earlier gameweeks are finished and scored; the last one is open. */
  gameweeks: number;
  /** How long until the current gameweek's deadline (first kick-off), as a Postgres interval. */
  currentOpensIn: string;
}

export const DEFAULT_SIZE: FaultGameSize = { fans: 3000, fixturesPerGameweek: 10, gameweeks: 3, currentOpensIn: '1 day' };

const PRIVATE_LEAGUES = 30;
const PUBLIC_LEAGUES = 20;

// Setup only: earlier gameweeks arrive already scored. The checker (expected.ts) never uses
// this SQL; it recomputes every figure from the TypeScript rules.
const SETUP_SCORING: ScoringSqlColumns = {
  predHome: 'p.home_score',
  predAway: 'p.away_score',
  actHome: 'fx.home_score',
  actAway: 'fx.away_score',
  banker: 'p.is_banker',
  isVoid: "fx.status = 'postponed'",
};

/**
 * Builds a season set-based in SQL (no HTTP): `fans` fans spread over 20 clubs (and their
 * countries), every earlier gameweek finished and scored with totals and standings as the
 * app keeps them, the current gameweek predicted by 9 fans in 10 (one banker each), and the
 * fans in the global, country, club, 30 private and 20 public leagues.
 */
export async function buildFaultGame(db: DataSource, size: FaultGameSize = DEFAULT_SIZE): Promise<FaultGame> {
  const G = size.gameweeks;
  const competition = await ensureCompetition(db, 'fx.1', 'Fault Premier League');
  const [{ id: seasonId }]: { id: number }[] = await db.query(
    `INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Fault Premier League 2090/91', '2090/91', $1, true) RETURNING id`,
    [competition],
  );
  const gameweeks: { id: number }[] = await db.query(
    `INSERT INTO gameweeks (season_id, number, starts_at, ends_at)
     SELECT $1, n, s, s + interval '3 hours'
     FROM generate_series(1, $2::int) n,
          LATERAL (SELECT CASE WHEN n < $2 THEN now() - make_interval(days => 7 * ($2 - n)) ELSE now() + $3::interval END AS s) t
     ORDER BY n RETURNING id`,
    [seasonId, G, size.currentOpensIn],
  );
  // 20 clubs; gameweek g pairs them off shifted by g, so every club plays once per gameweek.
  await db.query(
    `WITH c AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS k FROM (SELECT id FROM clubs ORDER BY id LIMIT 20) x)
     INSERT INTO fixtures (season_id, gameweek_id, external_key, home_club_id, away_club_id, kickoff_at, status, home_score, away_score)
     SELECT $1, g.id, 'fx-' || g.number || '-' || i, h.id, a.id, g.starts_at + i * interval '10 minutes',
            CASE WHEN g.number < $2 THEN 'finished' ELSE 'scheduled' END,
            CASE WHEN g.number < $2 THEN (i * 7 + g.number * 3) % 4 END,
            CASE WHEN g.number < $2 THEN (i * 5 + g.number) % 3 END
     FROM gameweeks g CROSS JOIN generate_series(0, $3::int - 1) i
     JOIN c h ON h.k = (2 * i + g.number) % 20
     JOIN c a ON a.k = (2 * i + 1 + g.number) % 20
     WHERE g.season_id = $1`,
    [seasonId, G, size.fixturesPerGameweek],
  );
  const fans: { id: number }[] = await db.query(
    `WITH c AS (SELECT id, country_id, (row_number() OVER (ORDER BY id) - 1)::int AS k FROM (SELECT id, country_id FROM clubs ORDER BY id LIMIT 20) x)
     INSERT INTO users (username, email, first_name, last_name, password_hash, email_verified_at, onboarding_completed_at, country_id, club_id)
     SELECT 'fan' || i, 'fan' || i || '@faults.test', 'Fan', 'No' || i, 'not-a-password-hash', now(), now(), c.country_id, c.id
     FROM generate_series(1, $1::int) i JOIN c ON c.k = i % 20
     ORDER BY i RETURNING id`,
    [size.fans],
  );
  const [{ id: adminId }]: { id: number }[] = await db.query(
    `INSERT INTO users (username, email, first_name, last_name, password_hash, email_verified_at, onboarding_completed_at, role)
     VALUES ('faults_admin', 'admin@faults.test', 'Fault', 'Admin', 'not-a-password-hash', now(), now(), 'admin') RETURNING id`,
  );

  // Leagues: global, one per country and club of the fans, private and public ones.
  await db.query(`INSERT INTO leagues (name, type, competition_code) VALUES ('Global', 'global', $1) ON CONFLICT DO NOTHING`, [competition]);
  await db.query(
    `INSERT INTO leagues (name, type, competition_code, country_id) SELECT 'Country ' || country_id, 'country', $1, country_id
     FROM (SELECT DISTINCT country_id FROM users WHERE email LIKE '%@faults.test' AND country_id IS NOT NULL) c ON CONFLICT DO NOTHING`,
    [competition],
  );
  await db.query(
    `INSERT INTO leagues (name, type, competition_code, club_id) SELECT 'Club ' || club_id, 'club', $1, club_id
     FROM (SELECT DISTINCT club_id FROM users WHERE email LIKE '%@faults.test' AND club_id IS NOT NULL) c ON CONFLICT DO NOTHING`,
    [competition],
  );
  await db.query(
    `WITH fan AS (SELECT id, row_number() OVER (ORDER BY id)::int AS r FROM users WHERE email LIKE 'fan%@faults.test')
     INSERT INTO leagues (name, type, competition_code, code, max_members, owner_id)
     SELECT 'Private ' || k, 'private', $2, 'FX' || lpad(k::text, 6, '0'), 1000, (SELECT min(id) FROM fan WHERE r % $1 = k)
     FROM generate_series(0, $1::int - 1) k`,
    [PRIVATE_LEAGUES, competition],
  );
  const publicLeagues: { id: number }[] = await db.query(
    `WITH fan AS (SELECT id, row_number() OVER (ORDER BY id)::int AS r FROM users WHERE email LIKE 'fan%@faults.test')
     INSERT INTO leagues (name, type, competition_code, owner_id)
     SELECT 'Public ' || k, 'public', $2, (SELECT min(id) FROM fan WHERE r % 3 = 0 AND (r / 3) % $1 = k)
     FROM generate_series(0, $1::int - 1) k ORDER BY k RETURNING id`,
    [PUBLIC_LEAGUES, competition],
  );
  await db.query(
    `WITH fan AS (SELECT id, country_id, club_id, row_number() OVER (ORDER BY id)::int AS r FROM users WHERE email LIKE 'fan%@faults.test')
     INSERT INTO league_members (league_id, user_id, role)
     SELECT l.id, fan.id, CASE WHEN l.owner_id = fan.id THEN 'owner' ELSE 'member' END
     FROM fan JOIN leagues l ON
          l.type = 'global'
       OR (l.type = 'country' AND l.country_id = fan.country_id)
       OR (l.type = 'club' AND l.club_id = fan.club_id)
       OR (l.type = 'private' AND l.code = 'FX' || lpad((fan.r % $1)::text, 6, '0'))
       OR (l.type = 'public' AND fan.r % 3 = 0 AND l.name = 'Public ' || ((fan.r / 3) % $2))`,
    [PRIVATE_LEAGUES, PUBLIC_LEAGUES],
  );

  // Predictions: every fan, every match; in the open gameweek one fan in ten has not predicted yet.
  await db.query(
    `INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score, is_banker)
     SELECT u.id, f.id, f.gameweek_id, f.season_id, (u.id * 7 + f.id * 3) % 4, (u.id * 5 + f.id * 11) % 3,
            (row_number() OVER (PARTITION BY u.id, f.gameweek_id ORDER BY f.id) - 1) = u.id % $2
     FROM users u CROSS JOIN fixtures f JOIN gameweeks g ON g.id = f.gameweek_id
     WHERE u.email LIKE 'fan%@faults.test' AND f.season_id = $1 AND NOT (g.number = $3 AND u.id % 10 = 0)`,
    [seasonId, size.fixturesPerGameweek, G],
  );
  await db.query(
    `UPDATE predictions p SET points = ${scoringSqlCase(SETUP_SCORING)}, outcome = ${outcomeSqlCase(SETUP_SCORING)}, is_final = true
     FROM fixtures fx WHERE fx.id = p.fixture_id AND fx.status = 'finished' AND p.season_id = $1`,
    [seasonId],
  );
  const aggregates = `coalesce(sum(points), 0), count(*),
            count(*) FILTER (WHERE outcome IN ('exact', 'correct', 'wrong')),
            count(*) FILTER (WHERE outcome IN ('exact', 'correct')),
            count(*) FILTER (WHERE outcome = 'exact'),
            count(*) FILTER (WHERE outcome IN ('exact', 'correct', 'wrong') AND NOT is_final)`;
  await db.query(
    `INSERT INTO user_gameweek_totals (user_id, gameweek_id, season_id, points, predictions, scored, correct, exact, live_scored)
     SELECT user_id, gameweek_id, season_id, ${aggregates} FROM predictions WHERE season_id = $1 GROUP BY 1, 2, 3`,
    [seasonId],
  );
  await db.query(
    `INSERT INTO user_season_totals (user_id, season_id, points, predictions, scored, correct, exact, live_scored)
     SELECT user_id, season_id, ${aggregates} FROM predictions WHERE season_id = $1 GROUP BY 1, 2`,
    [seasonId],
  );
  // Standings as the worker would have left them after the last finished gameweek.
  await db.query(
    `INSERT INTO league_standings (league_id, user_id, total_points, exact, correct, recent_points, provisional)
     SELECT m.league_id, m.user_id, coalesce(t.points, 0), coalesce(t.exact, 0), coalesce(t.correct, 0), coalesce(g.points, 0), false
     FROM league_members m
     LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $1
     LEFT JOIN user_gameweek_totals g ON g.user_id = m.user_id AND g.gameweek_id = $2`,
    [seasonId, gameweeks[G - 2]?.id ?? null],
  );
  // The histogram of keys its ranks are derived from.
  await db.query(
    `INSERT INTO league_key_counts (league_id, points, exact, correct, n)
     SELECT league_id, total_points, exact, correct, count(*)::int FROM league_standings GROUP BY 1, 2, 3, 4`,
  );
  // And each league's summary, which tells the workers which gameweek its recent points are of.
  await db.query(
    `INSERT INTO league_standings_summary (league_id, season_id, recent_gameweek_id, recent_gameweek_number, member_count, leading_score, top)
     SELECT s.league_id, $1, $2, $3, count(*), max(s.total_points),
            (SELECT json_agg(json_build_object('user_id', t.user_id, 'rank', t.rank, 'previous_rank', NULL, 'total_points', t.total_points,
                                               'recent_points', t.recent_points, 'provisional', false) ORDER BY t.rank, t.user_id)
             FROM (SELECT x.*, ${storedRank('x')} AS rank FROM league_standings x WHERE x.league_id = s.league_id
                   ORDER BY ${tableOrder(standingsOf('x'))}, x.user_id LIMIT 100) t)
     FROM league_standings s GROUP BY s.league_id`,
    [seasonId, gameweeks[G - 2]?.id ?? null, G - 1],
  );
  await db.query(`ANALYZE`);

  const currentGameweekId = gameweeks[G - 1].id;
  const current: { id: number }[] = await db.query(`SELECT id FROM fixtures WHERE gameweek_id = $1 ORDER BY kickoff_at, id`, [currentGameweekId]);
  const [{ count }]: { count: number }[] = await db.query(`SELECT count(*)::int AS count FROM predictions WHERE season_id = $1`, [seasonId]);
  return {
    seasonId,
    gameweekIds: gameweeks.map((g) => g.id),
    currentGameweekId,
    currentFixtureIds: current.map((f) => f.id),
    fanIds: fans.map((f) => f.id),
    adminId,
    publicLeagueIds: publicLeagues.map((l) => l.id),
    predictions: count,
  };
}
