import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DashboardRecentGameweek, TeamAccuracy } from '../../../contracts/src/api/stats';
import {
  EnhancedMember,
  EnhancedMembersResponse,
  LeaguePlayerProfile,
  LeagueRole,
  MemberDetail,
  MEMBERS_DEFAULT_PAGE_SIZE,
  MemberStats,
} from '../../../contracts/src/api/leagues';
import { ApiError } from '../common/api-error';
import { SeasonContextService } from '../standings/season-context.service';
import { TOP_ROWS } from '../standings/standings.service';
import { TtlCache } from '../common/ttl-cache';
import { achievementsFor } from './achievements';
import { MembersQueryDto } from './dto/leagues.dto';
import { LeagueAccessService } from './league-access.service';
import { selectLeagueIdsOfUser } from './league-members.queries';
import { accuracyPercent, initials, rankBadge } from './rank-badge';
import { containsPattern } from '../common/sql-like';
import { pageOffset, paging } from '../common/pagination';

/**
 * Ties in rank go by user id, as on the leaderboard. Ranks come from points (ties share a rank),
 * so the rank and points orders are the same; members not ranked yet (joined since the last
 * recompute) come last in both.
 */
const MEMBER_SORTS = {
  rank: `s.rank NULLS LAST, m.user_id`,
  points: `coalesce(s.total_points, 0) DESC, s.rank NULLS LAST, m.user_id`,
  name: `lower(u.first_name || ' ' || u.last_name), m.user_id`,
} as const;

const MEMBER_COLUMNS = `m.user_id, m.role, m.joined_at, u.username, u.first_name, u.last_name, c.name AS team_name,
       s.rank, coalesce(s.total_points, 0) AS total_points, coalesce(s.recent_points, 0) AS recent_points`;

/** How long members/stats answers are reused: its counts move slowly, and the global league has every user. */
const MEMBER_STATS_TTL_MS = 30_000;
const MEMBER_STATS_CACHE_FROM = 1_000;

interface MemberRow {
  user_id: number;
  role: LeagueRole;
  joined_at: Date;
  username: string;
  first_name: string;
  last_name: string;
  team_name: string | null;
  rank: number | null;
  total_points: number;
  recent_points: number;
}

interface SeasonFacts {
  points: number;
  predictions: number;
  scored: number;
  correct: number;
  exact: number;
  banker_hits: number;
  gameweeks: { id: number; number: number; predictions: number; scored: number; correct: number; exact: number; points: number; provisional: boolean }[];
}

/** Members of a league: the enhanced list, their stats, the member modal and the player profile. */
@Injectable()
export class LeagueMembersService {
  private readonly memberStats = new TtlCache<MemberStats>(MEMBER_STATS_TTL_MS, 1_000);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: LeagueAccessService,
    private readonly seasons: SeasonContextService,
  ) {}

  /** Ids of every league the user belongs to. */
  leagueIdsOf(userId: number): Promise<number[]> {
    return selectLeagueIdsOfUser(this.db, userId);
  }

  async enhanced(leagueId: number, viewerId: number, query: MembersQueryDto): Promise<EnhancedMembersResponse> {
    await this.access.assertVisible(leagueId, viewerId);
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? MEMBERS_DEFAULT_PAGE_SIZE;
    const offset = pageOffset(page, pageSize);
    const sort = query.sort ?? 'rank';
    const search = containsPattern(query.search);
    const role = query.role ?? null;
    const [{ total }]: { total: number }[] =
      search === null
        ? await this.db.query(`SELECT count(*)::int AS total FROM league_members m WHERE m.league_id = $1 AND ($2::text IS NULL OR m.role = $2)`, [
            leagueId,
            role,
          ])
        : await this.db.query(
            `SELECT count(*)::int AS total FROM league_members m JOIN users u ON u.id = m.user_id
             WHERE m.league_id = $1 AND ($2::text IS NULL OR m.role = $2) AND ((u.first_name || ' ' || u.last_name) ILIKE $3 OR u.username ILIKE $3)`,
            [leagueId, role, search],
          );
    const expected = Math.max(0, Math.min(pageSize, total - offset));

    let fromSummary: MemberRow[] | null = null;
    if (search === null && role === null && sort !== 'name' && offset + pageSize <= TOP_ROWS) {
      // The first pages by rank come from the leading rows the standings recompute keeps in the
      // summary, so the whole league (the global one has every user) is not sorted per request.
      const leading: MemberRow[] = await this.db.query(
        `SELECT ${MEMBER_COLUMNS}
         FROM league_standings_summary sm
         CROSS JOIN LATERAL jsonb_to_recordset(sm.top) AS t(user_id int)
         JOIN league_members m ON m.league_id = sm.league_id AND m.user_id = t.user_id
         JOIN users u ON u.id = m.user_id LEFT JOIN clubs c ON c.id = u.club_id
         LEFT JOIN league_standings s ON s.league_id = m.league_id AND s.user_id = m.user_id
         WHERE sm.league_id = $1
         ORDER BY ${MEMBER_SORTS[sort]}
         LIMIT $2 OFFSET $3`,
        [leagueId, pageSize, offset],
      );
      // Short when members joined or left since the recompute: then the general query decides.
      if (leading.length === expected) fromSummary = leading;
    }
    const rows: MemberRow[] =
      fromSummary ??
      (await this.db.query(
        `SELECT ${MEMBER_COLUMNS}
         FROM league_members m JOIN users u ON u.id = m.user_id LEFT JOIN clubs c ON c.id = u.club_id
         LEFT JOIN league_standings s ON s.league_id = m.league_id AND s.user_id = m.user_id
         WHERE m.league_id = $1 AND ($2::text IS NULL OR m.role = $2)
           AND ($3::text IS NULL OR (u.first_name || ' ' || u.last_name) ILIKE $3 OR u.username ILIKE $3)
         ORDER BY ${MEMBER_SORTS[sort]}
         LIMIT $4 OFFSET $5`,
        [leagueId, role, search, pageSize, offset],
      ));
    const ctx = await this.seasons.load();
    const activity: { user_id: number; correct: number; scored: number; weeks_active: number; active: boolean }[] = await this.db.query(
      `SELECT x.user_id, coalesce(t.correct, 0) AS correct, coalesce(t.scored, 0) AS scored,
              (SELECT count(DISTINCT p.gameweek_id) FROM predictions p JOIN gameweeks g ON g.id = p.gameweek_id
               WHERE p.user_id = x.user_id AND g.season_id = $2)::int AS weeks_active,
              EXISTS (SELECT 1 FROM predictions p WHERE p.user_id = x.user_id AND p.gameweek_id = $3) AS active
       FROM unnest($1::int[]) AS x(user_id)
       LEFT JOIN user_season_totals t ON t.user_id = x.user_id AND t.season_id = $2`,
      [rows.map((r) => r.user_id), ctx?.seasonId ?? null, ctx?.current?.id ?? null],
    );
    const byUser = new Map(activity.map((a) => [a.user_id, a]));
    const members: EnhancedMember[] = rows.map((r) => {
      const a = byUser.get(r.user_id);
      return {
        user_id: r.user_id,
        username: r.username,
        rank: r.rank,
        full_name: `${r.first_name} ${r.last_name}`,
        team_name: r.team_name,
        role: r.role,
        prediction_accuracy: accuracyPercent(a?.correct ?? 0, a?.scored ?? 0),
        weeks_active: a?.weeks_active ?? 0,
        is_active_this_gameweek: a?.active ?? false,
        recent_points: r.recent_points,
        total_points: r.total_points,
        is_current_user: r.user_id === viewerId,
        badge: rankBadge(r.rank),
        joined_at: new Date(r.joined_at).toISOString(),
      };
    });
    return { members, ...paging(page, pageSize, total) };
  }

  async stats(leagueId: number, viewerId: number): Promise<MemberStats> {
    await this.access.assertVisible(leagueId, viewerId);
    const ctx = await this.seasons.load();
    const seasonId = ctx?.seasonId ?? null;
    const gameweekId = ctx?.current?.id ?? null;
    const load = async (): Promise<MemberStats> => {
      // Hash joins over the members (one pass each), not a lookup in predictions per member.
      const [row]: { total: number; active: number; avg_accuracy: number | null; top: number }[] = await this.db.query(
        `SELECT count(*)::int AS total,
                count(g.user_id)::int AS active,
                avg(t.correct::float / t.scored) FILTER (WHERE t.scored > 0) AS avg_accuracy,
                count(*) FILTER (WHERE s.rank <= 5)::int AS top
         FROM league_members m
         LEFT JOIN user_gameweek_totals g ON g.user_id = m.user_id AND g.gameweek_id = $3 AND g.predictions > 0
         LEFT JOIN user_season_totals t ON t.user_id = m.user_id AND t.season_id = $2
         LEFT JOIN league_standings s ON s.league_id = m.league_id AND s.user_id = m.user_id
         WHERE m.league_id = $1`,
        [leagueId, seasonId, gameweekId],
      );
      return {
        total_members: row.total,
        active_this_week: row.active,
        avg_accuracy: row.avg_accuracy === null ? 0 : Math.round(row.avg_accuracy * 100),
        top_performers: row.top,
      };
    };
    // A big league's answer is reused for a while (a few seconds' lag in "active this week" is
    // fine there); a small one is cheap to count, and its owner expects a new member at once.
    const [{ members }]: { members: number }[] = await this.db.query(`SELECT count(*)::int AS members FROM league_members WHERE league_id = $1`, [leagueId]);
    return members < MEMBER_STATS_CACHE_FROM ? load() : this.memberStats.get(`${leagueId}:${seasonId}:${gameweekId}`, load);
  }

  /** The member modal: the member's card, achievements and a comparison with the viewer. */
  async detail(leagueId: number, viewerId: number, memberId: number): Promise<MemberDetail> {
    await this.access.assertVisible(leagueId, viewerId);
    const member = await this.member(leagueId, String(memberId));
    const ctx = await this.seasons.load();
    const facts = await this.seasonFacts(member.user_id, ctx?.seasonId ?? null);
    const [cmp]: { viewer_points: number | null; below: number; others: number }[] = await this.db.query(
      `SELECT (SELECT total_points FROM league_standings WHERE league_id = $1 AND user_id = $2) AS viewer_points,
              count(*) FILTER (WHERE s.total_points < $4)::int AS below,
              count(*) FILTER (WHERE s.user_id <> $3)::int AS others
       FROM league_standings s WHERE s.league_id = $1`,
      [leagueId, viewerId, member.user_id, member.total_points],
    );
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

  /** The league player profile: stats, hot and cold teams, recent gameweeks, rank, badge and insights. */
  async profile(leagueId: number, viewerId: number, player: string): Promise<LeaguePlayerProfile> {
    const league = await this.access.assertVisible(leagueId, viewerId);
    const member = await this.member(leagueId, player);
    const ctx = await this.seasons.load();
    const facts = await this.seasonFacts(member.user_id, ctx?.seasonId ?? null);
    const { hot, cold } = await this.teams(member.user_id, ctx?.seasonId ?? null);
    const played = facts.gameweeks.filter((g) => g.predictions > 0);
    const recent: DashboardRecentGameweek[] = [...played]
      .sort((a, b) => b.number - a.number)
      .slice(0, 5)
      .map((g) => ({
        id: g.id,
        number: g.number,
        gameweek_name: `Gameweek ${g.number}`,
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

  /** A member of the league by user id or username (case-insensitive), or 404. */
  private async member(leagueId: number, player: string): Promise<MemberRow> {
    const byId = /^\d{1,10}$/.test(player) && Number(player) <= 2147483647;
    const [row]: MemberRow[] = await this.db.query(
      `SELECT m.user_id, m.role, m.joined_at, u.username, u.first_name, u.last_name, c.name AS team_name,
              s.rank, coalesce(s.total_points, 0) AS total_points, coalesce(s.recent_points, 0) AS recent_points
       FROM league_members m JOIN users u ON u.id = m.user_id LEFT JOIN clubs c ON c.id = u.club_id
       LEFT JOIN league_standings s ON s.league_id = m.league_id AND s.user_id = m.user_id
       WHERE m.league_id = $1 AND ${byId ? 'm.user_id = $2::int' : 'lower(u.username) = lower($2)'}`,
      [leagueId, byId ? Number(player) : player.slice(0, 60)],
    );
    if (!row) throw ApiError.notFound('Player not found in this league.');
    return row;
  }

  private async seasonFacts(userId: number, seasonId: number | null): Promise<SeasonFacts> {
    const [totals]: Omit<SeasonFacts, 'gameweeks'>[] = await this.db.query(
      `SELECT coalesce(t.points, 0) AS points, coalesce(t.predictions, 0) AS predictions, coalesce(t.scored, 0) AS scored,
              coalesce(t.correct, 0) AS correct, coalesce(t.exact, 0) AS exact,
              (SELECT count(*) FROM predictions p JOIN gameweeks g ON g.id = p.gameweek_id
               WHERE p.user_id = $1 AND g.season_id = $2 AND p.is_banker AND p.outcome IN ('exact', 'correct'))::int AS banker_hits
       FROM (SELECT 1) one LEFT JOIN user_season_totals t ON t.user_id = $1 AND t.season_id = $2`,
      [userId, seasonId],
    );
    const gameweeks: SeasonFacts['gameweeks'] = await this.db.query(
      `SELECT g.id, g.number, t.predictions, t.scored, t.correct, t.exact, t.points, t.provisional
       FROM user_gameweek_totals t JOIN gameweeks g ON g.id = t.gameweek_id
       WHERE t.user_id = $1 AND t.season_id = $2 ORDER BY g.number`,
      [userId, seasonId],
    );
    return { ...totals, gameweeks };
  }

  /** Dashboard rules: clubs with ≥ 3 scored predictions; up to 3 best (hot) and 3 other worst (cold). */
  private async teams(userId: number, seasonId: number | null): Promise<{ hot: TeamAccuracy[]; cold: TeamAccuracy[] }> {
    const rows: { team_id: number; team: string; team_short: string; team_logo: string | null; n: number; c: number }[] = await this.db.query(
      `WITH scored AS (
         SELECT f.home_club_id, f.away_club_id, p.outcome
         FROM predictions p JOIN fixtures f ON f.id = p.fixture_id
         WHERE p.user_id = $1 AND f.season_id = $2 AND p.outcome IN ('exact', 'correct', 'wrong')
       ),
       per_club AS (
         SELECT v.club_id, count(*)::int AS n, count(*) FILTER (WHERE s.outcome IN ('exact', 'correct'))::int AS c
         FROM scored s CROSS JOIN LATERAL (VALUES (s.home_club_id), (s.away_club_id)) AS v(club_id)
         GROUP BY v.club_id HAVING count(*) >= 3
       )
       SELECT pc.club_id AS team_id, cl.name AS team, cl.short_name AS team_short, cl.logo AS team_logo, pc.n, pc.c
       FROM per_club pc JOIN clubs cl ON cl.id = pc.club_id`,
      [userId, seasonId],
    );
    const teams: TeamAccuracy[] = rows.map((r) => ({
      team: r.team,
      team_id: r.team_id,
      team_short: r.team_short,
      team_logo: r.team_logo,
      accuracy: accuracyPercent(r.c, r.n),
      predictions: r.n,
    }));
    const hot = [...teams].sort((a, b) => b.accuracy - a.accuracy || b.predictions - a.predictions || a.team.localeCompare(b.team)).slice(0, 3);
    const hotIds = new Set(hot.map((t) => t.team_id));
    const cold = teams
      .filter((t) => !hotIds.has(t.team_id))
      .sort((a, b) => a.accuracy - b.accuracy || b.predictions - a.predictions || a.team.localeCompare(b.team))
      .slice(0, 3);
    return { hot, cold };
  }
}
