import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DomainEvent } from '../../../contracts/src/events';

/** An entry written (or rewritten) by the writer: what the live worker announces to the league. */
export interface NewActivity {
  /** bigint: a string as pg returns it. */
  id: string | number;
  league_id: number;
}

export interface RankClimb {
  userId: number;
  rank: number;
  previousRank: number;
}

const FULL_NAME = `(u.first_name || ' ' || u.last_name)`;

/**
 * Writes league activity entries from domain events (run by the activity worker) and from the
 * standings worker (rank climbs). Every entry has a dedupe key unique per league, so a replayed
 * event finds its entry already there; entries about scores are upserted from the current
 * state, so a corrected result corrects them.
 *
 * Volume: private and public leagues get every entry. The automatic leagues (global, country,
 * club: up to every user) get only what stays readable at that size — joins (not in global),
 * the gameweek's top scorers and climbs into the top 10.
 */
@Injectable()
export class ActivityWriterService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async memberJoined(event: DomainEvent<'member.joined'>): Promise<NewActivity[]> {
    const { leagueId, userId, via } = event.payload;
    const description =
      via === 'create' ? 'Created the league.' : via === 'approval' ? 'Joined after the owner approved their request.' : 'Welcome to the league!';
    const rows: NewActivity[] = await this.db.query(
      `INSERT INTO league_activities (league_id, actor_user_id, kind, category, importance, message, description, icon, metadata, dedupe_key)
       SELECT l.id, u.id, 'member_joined', 'membership', CASE WHEN l.type IN ('private', 'public') THEN 'medium' ELSE 'low' END,
              ${FULL_NAME} || CASE WHEN $3::text = 'create' THEN ' created ' ELSE ' joined ' END || l.name, $4::text, 'user-plus',
              jsonb_build_object('via', CASE WHEN $3::text IN ('create', 'approval') THEN $3::text ELSE 'join' END), 'joined:' || $5::bigint
       FROM leagues l JOIN users u ON u.id = $2
       WHERE l.id = $1 AND l.type <> 'global'
       ON CONFLICT (league_id, dedupe_key) DO NOTHING RETURNING id, league_id`,
      [leagueId, userId, via, description, event.id],
    );
    return rows;
  }

  async memberLeft(event: DomainEvent<'member.left'>): Promise<NewActivity[]> {
    const { leagueId, userId, via } = event.payload;
    const rows: NewActivity[] = await this.db.query(
      `INSERT INTO league_activities (league_id, target_user_id, actor_user_id, kind, category, importance, message, description, icon, metadata, dedupe_key)
       SELECT l.id, u.id, CASE WHEN $3::text = 'removed' THEN l.owner_id ELSE u.id END, 'member_left', 'membership', 'low',
              ${FULL_NAME} || CASE WHEN $3::text = 'removed' THEN ' was removed from ' ELSE ' left ' END || l.name,
              CASE $3::text WHEN 'removed' THEN 'Removed by the league owner.' WHEN 'preferences' THEN 'Changed their preferences.' ELSE 'Left the league.' END,
              'user-minus', jsonb_build_object('via', $3::text), 'left:' || $4::bigint
       FROM leagues l JOIN users u ON u.id = $2
       WHERE l.id = $1 AND l.type <> 'global'
       ON CONFLICT (league_id, dedupe_key) DO NOTHING RETURNING id, league_id`,
      [leagueId, userId, via, event.id],
    );
    return rows;
  }

  async requestApproved(event: DomainEvent<'request.approved'>): Promise<NewActivity[]> {
    const { leagueId, userId, ownerId, requestId } = event.payload;
    const rows: NewActivity[] = await this.db.query(
      `INSERT INTO league_activities (league_id, actor_user_id, target_user_id, kind, category, importance, message, description, icon, metadata, dedupe_key)
       SELECT l.id, o.id, u.id, 'request_approved', 'membership', 'medium',
              (o.first_name || ' ' || o.last_name) || ' approved ' || ${FULL_NAME} || '''s request to join',
              'A new member for ' || l.name || '.', 'check-circle', '{}', 'approved:' || $4::int
       FROM leagues l JOIN users u ON u.id = $2 JOIN users o ON o.id = $3
       WHERE l.id = $1
       ON CONFLICT (league_id, dedupe_key) DO NOTHING RETURNING id, league_id`,
      [leagueId, userId, ownerId, requestId],
    );
    return rows;
  }

  /** Exact scores and banker hits of a finished match; gameweek points once its gameweek is complete. */
  async scoresUpdated(event: DomainEvent<'scores.updated'>): Promise<NewActivity[]> {
    const { fixtureId, gameweekId, final } = event.payload;
    if (!final) return [];
    return this.db.transaction(async (tx) => {
      // Entries that no longer hold (a corrected or voided result) go first.
      await tx.query(
        `DELETE FROM league_activities a USING predictions p, league_members m
         WHERE p.fixture_id = $1::int AND m.user_id = p.user_id AND a.league_id = m.league_id
           AND ((a.dedupe_key = 'exact:' || $1::int || ':' || p.user_id AND p.outcome IS DISTINCT FROM 'exact')
             OR (a.dedupe_key = 'banker:' || $1::int || ':' || p.user_id AND NOT (p.is_banker AND p.outcome IN ('exact', 'correct'))))`,
        [fixtureId],
      );
      const hits: NewActivity[] = await tx.query(
        `WITH fx AS (
           SELECT f.id, f.home_score, f.away_score, g.number, hc.short_name AS home, ac.short_name AS away
           FROM fixtures f JOIN gameweeks g ON g.id = f.gameweek_id
           JOIN clubs hc ON hc.id = f.home_club_id JOIN clubs ac ON ac.id = f.away_club_id
           WHERE f.id = $1 AND f.status = 'finished'
         ),
         hits AS (
           SELECT p.user_id, p.points, 'exact' AS what, p.is_banker FROM predictions p
           WHERE p.fixture_id = $1 AND p.is_final AND p.outcome = 'exact'
           UNION ALL
           SELECT p.user_id, p.points, 'banker', true FROM predictions p
           WHERE p.fixture_id = $1 AND p.is_final AND p.is_banker AND p.outcome IN ('exact', 'correct')
         )
         INSERT INTO league_activities AS a (league_id, actor_user_id, kind, category, importance, message, description, icon, metadata, dedupe_key)
         SELECT m.league_id, h.user_id,
                CASE h.what WHEN 'exact' THEN 'exact_score' ELSE 'banker_hit' END, 'performance',
                CASE WHEN h.is_banker THEN 'high' ELSE 'medium' END,
                CASE h.what WHEN 'exact' THEN ${FULL_NAME} || ' called the exact score: ' || fx.home || ' ' || fx.home_score || '–' || fx.away_score || ' ' || fx.away
                            ELSE ${FULL_NAME} || '''s banker paid off: ' || h.points || ' points on ' || fx.home || ' v ' || fx.away END,
                'Gameweek ' || fx.number || CASE WHEN h.what = 'exact' AND h.is_banker THEN ' · banker, double points' ELSE '' END,
                CASE h.what WHEN 'exact' THEN 'target' ELSE 'zap' END,
                jsonb_build_object('points', h.points, 'fixture_id', fx.id, 'gameweek', fx.number, 'banker', h.is_banker,
                                   'home', fx.home, 'away', fx.away, 'home_score', fx.home_score, 'away_score', fx.away_score),
                h.what || ':' || fx.id || ':' || h.user_id
         FROM hits h CROSS JOIN fx
         JOIN league_members m ON m.user_id = h.user_id
         JOIN leagues l ON l.id = m.league_id AND l.type IN ('private', 'public')
         JOIN users u ON u.id = h.user_id
         ON CONFLICT (league_id, dedupe_key) DO UPDATE SET message = EXCLUDED.message, description = EXCLUDED.description,
           importance = EXCLUDED.importance, metadata = EXCLUDED.metadata
         WHERE (a.message, a.description, a.importance, a.metadata) IS DISTINCT FROM (EXCLUDED.message, EXCLUDED.description, EXCLUDED.importance, EXCLUDED.metadata)
         RETURNING a.id, a.league_id`,
        [fixtureId],
      );
      return [...hits, ...(await this.gameweekScored(tx, gameweekId))];
    });
  }

  /**
   * Once every match of the gameweek is finished or void and every prediction of it is final:
   * each member's points (the league's top scorers only, in automatic leagues, where an entry
   * goes again when a correction makes its player no longer the top scorer).
   */
  private async gameweekScored(tx: EntityManager, gameweekId: number): Promise<NewActivity[]> {
    const rows: NewActivity[] = await tx.query(
      `WITH gw AS (
         SELECT g.id, g.number FROM gameweeks g
         WHERE g.id = $1 AND NOT EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status NOT IN ('finished', 'postponed'))
           -- and every prediction scored for good: the event of the last fixture scored sees the whole gameweek.
           AND NOT EXISTS (SELECT 1 FROM fixtures f JOIN predictions p ON p.fixture_id = f.id WHERE f.gameweek_id = g.id AND NOT p.is_final)
       ),
       scored AS (
         SELECT m.league_id, l.type, t.user_id, t.points, t.exact,
                max(t.points) OVER (PARTITION BY m.league_id) AS league_best
         FROM gw JOIN user_gameweek_totals t ON t.gameweek_id = gw.id AND t.predictions > 0
         JOIN league_members m ON m.user_id = t.user_id
         JOIN leagues l ON l.id = m.league_id
       ),
       -- In automatic leagues only the top scorers have an entry: a correction that took the top
       -- from someone takes their entry away (the snapshot below does not see this statement's inserts).
       dethroned AS (
         DELETE FROM league_activities d USING leagues l, gw
         WHERE d.league_id = l.id AND l.type NOT IN ('private', 'public') AND d.kind = 'gameweek_scored'
           AND d.dedupe_key LIKE 'gw:' || gw.id || ':%'
           AND NOT EXISTS (SELECT 1 FROM scored s WHERE s.league_id = d.league_id AND s.user_id = d.actor_user_id
                                                    AND s.points = s.league_best AND s.points > 0)
         RETURNING 1
       )
       INSERT INTO league_activities AS a (league_id, actor_user_id, kind, category, importance, message, description, icon, metadata, dedupe_key)
       SELECT s.league_id, s.user_id, 'gameweek_scored', 'performance',
              CASE WHEN s.points = s.league_best AND s.points > 0 THEN 'high' WHEN s.points >= 50 THEN 'medium' ELSE 'low' END,
              ${FULL_NAME} || CASE WHEN s.points = s.league_best AND s.points > 0 THEN ' top-scored Gameweek ' ELSE ' scored ' || s.points || ' points in Gameweek ' END
                || gw.number || CASE WHEN s.points = s.league_best AND s.points > 0 THEN ' with ' || s.points || ' points' ELSE '' END,
              s.exact || ' exact score' || CASE WHEN s.exact = 1 THEN '' ELSE 's' END || ' this gameweek.',
              CASE WHEN s.points = s.league_best AND s.points > 0 THEN 'trophy' ELSE 'bar-chart' END,
              jsonb_build_object('points', s.points, 'gameweek', gw.number, 'top', s.points = s.league_best AND s.points > 0, 'exact', s.exact),
              'gw:' || gw.id || ':' || s.user_id
       FROM scored s CROSS JOIN gw JOIN users u ON u.id = s.user_id
       WHERE s.type IN ('private', 'public') OR (s.points = s.league_best AND s.points > 0)
       ON CONFLICT (league_id, dedupe_key) DO UPDATE SET message = EXCLUDED.message, description = EXCLUDED.description,
         importance = EXCLUDED.importance, icon = EXCLUDED.icon, metadata = EXCLUDED.metadata
       WHERE (a.message, a.description, a.importance, a.icon, a.metadata) IS DISTINCT FROM (EXCLUDED.message, EXCLUDED.description, EXCLUDED.importance, EXCLUDED.icon, EXCLUDED.metadata)
       RETURNING a.id, a.league_id`,
      [gameweekId],
    );
    return rows;
  }

  /** Climbs into the top 10 found by a standings recompute (final points only), in its transaction. */
  async rankClimbs(tx: EntityManager, leagueId: number, gameweek: { id: number; number: number }, climbs: RankClimb[]): Promise<NewActivity[]> {
    const rows: NewActivity[] = await tx.query(
      `INSERT INTO league_activities (league_id, actor_user_id, kind, category, importance, message, description, icon, metadata, dedupe_key)
       SELECT $1, u.id, 'rank_climbed', 'ranking', CASE WHEN c.rank <= 3 THEN 'high' ELSE 'medium' END,
              ${FULL_NAME} || ' climbed to #' || c.rank,
              'Up ' || (c."previousRank" - c.rank) || CASE WHEN c."previousRank" - c.rank = 1 THEN ' place' ELSE ' places' END || ' after Gameweek ' || $3::int || '.',
              'trending-up',
              jsonb_build_object('rank', c.rank, 'improvement', c."previousRank" - c.rank, 'gameweek', $3::int),
              'rank:' || $2::int || ':' || u.id || ':' || c.rank
       FROM jsonb_to_recordset($4::jsonb) AS c("userId" int, rank int, "previousRank" int)
       JOIN users u ON u.id = c."userId"
       ON CONFLICT (league_id, dedupe_key) DO NOTHING RETURNING id, league_id`,
      [leagueId, gameweek.id, gameweek.number, JSON.stringify(climbs)],
    );
    return rows;
  }
}
