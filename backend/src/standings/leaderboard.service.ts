import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LEADERBOARD_DEFAULT_PAGE_SIZE, LeaderboardQuery, LeaderboardResponse, LeaderboardRow } from '@scoreline/contracts/api/leagues';
import { ApiError } from '../common/api-error';
import { rankBadge } from '../leagues/rank-badge';
import { TOP_ROWS } from './standings.queries';
import { selectDeepPage, selectLeaderboardHead, selectLeadingPage, selectLeadingScore, type StandingRow, type UnrankedStandingRow } from './leaderboard.queries';
import { pageOffset, paging } from '../common/pagination';
import { KeyRanksService } from './key-ranks.service';
import type { KeyRanks } from './key-ranks';
import { VersionedCache } from '../common/versioned-cache';

const PAGE_CACHE_SIZE = 500;

/**
 * Reads the stored standings: a page in rank order plus the caller's own row. Each request makes
 * one small query (visibility, the caller's row and the summary's version); the page itself is
 * kept in memory per league, page and version (`computed_at`), so it is never stale and a busy
 * leaderboard costs about what a health check does. Ranks below the summary's leading rows (the
 * caller's own, a deep page's) come from the league's KeyRanks at that version: a lookup, not a
 * walk of the histogram per request.
 */
@Injectable()
export class LeaderboardService {
  private readonly pages = new VersionedCache<string, StandingRow[]>(PAGE_CACHE_SIZE);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly keyRanks: KeyRanksService,
  ) {}

  async leaderboard(leagueId: number, viewerId: number, query: LeaderboardQuery): Promise<LeaderboardResponse> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? LEADERBOARD_DEFAULT_PAGE_SIZE;
    const head = await selectLeaderboardHead(this.db, leagueId, viewerId);
    // A private league is for its members only: to anyone else it does not exist.
    if (!head || (head.type === 'private' && head.role === null)) throw ApiError.notFound('League not found.');

    const ranks = () => this.keyRanks.ranksAt(leagueId, head.version);
    const rows = await this.page(leagueId, page, pageSize, head.version, ranks);
    const leaderboard = rows.map((r) => toRow(r, viewerId));
    if (head.user_id !== null && head.user_id !== undefined && !rows.some((r) => r.user_id === viewerId)) {
      leaderboard.push(toRow(ranked(head as UnrankedStandingRow, await ranks()), viewerId));
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
  private page(leagueId: number, page: number, pageSize: number, version: string | null, ranks: () => Promise<KeyRanks>): Promise<StandingRow[]> {
    // The first pages come from the leading rows the recompute keeps in the summary (no sort);
    // deeper pages sort the league's stored rows.
    return this.pages.get(`${leagueId}:${page}:${pageSize}`, version, async () => {
      const offset = pageOffset(page, pageSize);
      if (offset + pageSize <= TOP_ROWS) return selectLeadingPage(this.db, leagueId, pageSize, offset);
      const [deep, keyRanks] = await Promise.all([selectDeepPage(this.db, leagueId, pageSize, offset), ranks()]);
      return deep.map((r) => ranked(r, keyRanks));
    });
  }
}

/** A stored row with its rank by the table rule, from its key. */
function ranked({ exact, correct, ...row }: UnrankedStandingRow, ranks: KeyRanks): StandingRow {
  return { ...row, rank: ranks.rankOf({ points: row.total_points, exact, correct }) };
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
