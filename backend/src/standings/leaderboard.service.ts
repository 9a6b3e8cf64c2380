import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LEADERBOARD_DEFAULT_PAGE_SIZE, LeaderboardQuery, LeaderboardResponse, LeaderboardRow } from '../../../contracts/src/api/leagues';
import { rankBadge } from '../leagues/rank-badge';
import { TOP_ROWS } from './standings.service';

interface StandingRow {
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  team: string | null;
  rank: number;
  previous_rank: number | null;
  total_points: number;
  recent_points: number;
  provisional: boolean;
}

/** Reads the stored standings: a page in rank order plus the caller's own row. */
@Injectable()
export class LeaderboardService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async leaderboard(leagueId: number, viewerId: number, query: LeaderboardQuery): Promise<LeaderboardResponse> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? LEADERBOARD_DEFAULT_PAGE_SIZE;
    const offset = (page - 1) * pageSize;
    // The first pages come from the leading rows the recompute keeps in the summary (no sort);
    // deeper pages sort the league's stored rows. One round trip either way, the caller's own
    // row and the names included.
    const pageSource =
      offset + pageSize <= TOP_ROWS
        ? `SELECT t.user_id, t.rank, t.previous_rank, t.total_points, t.recent_points, t.provisional
           FROM league_standings_summary sm
           CROSS JOIN LATERAL jsonb_to_recordset(sm.top) AS t(user_id int, rank int, previous_rank int, total_points int, recent_points int, provisional boolean)
           WHERE sm.league_id = $1`
        : `SELECT s.user_id, s.rank, s.previous_rank, s.total_points, s.recent_points, s.provisional FROM league_standings s WHERE s.league_id = $1`;
    const rows: (StandingRow & { is_page: boolean; total: number | null; recent_gameweek_number: number | null; computed_at: Date | null })[] =
      await this.db.query(
        `WITH page AS (
           SELECT p.*, true AS is_page FROM (${pageSource}) p ORDER BY p.rank, p.user_id LIMIT $3 OFFSET $4
         ),
         me AS (
           SELECT s.user_id, s.rank, s.previous_rank, s.total_points, s.recent_points, s.provisional, false AS is_page
           FROM league_standings s WHERE s.league_id = $1 AND s.user_id = $2 AND NOT EXISTS (SELECT 1 FROM page WHERE page.user_id = $2)
         ),
         summary AS (SELECT member_count, recent_gameweek_number, computed_at FROM league_standings_summary WHERE league_id = $1)
         SELECT r.*, u.username, u.first_name, u.last_name, c.name AS team,
                sm.member_count AS total, sm.recent_gameweek_number, sm.computed_at
         FROM (SELECT * FROM page UNION ALL SELECT * FROM me) r
         JOIN users u ON u.id = r.user_id
         LEFT JOIN clubs c ON c.id = u.club_id
         LEFT JOIN summary sm ON true
         ORDER BY r.is_page DESC, r.rank, r.user_id`,
        [leagueId, viewerId, pageSize, offset],
      );
    let summary = rows[0];
    if (!summary) {
      const found: { total: number; recent_gameweek_number: number | null; computed_at: Date | null }[] = await this.db.query(
        `SELECT member_count AS total, recent_gameweek_number, computed_at FROM league_standings_summary WHERE league_id = $1`,
        [leagueId],
      );
      summary = { ...(found[0] ?? { total: 0, recent_gameweek_number: null, computed_at: null }) } as typeof rows[number];
    }
    const leaderboard = rows.map((r) => toRow(r, viewerId));
    const total = summary.total ?? 0;
    const totalPages = Math.max(1, Math.ceil(total / pageSize));
    return {
      leaderboard,
      current_user: leaderboard.find((r) => r.is_current_user) ?? null,
      recent_gameweek: summary.recent_gameweek_number ?? null,
      updated_at: summary.computed_at ? new Date(summary.computed_at).toISOString() : null,
      page,
      page_size: pageSize,
      total_count: total,
      total_pages: totalPages,
      has_next: page < totalPages,
      has_previous: page > 1,
    };
  }
}

function toRow(r: StandingRow, viewerId: number): LeaderboardRow {
  const fullName = `${r.first_name} ${r.last_name}`;
  return {
    user_id: r.user_id,
    username: r.username,
    rank: r.rank,
    previous_rank: r.previous_rank,
    full_name: fullName,
    name: fullName,
    team_name: r.team,
    team: r.team,
    recent_points: r.recent_points,
    total_points: r.total_points,
    badge: rankBadge(r.rank),
    is_current_user: r.user_id === viewerId,
    provisional: r.provisional,
  };
}
