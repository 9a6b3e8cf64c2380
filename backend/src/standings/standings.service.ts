import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DomainEvent } from '../../../contracts/src/events';
import { ActivityWriterService, NewActivity, RankClimb } from '../activity/activity-writer.service';
import { SeasonContextService } from './season-context.service';

/** How many leading rows the summary keeps, so the leaderboard's first pages need no sort. */
export const TOP_ROWS = 100;

/** One stored row of the table, as the summary keeps the leading ones. */
export interface TopRow {
  user_id: number;
  rank: number;
  previous_rank: number | null;
  total_points: number;
  recent_points: number;
  provisional: boolean;
}

/** Namespace of the per-league advisory lock held while a league's standings are rewritten. */
const STANDINGS_LOCK = 4201;

/** Rows whose rank or points changed, for the live leaderboard (at most this many are sent). */
export const CHANGED_ROWS_LIMIT = 100;

export interface RecomputeResult {
  leagueId: number;
  members: number;
  written: number;
  removed: number;
  climbs: number;
  changed: { userId: number; rank: number; previousRank: number | null; totalPoints: number; recentPoints: number }[];
  /** More rows changed than `changed` holds. */
  truncated: boolean;
  activities: NewActivity[];
}

/**
 * Standings per league, computed set-based in SQL from the game engine's totals: rank() over
 * the season points of the league's members (ties share a rank: 1, 1, 3), recent points of the
 * latest scored gameweek. One INSERT … ON CONFLICT per league that writes only rows whose
 * figures changed, in primary-key order. Idempotent: a second run with no new scores writes
 * nothing. Reads use the stored table directly.
 */
@Injectable()
export class StandingsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly seasons: SeasonContextService,
    private readonly activity: ActivityWriterService,
  ) {}

  /** The leagues an event may have changed the table of. */
  async leaguesAffectedBy(event: DomainEvent): Promise<number[]> {
    switch (event.name) {
      case 'member.joined':
        return [event.payload.leagueId];
      case 'member.left': {
        const { leagueId, userId } = event.payload;
        // The former member's row goes at once (unless they are back already); the others' ranks follow in the recompute.
        await this.db.query(
          `DELETE FROM league_standings s WHERE s.league_id = $1 AND s.user_id = $2
             AND NOT EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = $1 AND m.user_id = $2)`,
          [leagueId, userId],
        );
        return [leagueId];
      }
      case 'scores.updated': {
        const { fixtureId, gameweekId } = event.payload;
        // Every league with a member who predicted the match, plus every league whose "recent
        // gameweek" this result moves on (its members' recent points all change).
        const rows: { league_id: number }[] = await this.db.query(
          `SELECT DISTINCT m.league_id FROM predictions p JOIN league_members m ON m.user_id = p.user_id WHERE p.fixture_id = $1
           UNION
           SELECT s.league_id FROM league_standings_summary s
           WHERE s.recent_gameweek_id IS DISTINCT FROM $2
             AND $2 = (SELECT g.id FROM gameweeks g JOIN seasons se ON se.id = g.season_id AND se.is_active
                       WHERE EXISTS (SELECT 1 FROM fixtures f WHERE f.gameweek_id = g.id AND f.status IN ('live', 'finished'))
                       ORDER BY g.number DESC LIMIT 1)`,
          [fixtureId, gameweekId],
        );
        return rows.map((r) => r.league_id);
      }
      default:
        return [];
    }
  }

  /**
   * `checkEveryRow` (the reconciler): look for missing and strangers' rows even when the row
   * count matches the member count (one of each), at the cost of an anti-join; events only
   * ever add or remove members, so the counts tell the normal path.
   */
  async recomputeLeague(leagueId: number, options: { checkEveryRow?: boolean } = {}): Promise<RecomputeResult> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1, $2)`, [STANDINGS_LOCK, leagueId]);
      const exists: unknown[] = await tx.query(`SELECT 1 FROM leagues WHERE id = $1`, [leagueId]);
      if (exists.length === 0) return { leagueId, members: 0, written: 0, removed: 0, climbs: 0, changed: [], truncated: false, activities: [] };
      const ctx = await this.seasons.load(tx);
      const seasonId = ctx?.seasonId ?? null;
      const recent = ctx?.recent ?? null;
      // Sorting 100k rows wants more than the default 4 MB; JIT compilation costs more than it saves here.
      await tx.query(`SET LOCAL work_mem = '64MB'`);
      await tx.query(`SET LOCAL jit = off`);
      // Only when someone joined since the last run does the INSERT need its anti-join.
      const [counts]: { members: number; stored: number }[] = await tx.query(
        `SELECT (SELECT count(*) FROM league_members WHERE league_id = $1)::int AS members,
                (SELECT count(*) FROM league_standings WHERE league_id = $1)::int AS stored`,
        [leagueId],
      );
      const [result]: {
        members: number;
        leading: number | null;
        updated: number;
        inserted: number;
        top: TopRow[] | null;
        climbs: RankClimb[] | null;
        changed: RecomputeResult['changed'] | null;
      }[] = await tx.query(
        `WITH ranked AS (
           SELECT m.user_id,
                  coalesce(t.points, 0) AS total_points,
                  coalesce(g.points, 0) AS recent_points,
                  (coalesce(t.provisional, false) OR coalesce(g.provisional, false)) AS provisional,
                  rank() OVER (ORDER BY coalesce(t.points, 0) DESC)::int AS rank
           FROM league_members m
           LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2
           LEFT JOIN user_gameweek_totals g ON g.user_id = m.user_id AND g.gameweek_id = $3
           WHERE m.league_id = $1
         ),
         updated AS (
           -- Existing rows whose figures changed, in one set-based UPDATE (HOT: no index covers these columns).
           UPDATE league_standings s SET rank = r.rank,
                  previous_rank = CASE WHEN s.rank <> r.rank THEN s.rank ELSE s.previous_rank END,
                  total_points = r.total_points, recent_points = r.recent_points, provisional = r.provisional, updated_at = now()
           FROM ranked r
           WHERE s.league_id = $1 AND s.user_id = r.user_id
             AND (s.rank <> r.rank OR s.total_points <> r.total_points OR s.recent_points <> r.recent_points OR s.provisional <> r.provisional)
           RETURNING s.user_id, s.rank, s.provisional, s.total_points, s.recent_points
         ),
         inserted AS (
           INSERT INTO league_standings (league_id, user_id, rank, previous_rank, total_points, recent_points, provisional, updated_at)
           SELECT $1, r.user_id, r.rank, NULL, r.total_points, r.recent_points, r.provisional, now() FROM ranked r
           WHERE $4::boolean AND NOT EXISTS (SELECT 1 FROM league_standings s WHERE s.league_id = $1 AND s.user_id = r.user_id)
           ORDER BY r.user_id
           RETURNING 1
         )
         -- The main query still sees the table as it was before this statement: old ranks.
         SELECT (SELECT count(*) FROM ranked)::int AS members,
                (SELECT max(total_points) FROM ranked)::int AS leading,
                (SELECT count(*) FROM updated)::int AS updated,
                (SELECT count(*) FROM inserted)::int AS inserted,
                (SELECT json_agg(json_build_object('user_id', top.user_id, 'rank', top.rank,
                                                   'previous_rank', CASE WHEN o.rank IS NULL THEN NULL WHEN o.rank <> top.rank THEN o.rank ELSE o.previous_rank END,
                                                   'total_points', top.total_points, 'recent_points', top.recent_points, 'provisional', top.provisional)
                                 ORDER BY top.rank, top.user_id)
                 FROM (SELECT * FROM ranked ORDER BY rank, user_id LIMIT ${TOP_ROWS}) top
                 LEFT JOIN league_standings o ON o.league_id = $1 AND o.user_id = top.user_id) AS top,
                (SELECT json_agg(json_build_object('userId', u.user_id, 'rank', u.rank, 'previousRank', o.rank))
                 FROM updated u JOIN league_standings o ON o.league_id = $1 AND o.user_id = u.user_id
                 WHERE u.rank <= 10 AND NOT u.provisional AND o.rank > u.rank) AS climbs,
                (SELECT json_agg(json_build_object('userId', c.user_id, 'rank', c.rank, 'previousRank', o.rank,
                                                   'totalPoints', c.total_points, 'recentPoints', c.recent_points) ORDER BY c.rank)
                 FROM (SELECT * FROM updated ORDER BY rank LIMIT ${CHANGED_ROWS_LIMIT + 1}) c
                 JOIN league_standings o ON o.league_id = $1 AND o.user_id = c.user_id) AS changed`,
        [leagueId, seasonId, recent?.id ?? null, options.checkEveryRow === true || counts.stored !== counts.members],
      );
      // Rows of former members (member.left deletes its row at once; this catches anything else).
      let removed = 0;
      if (options.checkEveryRow === true || counts.stored + result.inserted > result.members) {
        const [, affected]: [unknown[], number] = await tx.query(
          `DELETE FROM league_standings s
           WHERE s.league_id = $1 AND NOT EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = $1 AND m.user_id = s.user_id)`,
          [leagueId],
        );
        removed = affected;
      }
      await tx.query(
        `INSERT INTO league_standings_summary (league_id, season_id, recent_gameweek_id, recent_gameweek_number, member_count, leading_score, top, computed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now())
         ON CONFLICT (league_id) DO UPDATE SET season_id = EXCLUDED.season_id, recent_gameweek_id = EXCLUDED.recent_gameweek_id,
           recent_gameweek_number = EXCLUDED.recent_gameweek_number, member_count = EXCLUDED.member_count,
           leading_score = EXCLUDED.leading_score, top = EXCLUDED.top, computed_at = EXCLUDED.computed_at`,
        [leagueId, seasonId, recent?.id ?? null, recent?.number ?? null, result.members, result.leading ?? 0, JSON.stringify(result.top ?? [])],
      );
      const climbs = result.climbs ?? [];
      const activities = climbs.length > 0 && recent ? await this.activity.rankClimbs(tx, leagueId, recent, climbs) : [];
      const changed = result.changed ?? [];
      return {
        leagueId,
        members: result.members,
        written: result.updated + result.inserted,
        removed,
        climbs: climbs.length,
        changed: changed.slice(0, CHANGED_ROWS_LIMIT),
        // New or removed members change the table's shape: the client refetches.
        truncated: changed.length > CHANGED_ROWS_LIMIT || result.inserted > 0 || removed > 0,
        activities,
      };
    });
  }
}
