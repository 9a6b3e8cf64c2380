import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DashboardRecentGameweek } from '@scoreline/contracts/api/stats';
import {
  EnhancedMember,
  EnhancedMembersResponse,
  LeaguePlayerProfile,
  MemberDetail,
  MEMBERS_DEFAULT_PAGE_SIZE,
  MemberStats,
} from '@scoreline/contracts/api/leagues';
import { ApiError } from '../platform/common/api-error';
import { GenericPlanPool } from '../platform/database/generic-plan-pool';
import { KeyRanksService } from '../standings/key-ranks.service';
import { LeaderboardService } from '../standings/leaderboard.service';
import type { LiveStandings } from '../standings/live-standings';
import { SeasonContextService } from '../standings/season-context.service';
import { TOP_ROWS } from '../standings/standings.service';
import { StatsService } from '../stats/stats.service';
import { UsersService } from '../users/users.service';
import { loadingLru } from '../platform/common/lru';
import { achievementsFor } from './achievements';
import { BIG_LEAGUE } from '../platform/common/big-league';
import { MembersQueryDto } from './dto/leagues.dto';
import { LeagueAccessService } from './league-access.service';
import {
  countMembers,
  countMembersMatching,
  type MemberComparisonRow,
  type MemberFilter,
  type MemberPageId,
  type MemberPageRow,
  type MemberRow,
  type MemberSort,
  selectLeadingMemberIds,
  selectLeagueIdsOfUser,
  selectMember,
  selectStoredPoints,
  selectMemberPageDetails,
  selectMemberPageIds,
  selectMemberStatsFigures,
  selectNamesFirstSearchPage,
} from './league-members.queries';
import { initials } from '../platform/common/initials';
import { accuracyPercent, rankBadge } from './rank-badge';
import { searchesNamesFirst } from './member-search';
import { searchText } from '../platform/common/sql-like';
import { ScoringService } from '../scoring/scoring.service';
import { SeasonsService } from '../seasons/seasons.service';
import { roundName } from '@scoreline/contracts/game/round-name';
import type { FanTotalsRow } from '../scoring/scoring.service';
import { pageOffset, paging } from '../platform/common/pagination';

/** How long members/stats answers are reused: its counts move slowly, and the global league has every user. */
const MEMBER_STATS_TTL_MS = 30_000;
const BIG_LEAGUE_COUNT_TTL_MS = 5_000;
/** How old the number of accounts may be: it only decides a search's plan. */
const ACCOUNT_COUNT_TTL_MS = 60_000;

/** What one page of the members list is made of. */
interface MembersPageQuery {
  leagueId: number;
  /** The league's season table version (ranks are read at it). */
  tableVersion: string | null;
  /** The live standings while a match is open (they rank the page), else null. */
  live: LiveStandings | null;
  page: number;
  pageSize: number;
  sort: MemberSort;
  filter: MemberFilter;
}

/** A member's season: live totals (a goal counts at once) and each gameweek's, in gameweek order. */
interface SeasonFacts extends Omit<FanTotalsRow, 'provisional'> {
  gameweeks: (FanTotalsRow & { id: number; number: number })[];
}

const NO_SEASON_FACTS: SeasonFacts = { points: 0, predictions: 0, scored: 0, correct: 0, exact: 0, banker_hits: 0, gameweeks: [] };

/** Members of a league: the enhanced list, their stats, the member modal and the player profile. */
@Injectable()
export class LeagueMembersService {
  private readonly memberStats = loadingLru<MemberStats>({ max: 1_000, ttl: MEMBER_STATS_TTL_MS });
  private readonly bigLeagueCounts = loadingLru<number>({ max: 1_000, ttl: BIG_LEAGUE_COUNT_TTL_MS });
  private readonly bigLeaguePages = loadingLru<{ members: EnhancedMember[]; total: number }>({ max: 1_000, ttl: BIG_LEAGUE_COUNT_TTL_MS });
  private readonly accountCount = loadingLru<number>({ max: 1, ttl: ACCOUNT_COUNT_TTL_MS });
  /** Leagues last counted at BIG_LEAGUE.members members or more. */
  private readonly bigLeagues = new Set<number>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly genericPlans: GenericPlanPool,
    private readonly access: LeagueAccessService,
    private readonly seasons: SeasonContextService,
    private readonly keyRanks: KeyRanksService,
    private readonly leaderboards: LeaderboardService,
    private readonly statsService: StatsService,
    private readonly users: UsersService,
    private readonly scoring: ScoringService,
    private readonly rounds: SeasonsService,
  ) {}

  /** Ids of every league the user belongs to. */
  leagueIdsOf(userId: number): Promise<number[]> {
    return selectLeagueIdsOfUser(this.db, userId);
  }

  async enhanced(leagueId: number, viewerId: number, query: MembersQueryDto): Promise<EnhancedMembersResponse> {
    const access = await this.access.assertVisible(leagueId, viewerId);
    const live = await this.leaderboards.liveStandingsAt(leagueId, access);
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? MEMBERS_DEFAULT_PAGE_SIZE;
    const sort = query.sort ?? 'rank';
    const search = searchText(query.search);
    const role = query.role ?? null;
    const shown: MembersPageQuery = { leagueId, tableVersion: access.table_version, live, page, pageSize, sort, filter: { role, search } };
    // A big league's page without a search is the same for every reader: it is built once per
    // table version (and live state) and reused for up to BIG_LEAGUE_COUNT_TTL_MS (its count may be as old).
    const big = search === null && this.bigLeagues.has(leagueId);
    const { members, total } = big
      ? await this.bigLeaguePages.forceFetch(`${leagueId}:${access.table_version}:${live?.key ?? ''}:${sort}:${role}:${page}:${pageSize}`, { context: () => this.membersPage(shown) })
      : await this.membersPage(shown);
    return { members: members.map((m) => (m.user_id === viewerId ? { ...m, is_current_user: true } : m)), ...paging(page, pageSize, total) };
  }

  /**
   * One page of the members list as anyone sees it (nobody is the current user yet), and the number of members it pages.
   * While a match is open, ranks and points are the live standings' (the leaderboard's), not the stored ones.
   */
  private async membersPage(q: MembersPageQuery): Promise<{ members: EnhancedMember[]; total: number }> {
    // The page's rows carry their activity ("active this gameweek": the active season's current one).
    const [{ rows, total }, ranks] = await Promise.all([this.pageRows(q), this.keyRanks.ranksAt(q.leagueId, q.tableVersion)]);
    const members: EnhancedMember[] = rows.map((r) => {
      const line = q.live?.lineOf(r.user_id);
      const rank = line ? line.rank : r.ranked ? ranks.rankOf({ points: r.total_points, exact: r.exact, correct: r.correct }) : null;
      return {
        user_id: r.user_id,
        username: r.username,
        rank,
        full_name: `${r.first_name} ${r.last_name}`,
        team_name: r.team_name,
        role: r.role,
        prediction_accuracy: accuracyPercent(r.season_correct, r.season_scored),
        weeks_active: r.weeks_active,
        is_active_this_gameweek: r.active_this_gameweek,
        recent_points: line ? line.recentPoints : r.recent_points,
        total_points: line ? line.points : r.total_points,
        is_current_user: false,
        badge: rankBadge(rank),
        joined_at: new Date(r.joined_at).toISOString(),
      };
    });
    return { members, total };
  }

  /** The page's members in the order asked for, and how many match. */
  private async pageRows(q: MembersPageQuery): Promise<{ rows: MemberPageRow[]; total: number }> {
    if (q.live && q.sort !== 'name') return this.livePageRows(q, q.live);
    const { search } = q.filter;
    if (search !== null && q.filter.role === null && (await this.searchesNamesFirst(q.leagueId))) {
      const offset = pageOffset(q.page, q.pageSize);
      const rows = await selectNamesFirstSearchPage(this.genericPlans, q.leagueId, search, q.sort, q.pageSize, offset);
      return { rows, total: rows[0]?.total ?? (offset > 0 ? await countMembersMatching(this.db, q.leagueId, q.filter) : 0) };
    }
    const { ids, total } = await this.pageIds(q);
    return { rows: await this.pageDetails(q.leagueId, ids), total };
  }

  /**
   * A page by rank or points while a match is open: in the live table's order (rank and points
   * orders are one: the table rule ranks by points first). The whole list is the live table's
   * slice. A filtered one is ordered in full when it holds at most BIG_LEAGUE.members (a small
   * league's, or a big league's search for a name); else, within the page: its matches come in
   * the stored order, so a fan who moved across a page boundary shows on the neighbouring page
   * until the scorer has written the goal. Members not in the live table (joined since its base)
   * come last, as unranked ones do.
   */
  private async livePageRows(q: MembersPageQuery, live: LiveStandings): Promise<{ rows: MemberPageRow[]; total: number }> {
    const offset = pageOffset(q.page, q.pageSize);
    const filtered = q.filter.role !== null || q.filter.search !== null;
    const members = await this.memberCount(q.leagueId);
    const placeOf = (userId: number) => live.positionOf(userId) ?? Infinity;
    const byLiveOrder = (a: number, b: number) => placeOf(a) - placeOf(b) || a - b;
    if (!filtered && live.season.size === members) {
      const ids = live.season.slice(offset, offset + q.pageSize).map((m) => ({ user_id: m.user_id }));
      return { rows: await this.pageDetails(q.leagueId, ids), total: members };
    }
    const inFull = async () => {
      const all = await selectMemberPageIds(this.db, q.leagueId, q.filter, q.sort, BIG_LEAGUE.members, 0);
      const ids = all.map((r) => r.user_id).sort(byLiveOrder);
      return { rows: await this.pageDetails(q.leagueId, ids.slice(offset, offset + q.pageSize).map((user_id) => ({ user_id }))), total: ids.length };
    };
    if (members <= BIG_LEAGUE.members) return inFull();
    const stored = await this.pageRows({ ...q, live: null });
    if (stored.total <= BIG_LEAGUE.members) return inFull();
    return { rows: [...stored.rows].sort((a, b) => byLiveOrder(a.user_id, b.user_id)), total: stored.total };
  }

  /** The details of the page's members in the page's order; a member who left since the ids were read is left out. */
  private async pageDetails(leagueId: number, ids: MemberPageId[]): Promise<MemberPageRow[]> {
    const details = new Map((await selectMemberPageDetails(this.db, leagueId, ids.map((r) => r.user_id))).map((r) => [r.user_id, r]));
    return ids.flatMap((r) => details.get(r.user_id) ?? []);
  }

  /** Whether the league's search reads the names first (see searchesNamesFirst); only big leagues are asked. */
  private async searchesNamesFirst(leagueId: number): Promise<boolean> {
    if (!this.bigLeagues.has(leagueId)) return false;
    const [members, accounts] = await Promise.all([this.memberCount(leagueId), this.accountCount.forceFetch('accounts', { context: () => this.users.count() })]);
    return searchesNamesFirst(members, accounts);
  }

  /** The page's member ids in order, and how many match. */
  private async pageIds(q: MembersPageQuery): Promise<{ ids: MemberPageId[]; total: number }> {
    const { leagueId, filter, sort, pageSize } = q;
    const offset = pageOffset(q.page, pageSize);
    if (filter.search !== null) {
      // A search sorts all its matches anyway: they are counted in the same pass.
      const ids = await selectMemberPageIds(this.db, leagueId, filter, sort, pageSize, offset, { withTotal: true });
      return { ids, total: ids[0]?.total ?? (offset > 0 ? await countMembersMatching(this.db, leagueId, filter) : 0) };
    }
    const total = filter.role === null ? await this.memberCount(leagueId) : await countMembersMatching(this.db, leagueId, filter);
    if (filter.role === null && sort !== 'name' && offset + pageSize <= TOP_ROWS) {
      // The first pages by rank come from the leading rows the standings recompute keeps in the
      // summary, so the whole league (the global one has every user) is not sorted per request.
      const leading = await selectLeadingMemberIds(this.db, leagueId, sort, pageSize, offset);
      // Short when members joined or left since the recompute: then the general query decides.
      if (leading.length === Math.max(0, Math.min(pageSize, total - offset))) return { ids: leading, total };
    }
    return { ids: await selectMemberPageIds(this.db, leagueId, filter, sort, pageSize, offset), total };
  }

  async stats(leagueId: number, viewerId: number): Promise<MemberStats> {
    const access = await this.access.assertVisible(leagueId, viewerId);
    const ctx = await this.seasons.load(access.season_id);
    const seasonId = ctx?.seasonId ?? null;
    const gameweekId = ctx?.current?.id ?? null;
    const load = async (): Promise<MemberStats> => {
      const row = await selectMemberStatsFigures(this.db, leagueId, seasonId, gameweekId);
      return {
        total_members: row.total,
        active_this_week: row.active,
        avg_accuracy: row.avg_accuracy === null ? 0 : Math.round(row.avg_accuracy * 100),
        top_performers: row.top,
      };
    };
    // A big league's answer is reused for a while (a few seconds' lag in "active this week" is
    // fine there); a small one is cheap to count, and its owner expects a new member at once.
    const members = await this.memberCount(leagueId);
    return members < BIG_LEAGUE.members ? load() : this.memberStats.forceFetch(`${leagueId}:${seasonId}:${gameweekId}`, { context: load });
  }

  /** The league's member count: exact for a small league, up to BIG_LEAGUE_COUNT_TTL_MS old for a big one. */
  private async memberCount(leagueId: number): Promise<number> {
    if (this.bigLeagues.has(leagueId)) return this.bigLeagueCounts.forceFetch(String(leagueId), { context: () => countMembers(this.db, leagueId) });
    const count = await countMembers(this.db, leagueId);
    if (count >= BIG_LEAGUE.members) this.bigLeagues.add(leagueId);
    return count;
  }

  /** The member modal: the member's card, achievements and a comparison with the viewer. */
  async detail(leagueId: number, viewerId: number, memberId: number): Promise<MemberDetail> {
    const access = await this.access.assertVisible(leagueId, viewerId);
    const [stored, live] = await Promise.all([this.member(leagueId, String(memberId), access.table_version), this.leaderboards.liveStandingsAt(leagueId, access)]);
    const member = withLiveStanding(stored, live);
    const ctx = await this.seasons.load(access.season_id);
    const facts = await this.seasonFacts(member.user_id, ctx?.seasonId ?? null);
    const cmp = live ? liveComparison(live, viewerId, member) : await this.storedComparison(leagueId, access.table_version, viewerId, member);
    const accuracy = accuracyPercent(facts.correct, facts.scored);
    const weeksActive = facts.gameweeks.filter((g) => g.predictions > 0).length;
    return {
      member: {
        user_id: member.user_id,
        username: member.username,
        avatar: initials(member.first_name, member.last_name),
        full_name: `${member.first_name} ${member.last_name}`,
        team_name: member.team_name,
        rank: member.rank,
        total_points: member.total_points,
        prediction_accuracy: accuracy,
        weeks_active: weeksActive,
        role: member.role,
        badge: rankBadge(member.rank),
      },
      achievements: achievementsFor({
        rank: member.rank,
        role: member.role,
        scored: facts.scored,
        accuracy,
        exactScores: facts.exact,
        weeksActive,
        bestGameweekPoints: Math.max(0, ...facts.gameweeks.map((g) => g.points)),
        bankerHits: facts.banker_hits,
      }),
      comparison: {
        difference: member.total_points - (cmp.viewer_points ?? 0),
        better_than_percent: cmp.others > 0 ? Math.round((cmp.below / cmp.others) * 100) : 0,
        viewer_total_points: cmp.viewer_points ?? 0,
        is_self: member.user_id === viewerId,
      },
    };
  }

  /**
   * The comparison from the stored table between matches: "better than" from the league's
   * histogram of keys (kept per table version), not a count over every member's row (~100 ms in
   * the global league of a million).
   */
  private async storedComparison(leagueId: number, tableVersion: string | null, viewerId: number, member: MemberRow): Promise<MemberComparisonRow> {
    const [ranks, viewerPoints] = await Promise.all([this.keyRanks.ranksAt(leagueId, tableVersion), selectStoredPoints(this.db, leagueId, viewerId)]);
    return { viewer_points: viewerPoints, below: ranks.countBelow(member.total_points), others: ranks.members - (member.rank === null ? 0 : 1) };
  }

  /** The league player profile: stats, hot and cold teams, recent gameweeks, rank, badge and insights. */
  async profile(leagueId: number, viewerId: number, player: string): Promise<LeaguePlayerProfile> {
    const league = await this.access.assertVisible(leagueId, viewerId);
    const [stored, live] = await Promise.all([this.member(leagueId, player, league.table_version), this.leaderboards.liveStandingsAt(leagueId, league)]);
    const member = withLiveStanding(stored, live);
    const ctx = await this.seasons.load(league.season_id);
    const facts = await this.seasonFacts(member.user_id, ctx?.seasonId ?? null);
    const { hot, cold } = await this.statsService.teamForm(member.user_id, ctx?.seasonId ?? null);
    const played = facts.gameweeks.filter((g) => g.predictions > 0);
    // Named as the season names its rounds ("Gameweek 12", "Round of 32"): read only when there is one to name.
    const names = played.length > 0 && ctx ? await this.rounds.roundNames(ctx.seasonId) : new Map<number, string>();
    const recent: DashboardRecentGameweek[] = [...played]
      .sort((a, b) => b.number - a.number)
      .slice(0, 5)
      .map((g) => ({
        id: g.id,
        number: g.number,
        gameweek_name: names.get(g.id) ?? roundName(g),
        total_predictions: g.predictions,
        correct_results: g.correct,
        exact_scores: g.exact,
        accuracy: accuracyPercent(g.correct, g.scored),
        points_earned: g.points,
        provisional: g.provisional,
      }));
    return {
      league: { id: leagueId, name: league.name, type: league.type },
      player: {
        user_id: member.user_id,
        username: member.username,
        avatar: initials(member.first_name, member.last_name),
        name: `${member.first_name} ${member.last_name}`,
        team: member.team_name,
        rank: member.rank,
        badge: rankBadge(member.rank),
        is_current_user: member.user_id === viewerId,
      },
      stats: {
        total_points: facts.points,
        total_predictions: facts.predictions,
        accuracy: accuracyPercent(facts.correct, facts.scored),
        correct_scores: facts.exact,
      },
      hot_teams: hot,
      cold_teams: cold,
      recent_gameweeks: recent,
      insights: {
        best_gameweek_points: played.length > 0 ? Math.max(...played.map((g) => g.points)) : 0,
        average_points_per_gameweek: played.length > 0 ? Math.round(played.reduce((sum, g) => sum + g.points, 0) / played.length) : 0,
        recent_exact_scores: recent.reduce((sum, g) => sum + g.exact_scores, 0),
      },
      history_path: `/api/stats/history/?player=${member.user_id}`,
    };
  }

  /** A member of the league by user id or username (case-insensitive), or 404, ranked in the stored table at `tableVersion`. */
  private async member(leagueId: number, player: string, tableVersion: string | null): Promise<MemberRow> {
    const byId = /^\d{1,10}$/.test(player) && Number(player) <= 2147483647;
    const row = await selectMember(this.db, leagueId, byId ? { userId: Number(player) } : { username: player.slice(0, 60) });
    if (!row) throw ApiError.notFound('Player not found in this league.');
    const { ranked, exact, correct, ...member } = row;
    const rank = ranked ? (await this.keyRanks.ranksAt(leagueId, tableVersion)).rankOf({ points: member.total_points, exact, correct }) : null;
    return { ...member, rank };
  }

  private async seasonFacts(userId: number, seasonId: number | null): Promise<SeasonFacts> {
    if (seasonId === null) return NO_SEASON_FACTS;
    const { season, gameweeks } = await this.scoring.liveTotals(userId, seasonId);
    return {
      ...(season ?? NO_SEASON_FACTS),
      gameweeks: gameweeks.map((g) => ({ ...g, id: g.gameweek_id })).sort((a, b) => a.number - b.number),
    };
  }
}

/** The member's rank and points from the live standings while a match is open (as the leaderboard shows them). */
function withLiveStanding(member: MemberRow, live: LiveStandings | null): MemberRow {
  const line = live?.lineOf(member.user_id);
  return line ? { ...member, rank: line.rank, total_points: line.points, recent_points: line.recentPoints } : member;
}

/** The member modal's comparison from the live standings: the viewer's points, and how many others stand below the member's. */
function liveComparison(live: LiveStandings, viewerId: number, member: MemberRow): MemberComparisonRow {
  return {
    viewer_points: live.lineOf(viewerId)?.points ?? null,
    below: live.countBelow(member.total_points),
    others: live.season.size - (live.positionOf(member.user_id) === undefined ? 0 : 1),
  };
}
