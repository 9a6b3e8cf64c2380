import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DomainEvent } from '../../../contracts/src/events';
import { ActivityWriterService, RankClimb } from '../activity/activity-writer.service';
import { SeasonContextService } from './season-context.service';

/** Namespace of the per-league advisory lock held while a league's standings are rewritten. */
const STANDINGS_LOCK = 4201;

export interface RecomputeResult {
  leagueId: number;
  members: number;
  written: number;
  removed: number;
  climbs: number;
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
      case 'member.left':
        return [(event as DomainEvent<'member.joined' | 'member.left'>).payload.leagueId];
      case 'scores.updated': {
        const { fixtureId, gameweekId } = (event as DomainEvent<'scores.updated'>).payload;
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

  async recomputeLeague(leagueId: number): Promise<RecomputeResult> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1, $2)`, [STANDINGS_LOCK, leagueId]);
      const exists: unknown[] = await tx.query(`SELECT 1 FROM leagues WHERE id = $1`, [leagueId]);
      if (exists.length === 0) return { leagueId, members: 0, written: 0, removed: 0, climbs: 0 };
      const ctx = await this.seasons.load(tx);
      const seasonId = ctx?.seasonId ?? null;
      const recent = ctx?.recent ?? null;
      const [result]: { members: number; leading: number | null; written: number; removed: number; climbs: RankClimb[] | null }[] = await tx.query(
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
         changed AS (
           SELECT r.user_id, r.rank, r.total_points, r.recent_points, r.provisional, s.rank AS old_rank,
                  CASE WHEN s.rank IS NULL THEN NULL WHEN s.rank <> r.rank THEN s.rank ELSE s.previous_rank END AS previous_rank
           FROM ranked r
           LEFT JOIN league_standings s ON s.league_id = $1 AND s.user_id = r.user_id
           WHERE s.user_id IS NULL OR s.rank <> r.rank OR s.total_points <> r.total_points
              OR s.recent_points <> r.recent_points OR s.provisional <> r.provisional
         ),
         written AS (
           INSERT INTO league_standings AS ls (league_id, user_id, rank, previous_rank, total_points, recent_points, provisional, updated_at)
           SELECT $1, user_id, rank, previous_rank, total_points, recent_points, provisional, now() FROM changed ORDER BY user_id
           ON CONFLICT (league_id, user_id) DO UPDATE SET
             rank = EXCLUDED.rank, previous_rank = EXCLUDED.previous_rank, total_points = EXCLUDED.total_points,
             recent_points = EXCLUDED.recent_points, provisional = EXCLUDED.provisional, updated_at = EXCLUDED.updated_at
           RETURNING 1
         ),
         removed AS (
           DELETE FROM league_standings s
           WHERE s.league_id = $1 AND NOT EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = $1 AND m.user_id = s.user_id)
           RETURNING 1
         )
         SELECT (SELECT count(*) FROM ranked)::int AS members,
                (SELECT max(total_points) FROM ranked)::int AS leading,
                (SELECT count(*) FROM written)::int AS written,
                (SELECT count(*) FROM removed)::int AS removed,
                (SELECT json_agg(json_build_object('userId', user_id, 'rank', rank, 'previousRank', old_rank))
                 FROM changed WHERE old_rank IS NOT NULL AND rank < old_rank AND rank <= 10 AND NOT provisional) AS climbs`,
        [leagueId, seasonId, recent?.id ?? null],
      );
      await tx.query(
        `INSERT INTO league_standings_summary (league_id, season_id, recent_gameweek_id, recent_gameweek_number, member_count, leading_score, computed_at)
         VALUES ($1, $2, $3, $4, $5, $6, now())
         ON CONFLICT (league_id) DO UPDATE SET season_id = EXCLUDED.season_id, recent_gameweek_id = EXCLUDED.recent_gameweek_id,
           recent_gameweek_number = EXCLUDED.recent_gameweek_number, member_count = EXCLUDED.member_count,
           leading_score = EXCLUDED.leading_score, computed_at = EXCLUDED.computed_at`,
        [leagueId, seasonId, recent?.id ?? null, recent?.number ?? null, result.members, result.leading ?? 0],
      );
      const climbs = result.climbs ?? [];
      if (climbs.length > 0 && recent) await this.activity.rankClimbs(tx, leagueId, recent, climbs);
      return { leagueId, members: result.members, written: result.written, removed: result.removed, climbs: climbs.length };
    });
  }
}
