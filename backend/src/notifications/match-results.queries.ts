import type { DataSource } from 'typeorm';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@scoreline/contracts/api/preferences';
import type { Candidate } from './deliver';
import { KIND } from './notification-jobs';
import { claimCandidates, EMAIL_AUDIENCE, notDelivered, READER_COLUMNS, resultsRecipients, VERIFIED } from './recipient-rules.shared-sql';

export interface ResultsRow extends Candidate {
  email: string;
  first_name: string;
  gameweek_number: number;
  /** The round's stored name (a tournament's), null for a league's matchday. */
  gameweek_name: string | null;
  points: number;
  predictions: number;
  correct: number;
  exact: number;
}

/**
 * Whether a gameweek of the active season is over for good: it has fixtures, every one is
 * finished or postponed, and every prediction in it is scored final (its points will not move:
 * the scoring of the last match may still be running when its result is recorded). The
 * prediction scan only runs once every match is over.
 */
export const GAMEWEEK_FINAL_SQL = `
SELECT g.season_id,
       CASE WHEN EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id)
             AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status NOT IN ('finished', 'postponed'))
            THEN NOT EXISTS (SELECT 1 FROM fixtures f JOIN predictions p ON p.fixture_id = f.id
                             WHERE f.gameweek_id = g.id AND NOT p.is_final)
            ELSE false END AS final
FROM gameweeks g JOIN seasons s ON s.id = g.season_id AND s.is_active
WHERE g.id = $1`;

/** The gameweek's season when the gameweek is over for good, else null. */
export async function seasonOfFinalGameweek(db: DataSource, gameweekId: number): Promise<number | null> {
  const rows: { season_id: number; final: boolean }[] = await db.query(GAMEWEEK_FINAL_SQL, [gameweekId]);
  return rows[0]?.final === true ? rows[0].season_id : null;
}

/**
 * The results emails: each recipient of resultsRecipients whose address is verified, with their
 * gameweek points, correct (exact included) and exact counts (the global rank comes from
 * globalRanks). Subject: the gameweek id.
 *
 * $1 gameweek id, $2 after user id, $3 limit, $4 switch default, $5 kind.
 */
export const MATCH_RESULTS_SQL = `
WITH candidates AS (
  SELECT u.id AS user_id, g.id::text AS subject_key, u.email, u.first_name, ${READER_COLUMNS}, g.number AS gameweek_number, g.name AS gameweek_name,
         t.points, t.predictions, t.correct, t.exact
  ${resultsRecipients(EMAIL_AUDIENCE, '$1', '$4')}
    AND u.id > $2 AND ${VERIFIED}
    AND ${notDelivered('$5', 'g.id::text')}
  ORDER BY u.id
  LIMIT $3
)${claimCandidates('$5')}`;

export function claimMatchResults(db: DataSource, gameweekId: number, afterUserId: number, limit: number): Promise<ResultsRow[]> {
  return db.query(MATCH_RESULTS_SQL, [gameweekId, afterUserId, limit, DEFAULT_NOTIFICATION_SETTINGS.matchResults, KIND.results]);
}
