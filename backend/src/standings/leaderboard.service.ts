import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LEADERBOARD_DEFAULT_PAGE_SIZE, LeaderboardQuery, LeaderboardResponse, LeaderboardRow } from '@scoreline/contracts/api/leagues';
import { ApiError } from '../common/api-error';
import { rankBadge } from '../leagues/rank-badge';
import { TOP_ROWS } from './standings.queries';
import { selectLeaderboardHead, selectLeadingScore, selectStandingsPage, type StandingRow } from './leaderboard.queries';
import { pageOffset, paging } from '../common/pagination';

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
    const head = await selectLeaderboardHead(this.db, leagueId, viewerId);
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

  /** The most points anyone has in the league's stored table (null before its first recompute). */
  leadingScore(leagueId: number): Promise<number | null> {
    return selectLeadingScore(this.db, leagueId);
  }

  /** One page of the table as stored at `version`. */
  private async page(leagueId: number, page: number, pageSize: number, version: number): Promise<StandingRow[]> {
    const key = `${leagueId}:${page}:${pageSize}`;
    const cached = this.pages.get(key);
    if (cached && cached.key === `${key}:${version}`) return cached.rows;
    // The first pages come from the leading rows the recompute keeps in the summary (no sort);
    // deeper pages sort the league's stored rows.
    const rows = await selectStandingsPage(this.db, leagueId, pageSize, pageOffset(page, pageSize), TOP_ROWS);
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
