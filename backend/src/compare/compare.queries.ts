/**
 * The SQL of head to head (reads only: leagues, members, gameweeks, fixtures, predictions and
 * totals of the league's season, and the bonus points its season table counts). Rank history is read through the standings domain's service.
 */

import type { DataSource, EntityManager } from 'typeorm';
import type { FixtureStatus } from '@scoreline/contracts/game/gameweek-status';
import type { PredictionOutcome } from '@scoreline/contracts/game/scoring';
import { revealedSql } from '../predictions/predictions.shared-sql';
import { seasonBonusJoins, seasonBonusOf } from '../standings/season-bonus.shared-sql';
import { storedRank } from '../standings/table-ranking.shared-sql';
import { seasonOfLeagueSql } from '../seasons/season-context.shared-sql';

type Db = DataSource | EntityManager;

/** The reveal rule over the gameweek `g` (the one SQL form, shared with every reader of picks). */
const REVEALED = revealedSql('g');

/** One member of the league `l` ($n) as MemberJson: their stored rank and their settled bonus points in its season `se` (as the season table counts them). */
const memberJson = (userParam: string) => `
  (SELECT json_build_object('user_id', u.id, 'username', u.username, 'first_name', u.first_name, 'last_name', u.last_name, 'rank', ${storedRank('s')},
                            'bonus_points', ${seasonBonusOf('b')})
   FROM league_members m JOIN users u ON u.id = m.user_id
   LEFT JOIN league_standings s ON s.league_id = m.league_id AND s.user_id = m.user_id
   ${seasonBonusJoins({ alias: 'b', user: 'm.user_id', league: 'm.league_id', season: 'se.season_id' })}
   WHERE m.league_id = l.id AND m.user_id = ${userParam})`;

/** League $1 and its season with the two players ($2 the viewer, $3 the other) as members of it, or null each. */
const LEAGUE_AND_PLAYERS_SQL = `
  SELECT l.id, l.name, l.type, se.season_id, ${memberJson('$2')} AS me, ${memberJson('$3')} AS them
  FROM leagues l
  CROSS JOIN LATERAL (SELECT ${seasonOfLeagueSql('l.id')} AS season_id) se
  WHERE l.id = $1`;

/** Season $3's revealed gameweeks with each player's points ($1 viewer, $2 other), oldest first. */
const REVEALED_GAMEWEEKS_SQL = `
  SELECT g.id, g.number, g.name,
         NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status NOT IN ('finished', 'postponed')) AS completed,
         coalesce(a.points, 0)::int AS my_points, coalesce(b.points, 0)::int AS their_points
  FROM gameweeks g
  LEFT JOIN user_gameweek_totals a ON a.gameweek_id = g.id AND a.user_id = $1
  LEFT JOIN user_gameweek_totals b ON b.gameweek_id = g.id AND b.user_id = $2
  WHERE g.season_id = $3 AND EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id) AND ${REVEALED}
  ORDER BY g.number`;

/** Each player's exact scores, correct results and banker hits over season $2's revealed gameweeks. */
const PLAYER_FIGURES_SQL = `
  SELECT p.user_id,
         count(*) FILTER (WHERE p.outcome = 'exact')::int AS exact_scores,
         count(*) FILTER (WHERE p.outcome IN ('exact', 'correct'))::int AS correct_results,
         count(*) FILTER (WHERE p.is_banker AND p.outcome IN ('exact', 'correct'))::int AS banker_hits
  FROM predictions p
  JOIN gameweeks g ON g.id = p.gameweek_id AND g.season_id = $2
  WHERE p.user_id = ANY($1::int[]) AND ${REVEALED}
  GROUP BY p.user_id`;

/** Matches of season $3's revealed gameweeks that both predicted, with both picks, newest first (the service keeps those that differ). */
const DIFFERING_PICKS_SQL = `
  SELECT f.id AS fixture_id, g.number AS gameweek_number, g.name AS gameweek_name, f.kickoff_at, hc.name AS home_team, ac.name AS away_team,
         f.status, f.home_score, f.away_score,
         a.home_score AS my_home, a.away_score AS my_away, a.is_banker AS my_banker, a.points AS my_points, a.outcome AS my_outcome,
         b.home_score AS their_home, b.away_score AS their_away, b.is_banker AS their_banker, b.points AS their_points, b.outcome AS their_outcome
  FROM predictions a
  JOIN predictions b ON b.fixture_id = a.fixture_id AND b.user_id = $2
  JOIN fixtures f ON f.id = a.fixture_id
  JOIN gameweeks g ON g.id = f.gameweek_id AND g.season_id = $3
  JOIN clubs hc ON hc.id = f.home_club_id
  JOIN clubs ac ON ac.id = f.away_club_id
  WHERE a.user_id = $1 AND ${REVEALED}
  ORDER BY f.kickoff_at DESC, f.id DESC`;

export interface MemberJson {
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  rank: number | null;
  /** Settled bonus points in the league's season (the competition's questions and the league's own), 0 without any. */
  bonus_points: number;
}

export interface LeagueAndPlayers {
  id: number;
  name: string;
  type: string;
  /** The league's season (seasonOfLeagueSql): whose gameweeks head to head compares; null when none. */
  season_id: number | null;
  me: MemberJson | null;
  them: MemberJson | null;
}

export interface RevealedGameweekRow {
  id: number;
  number: number;
  /** gameweeks.name: a tournament's round as its file names it; null for a league's matchday. */
  name: string | null;
  completed: boolean;
  my_points: number;
  their_points: number;
}

export interface PlayerFigures {
  user_id: number;
  exact_scores: number;
  correct_results: number;
  banker_hits: number;
}

export interface PairRow {
  fixture_id: number;
  gameweek_number: number;
  /** gameweeks.name (null for a league's matchday). */
  gameweek_name: string | null;
  kickoff_at: Date;
  home_team: string;
  away_team: string;
  status: FixtureStatus;
  home_score: number | null;
  away_score: number | null;
  my_home: number;
  my_away: number;
  my_banker: boolean;
  my_points: number | null;
  my_outcome: PredictionOutcome | null;
  their_home: number;
  their_away: number;
  their_banker: boolean;
  their_points: number | null;
  their_outcome: PredictionOutcome | null;
}

/** The league with the viewer and the other player as members of it (null each when not), or null. */
export async function selectLeagueAndPlayers(db: Db, leagueId: number, viewerId: number, otherId: number): Promise<LeagueAndPlayers | null> {
  const [row]: LeagueAndPlayers[] = await db.query(LEAGUE_AND_PLAYERS_SQL, [leagueId, viewerId, otherId]);
  return row ?? null;
}

/** The season's revealed gameweeks with both players' points, oldest first. */
export function selectRevealedGameweeks(db: Db, seasonId: number | null, viewerId: number, otherId: number): Promise<RevealedGameweekRow[]> {
  return db.query(REVEALED_GAMEWEEKS_SQL, [viewerId, otherId, seasonId]);
}

/** Both players' figures over the season's revealed gameweeks (a player with no prediction has no row). */
export function selectPlayerFigures(db: Db, seasonId: number | null, userIds: number[]): Promise<PlayerFigures[]> {
  return db.query(PLAYER_FIGURES_SQL, [userIds, seasonId]);
}

/** The season's revealed matches both predicted, with both picks, newest first. */
export function selectPickPairs(db: Db, seasonId: number | null, viewerId: number, otherId: number): Promise<PairRow[]> {
  return db.query(DIFFERING_PICKS_SQL, [viewerId, otherId, seasonId]);
}
