import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LEADERBOARD_DEFAULT_PAGE_SIZE, LeagueKind, LeagueRole, LeaderboardQuery, LeaderboardResponse, LeaderboardRow } from '../../../contracts/src/api/leagues';
import { ApiError } from '../common/api-error';
import { rankBadge } from '../leagues/rank-badge';
import { TOP_ROWS } from './standings.service';
import { pageOffset, paging } from '../common/pagination';

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

interface CachedPage {
  key: string;
  rows: StandingRow[];
}

const PAGE_CACHE_SIZE = 500;

/**
 * Reads the stored standings: a page in rank order plus the caller's own row. Each request makes
 * one small query (visibility, the caller's row and the summary's version); the page itself is
 * kept in memory per league, page and version (`computed_at`), so it is never stale and a busy
 * leaderboard costs about what a health check does.
 */
@Injectable()
export class LeaderboardService {
  private readonly pages = new Map<string, CachedPage>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async leaderboard(leagueId: number, viewerId: number, query: LeaderboardQuery): Promise<LeaderboardResponse> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? LEADERBOARD_DEFAULT_PAGE_SIZE;
    const [head]: (Partial<StandingRow> & {
      type: LeagueKind;
      role: LeagueRole | null;
      total: number | null;
      recent_gameweek_number: number | null;
      computed_at: Date | null;
    })[] = await this.db.query(
      `SELECT l.type, m.role, sm.member_count AS total, sm.recent_gameweek_number, sm.computed_at,
              s.user_id, s.rank, s.previous_rank, s.total_points, s.recent_points, s.provisional,
              u.username, u.first_name, u.last_name, c.name AS team
       FROM leagues l
       LEFT JOIN league_members m ON m.league_id = l.id AND m.user_id = $2
       LEFT JOIN league_standings_summary sm ON sm.league_id = l.id
       LEFT JOIN league_standings s ON s.league_id = l.id AND s.user_id = $2
       LEFT JOIN users u ON u.id = s.user_id
       LEFT JOIN clubs c ON c.id = u.club_id
       WHERE l.id = $1`,
      [leagueId, viewerId],
    );
    // A private league is for its members only: to anyone else it does not exist.
    if (!head || (head.type === 'private' && head.role === null)) throw ApiError.notFound('League not found.');

    const version = head.computed_at ? new Date(head.computed_at).getTime() : 0;
    const rows = await this.page(leagueId, page, pageSize, version);
    const leaderboard = rows.map((r) => toRow(r, viewerId));
    if (head.user_id !== null && head.user_id !== undefined && !rows.some((r) => r.user_id === viewerId)) {
      leaderboard.push(toRow(head as StandingRow, viewerId));
    }
    const total = head.total ?? 0;
    return {
      leaderboard,
      current_user: leaderboard.find((r) => r.is_current_user) ?? null,
      recent_gameweek: head.recent_gameweek_number ?? null,
      updated_at: head.computed_at ? new Date(head.computed_at).toISOString() : null,
      ...paging(page, pageSize, total),
    };
  }

  /** One page of the table as stored at `version`. */
  private async page(leagueId: number, page: number, pageSize: number, version: number): Promise<StandingRow[]> {
    const key = `${leagueId}:${page}:${pageSize}`;
    const cached = this.pages.get(key);
    if (cached && cached.key === `${key}:${version}`) return cached.rows;
    const offset = pageOffset(page, pageSize);
    // The first pages come from the leading rows the recompute keeps in the summary (no sort);
    // deeper pages sort the league's stored rows.
    const source =
      offset + pageSize <= TOP_ROWS
        ? `SELECT t.user_id, t.rank, t.previous_rank, t.total_points, t.recent_points, t.provisional
           FROM league_standings_summary sm
           CROSS JOIN LATERAL jsonb_to_recordset(sm.top) AS t(user_id int, rank int, previous_rank int, total_points int, recent_points int, provisional boolean)
           WHERE sm.league_id = $1`
        : `SELECT s.user_id, s.rank, s.previous_rank, s.total_points, s.recent_points, s.provisional FROM league_standings s WHERE s.league_id = $1`;
    const rows: StandingRow[] = await this.db.query(
      `SELECT p.*, u.username, u.first_name, u.last_name, c.name AS team
       FROM (SELECT * FROM (${source}) src ORDER BY src.rank, src.user_id LIMIT $2 OFFSET $3) p
       JOIN users u ON u.id = p.user_id
       LEFT JOIN clubs c ON c.id = u.club_id
       ORDER BY p.rank, p.user_id`,
      [leagueId, pageSize, offset],
    );
    if (this.pages.size >= PAGE_CACHE_SIZE) this.pages.delete(this.pages.keys().next().value as string);
    this.pages.delete(key);
    this.pages.set(key, { key: `${key}:${version}`, rows });
    return rows;
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
