import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LEADERBOARD_DEFAULT_PAGE_SIZE, LeaderboardQuery, LeaderboardResponse, LeaderboardRow } from '@scoreline/contracts/api/leagues';
import { tableVersionsOf, type SummaryStamps } from './kept-tables';
import { ApiError } from '../platform/common/api-error';
import { rankBadge } from '@scoreline/contracts/game/rank-badge';
import { TOP_ROWS } from './standings.shared-sql';
import {
  selectDeepPage,
  selectLeaderboardHead,
  selectLeadingPage,
  selectLeadingScore,
  selectLiveRowDetails,
  selectLiveStandingsHeads,
  type LeaderboardHead,
  type LiveRowDetails,
  type LiveStandingsHead,
  type StandingRow,
  type UnrankedStandingRow,
} from './leaderboard.queries';
import { pageOffset, paging } from '../platform/common/pagination';
import { KeyRanksService } from './key-ranks.service';
import type { KeyRanks } from './key-ranks';
import { LRUCache } from 'lru-cache';
import { versionedGet, type Versioned } from '../platform/common/lru';
import { LiveTablesService } from './live-tables.service';
import { LiveStandings } from './live-standings';
import { liveFixturesOf } from './live-tables.queries';
import { BIG_TABLE, latest } from './league-tables.service';
import type { RankedMember, TableView } from './ranked-table';

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
  private readonly pages = new LRUCache<string, Versioned<StandingRow[]>>({ max: PAGE_CACHE_SIZE });
  /** Live pages' rows, per live season table (gone with it) and the recent gameweek's table they were made with. */
  private readonly livePages = new WeakMap<TableView, Map<string, { recent: TableView | null; rows: Promise<StandingRow[]> }>>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly keyRanks: KeyRanksService,
    private readonly live: LiveTablesService,
  ) {}

  async leaderboard(leagueId: number, viewerId: number, query: LeaderboardQuery): Promise<LeaderboardResponse> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? LEADERBOARD_DEFAULT_PAGE_SIZE;
    const head = await selectLeaderboardHead(this.db, leagueId, viewerId);
    // A private league is for its members only: to anyone else it does not exist.
    if (!head || (head.type === 'private' && head.role === null)) throw ApiError.notFound('League not found.');
    const live = await this.liveStandings(leagueId, head);
    if (live) return this.liveLeaderboard(leagueId, viewerId, head, live, page, pageSize);

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

  /**
   * Live standings: a league's standings as the open matches' current scores make them
   * (live-tables.service.ts, the same tables as GET …/table), or none while no match of the season
   * is open or no base can be read yet (the stored standings answer then). For the leaderboard and
   * for other domains' readers of a member's rank (the hub, the members list, the member modal):
   * one answer for all of them.
   *
   * The live standings of each of some leagues (the hub's ranks): only those with a match open are in the map.
   */
  async liveStandingsOfEach(leagueIds: number[]): Promise<Map<number, LiveStandings>> {
    const heads = leagueIds.length === 0 ? [] : await selectLiveStandingsHeads(this.db, leagueIds);
    const live = await Promise.all(heads.map(async (head) => [head.league_id, await this.liveStandings(head.league_id, head)] as const));
    return new Map(live.flatMap(([leagueId, standings]) => (standings ? [[leagueId, standings] as const] : [])));
  }

  /**
   * A league's live standings, for a caller that read its summary, season and the fixtures' rows'
   * version with its own first query.
   */
  liveStandingsAt(
    leagueId: number,
    head: SummaryStamps & { member_count: number | null; fixture_states_version: string; season_id: number | null },
  ): Promise<LiveStandings | null> {
    return this.liveStandings(leagueId, {
      total: head.member_count,
      computed_at: head.computed_at,
      recomputed_at: head.recomputed_at,
      fixture_states_version: head.fixture_states_version,
      season_id: head.season_id,
    });
  }

  private async liveStandings(
    leagueId: number,
    head: Omit<LiveStandingsHead, 'league_id'>,
  ): Promise<LiveStandings | null> {
    const context = await this.live.contextFor(leagueId, head.season_id, head.fixture_states_version);
    const ctx = context.season;
    if (!context.open || !ctx) return null;
    const fixtures = context.fixtures;
    const { version, recomputed } = tableVersionsOf(head);
    const big = (head.total ?? 0) >= BIG_TABLE.members;
    const gameweekIds = ctx.gameweeks.map((g) => g.id);
    const [season, recent] = await Promise.all([
      this.live.table(
        { version, recomputed, leagueId, source: { kind: 'season', seasonId: ctx.seasonId }, seasonId: ctx.seasonId, gameweekIds, big },
        { fixtures: liveFixturesOf(fixtures, gameweekIds) },
      ),
      // The recent gameweek's points beside the season's, from the same moment (its matches may all be over).
      ctx.recent
        ? this.live.table(
            {
              version,
              recomputed,
              leagueId,
              source: { kind: 'gameweeks', gameweekIds: [ctx.recent.id] },
              seasonId: ctx.seasonId,
              gameweekIds: [ctx.recent.id],
              big,
            },
            { evenIfClosed: true, fixtures: liveFixturesOf(fixtures, [ctx.recent.id]) },
          )
        : Promise.resolve(null),
    ]);
    if (!season || (ctx.recent && !recent)) return null;
    return new LiveStandings(
      season.table,
      recent?.table ?? null,
      ctx.recent?.number ?? null,
      latest(season.scoresAt, recent?.scoresAt ?? null),
      `${leagueId}:${season.signature}/${recent?.signature ?? ''}`,
    );
  }

  /** The leaderboard from the live standings, with the stored parts (previous rank, names) read for the page's members. */
  private async liveLeaderboard(
    leagueId: number,
    viewerId: number,
    head: LeaderboardHead,
    live: LiveStandings,
    page: number,
    pageSize: number,
  ): Promise<LeaderboardResponse> {
    const season = live.season;
    const liveRow = (m: RankedMember, details: Omit<LiveRowDetails, 'user_id'> | undefined): StandingRow => ({
      user_id: m.user_id,
      rank: m.rank,
      previous_rank: details?.previous_rank ?? null,
      total_points: m.points,
      recent_points: live.recentPointsOf(m.user_id),
      provisional: m.provisional,
      // The live season table's points hold them (its base's); the stored row says how many.
      bonus_points: details?.bonus_points ?? 0,
      username: details?.username ?? '',
      first_name: details?.first_name ?? '',
      last_name: details?.last_name ?? '',
      team: details?.team ?? null,
    });
    const offset = pageOffset(page, pageSize);
    // A page's rows are made once per pair of live tables (its stored parts read once), as stored pages are per version.
    const rows = await this.livePage(season, live.recent, `${page}:${pageSize}`, async () => {
      const members = season.slice(offset, offset + pageSize);
      const details = new Map((await selectLiveRowDetails(this.db, leagueId, members.map((m) => m.user_id))).map((d) => [d.user_id, d]));
      return members.map((m) => liveRow(m, details.get(m.user_id)));
    });
    const leaderboard = rows.map((r) => toRow(r, viewerId));
    const mine = season.memberOf(viewerId);
    if (mine !== undefined && (mine.position < offset || mine.position >= offset + pageSize)) {
      // The viewer's own row: its stored parts came with the head (read them for a member without a stored row yet).
      const own = head.user_id === viewerId ? (head as LiveRowDetails) : (await selectLiveRowDetails(this.db, leagueId, [viewerId]))[0];
      leaderboard.push(toRow(liveRow(mine.member, own), viewerId));
    }
    return {
      leaderboard,
      current_user: leaderboard.find((r) => r.is_current_user) ?? null,
      recent_gameweek: live.recentGameweek,
      updated_at: latest(head.computed_at, live.scoresAt)?.toISOString() ?? null,
      ...paging(page, pageSize, season.size),
    };
  }

  private livePage(season: TableView, recent: TableView | null, pageKey: string, make: () => Promise<StandingRow[]>): Promise<StandingRow[]> {
    let pages = this.livePages.get(season);
    if (!pages) {
      pages = new Map();
      this.livePages.set(season, pages);
    }
    const kept = pages.get(pageKey);
    if (kept && kept.recent === recent) return kept.rows;
    const rows = make();
    const entry = { recent, rows };
    rows.catch(() => {
      if (pages.get(pageKey) === entry) pages.delete(pageKey);
    });
    pages.set(pageKey, entry);
    return rows;
  }

  /** The most points anyone has in the league's stored table (null before its first recompute). */
  leadingScore(leagueId: number): Promise<number | null> {
    return selectLeadingScore(this.db, leagueId);
  }

  /** One page of the table as stored at `version`. */
  private page(leagueId: number, page: number, pageSize: number, version: string | null, ranks: () => Promise<KeyRanks>): Promise<StandingRow[]> {
    // The first pages come from the leading rows the recompute keeps in the summary (no sort);
    // deeper pages sort the league's stored rows.
    return versionedGet(this.pages, `${leagueId}:${page}:${pageSize}`, version, async () => {
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
    bonus_points: r.bonus_points,
    badge: rankBadge(r.rank),
    is_current_user: r.user_id === viewerId,
    provisional: r.provisional,
  };
}
