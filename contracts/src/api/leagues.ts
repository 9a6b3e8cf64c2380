/**
 * Leagues API (spec section 3 shapes, section 7 "Dashboard and leagues" calls), plus the
 * designs the spec leaves open: the join body, discover, leave / remove / regenerate code,
 * the league player profile and the member detail. Every answer is wrapped in
 * `ApiEnvelope<T>` (`{ data, message? }`) from ./common; the types below are the `data`.
 *
 * Calls (all under /api, all need a bearer token; 401 without one):
 *   GET    /leagues/overview/?competition=                  → LeaguesOverview (every league; or the competition's)
 *   GET    /leagues/discover/?search=&page=&page_size=&competition= → DiscoverLeaguesPage
 *   POST   /leagues/                 CreateLeagueRequest     → League (201)
 *   POST   /leagues/join/            JoinLeagueRequest       → JoinLeagueResult (+ message)
 *   GET    /leagues/{id}/                                    → League
 *   GET    /leagues/{id}/join-requests/                      → JoinRequestsResponse      (owner of a private league)
 *   POST   /leagues/{id}/approve-request/{userId}/           → MessageResponse           (owner of a private league)
 *   POST   /leagues/{id}/reject-request/{userId}/            → MessageResponse           (owner of a private league)
 *   GET    /leagues/{id}/leaderboard/?page=&page_size=       → LeaderboardResponse
 *   GET    /leagues/{id}/stats/                              → LeagueStatsResponse
 *   GET    /leagues/{id}/members/enhanced/?sort=&role=&search=&page=&page_size= → EnhancedMembersResponse
 *   GET    /leagues/{id}/members/stats/                      → MemberStatsResponse
 *   GET    /leagues/{id}/members/{userId}/                   → MemberDetail (the member modal)
 *   DELETE /leagues/{id}/members/{userId}/                   → MessageResponse           (owner removes a member)
 *   GET    /leagues/{id}/players/{player}/                   → LeaguePlayerProfile ({player} = user id or username)
 *   GET    /leagues/{id}/activity/?category=&importance=&days=&page=&page_size= → ActivityFeedResponse
 *   GET    /leagues/{id}/activity/stats/                     → ActivityStatsResponse
 *   POST   /leagues/{id}/leave/                              → MessageResponse
 *   POST   /leagues/{id}/regenerate-code/                    → RegenerateCodeResult      (owner of a private league)
 *
 * Visibility: a private league (detail, members, leaderboard, stats, activity, players) answers
 * 404 to anyone who is not a member, so its existence does not leak. Other leagues are
 * readable by every signed-in user.
 *
 * A player's full gameweek history is the stats API's GET /stats/history/?player=<id|username>.
 */

import type { CompetitionKind } from './competitions';
import type { DashboardRecentGameweek, TeamAccuracy } from './stats';

/** The five kinds of league. */
export type LeagueKind = 'global' | 'country' | 'club' | 'private' | 'public';

/** The kinds a user can create and join by themselves. */
export type UserLeagueKind = 'private' | 'public';

export type LeagueRole = 'owner' | 'member';

/** Crown for rank 1, medal for 2–3, star for 4–5, none otherwise. */
export type LeaderboardBadge = 'crown' | 'medal' | 'star';

/** Invite codes: 8 characters of this alphabet (no 0/O, 1/I/L). */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_CODE_LENGTH = 8;
export const LEAGUE_MAX_MEMBERS_MIN = 2;
export const LEAGUE_MAX_MEMBERS_MAX = 1000;
export const JOIN_MESSAGE_MAX = 200;
export const LEAGUE_NAME_MAX = 100;
export const LEAGUE_DESCRIPTION_MAX = 500;
export const LEADERBOARD_DEFAULT_PAGE_SIZE = 50;
export const MEMBERS_DEFAULT_PAGE_SIZE = 20;
export const ACTIVITY_DEFAULT_PAGE_SIZE = 10;
export const DISCOVER_DEFAULT_PAGE_SIZE = 20;

/** Spec section 3 "League". */
export interface League {
  id: number;
  name: string;
  type: LeagueKind;
  description: string;
  /** Invite code of a private league (shown to its members only); null for every other kind. */
  code: string | null;
  member_count: number;
  created_at: string;
  is_owner: boolean;
  /** Private leagues only; null otherwise. */
  max_members: number | null;
  /** Beyond the spec: whether the caller is a member, and with which role. */
  is_member: boolean;
  role: LeagueRole | null;
  owner_name: string | null;
  /** Country / club of an automatic league (a national team's in a tournament). */
  country_name: string | null;
  country_flag: string | null;
  club_name: string | null;
  club_logo: string | null;
  /** The competition whose tables the league keeps (competitions.ts). */
  competition: LeagueCompetition;
}

/** A league's competition: its code, name and kind (a tournament's leagues rank a national team's fans). */
export interface LeagueCompetition {
  code: string;
  name: string;
  kind: CompetitionKind;
}

/** POST /leagues/ */
export interface CreateLeagueRequest {
  name: string;
  type: UserLeagueKind;
  description?: string;
  /** Private leagues only: 2–1000. Omitted means 1000. Refused for public leagues. */
  max_members?: number;
  /** The competition the league plays (competitions.ts); default the one being played. 404 when it is not being played. */
  competition?: string;
}

/**
 * POST /leagues/join/ — the spec leaves the field names open; these are ours.
 * - private: `{ type: 'private', code, message? }` — code trimmed, case-insensitive, ≤ 8
 *   characters; creates a pending request for the owner to approve.
 * - public: `{ type: 'public', league_id }` — instant.
 */
export interface JoinLeagueRequest {
  type: UserLeagueKind;
  code?: string;
  message?: string;
  league_id?: number;
}

export interface JoinLeagueResult {
  /** `pending`: a request waits for the owner; `joined`: the caller is now a member. */
  status: 'pending' | 'joined';
  league_id: number;
  league_name: string;
  request_id: number | null;
}

export interface OverviewLeagueEntry {
  league: League;
  role: LeagueRole;
  rank: number | null;
}

export interface LeaguesOverview {
  country_league: { league: League | null; country_flag: string | null; country_name: string | null; rank: number | null; message: string };
  global_league: { league: League | null; rank: number | null; message: string };
  club_league: { league: League | null; club_logo: string | null; club_name: string | null; rank: number | null; message: string };
  private_leagues: { count: number; leagues: OverviewLeagueEntry[]; message: string };
  public_leagues: { count: number; leagues: OverviewLeagueEntry[]; message: string };
  total_leagues: { count: number; message: string };
}

/** GET /leagues/discover/ — public leagues, searchable by name. */
export interface DiscoverLeaguesQuery {
  search?: string;
  /** Only the leagues of this competition (competitions.ts); default every competition's. */
  competition?: string;
  page?: number;
  page_size?: number;
}

export interface DiscoverLeague {
  id: number;
  name: string;
  description: string;
  member_count: number;
  owner_name: string | null;
  created_at: string;
  /** The caller is already a member: show "View" instead of "Join". */
  is_member: boolean;
}

export interface Paging {
  page: number;
  page_size: number;
  total_count: number;
  total_pages: number;
  has_next: boolean;
  has_previous: boolean;
}

export interface DiscoverLeaguesPage extends Paging {
  leagues: DiscoverLeague[];
}

/** Spec section 3 "Join request". */
export type JoinRequestStatus = 'pending' | 'approved' | 'rejected';

export interface JoinRequest {
  id: number;
  /** The requesting user's id (approve / reject take this id). */
  user: number;
  username: string;
  user_full_name: string;
  message: string;
  created_at: string;
  status: JoinRequestStatus;
}

export interface JoinRequestsResponse {
  pending_requests: JoinRequest[];
}

export interface RegenerateCodeResult {
  code: string;
}

/** Spec section 3 "League stats". */
export interface LeagueStats {
  total_members: number;
  /** Number of the current gameweek of the active season; null when there is none. */
  current_gameweek: number | null;
  /**
   * The current round as the fan sees it (contracts/game/round-name.ts `roundName`): a
   * tournament's by name ("Round of 32"), a league's matchday "Gameweek 12"; null when there is
   * no current round. Optional: stats made on the client (tests' fixtures) may leave it out.
   */
  current_gameweek_name?: string | null;
  total_gameweeks: number;
  /** Highest total points in the league; 0 before anything is scored. */
  leading_score: number;
  season_progress_percent: number;
}

export interface LeagueStatsResponse {
  stats: LeagueStats;
}

/** Spec section 3 "Leaderboard row"; both spellings of name and team are sent. */
export interface LeaderboardRow {
  user_id: number;
  username: string;
  rank: number;
  previous_rank: number | null;
  full_name: string;
  name: string;
  team_name: string | null;
  team: string | null;
  recent_points: number;
  /** Bonus points included. */
  total_points: number;
  /**
   * The bonus points among `total_points` (issue 34 §3): the competition's questions settled so
   * far and the league's own questions. The API always sends it; optional so that rows made on the
   * client (tests' fixtures) need not.
   */
  bonus_points?: number;
  badge: LeaderboardBadge | null;
  is_current_user: boolean;
  /** Some of these points come from matches still in play. */
  provisional: boolean;
}

export interface LeaderboardQuery {
  page?: number;
  page_size?: number;
}

/**
 * GET /leagues/{id}/leaderboard/ — a page of the table (default the top 50) in rank order.
 * `leaderboard` always holds the caller's own row when they are a ranked member: if it is not
 * on the page it is appended at the end (and also given as `current_user`).
 */
export interface LeaderboardResponse extends Paging {
  leaderboard: LeaderboardRow[];
  current_user: LeaderboardRow | null;
  /** The gameweek whose points are `recent_points` (the latest scored); null before any. */
  recent_gameweek: number | null;
  updated_at: string | null;
}

/** Spec section 3 "Enhanced member". */
export interface EnhancedMember {
  user_id: number;
  username: string;
  /** null until the standings worker has ranked a new member (a moment after joining). */
  rank: number | null;
  full_name: string;
  team_name: string | null;
  role: LeagueRole;
  /** Whole percent: correct results (exact included) ÷ scored predictions; 0 without any. */
  prediction_accuracy: number;
  /** Gameweeks of the active season with at least one prediction. */
  weeks_active: number;
  /** Has predictions in the current gameweek. */
  is_active_this_gameweek: boolean;
  recent_points: number;
  total_points: number;
  is_current_user: boolean;
  badge: LeaderboardBadge | null;
  joined_at: string;
}

export type MembersSort = 'rank' | 'points' | 'name';

export interface EnhancedMembersQuery {
  /** rank (default, ascending), points (descending), name (A–Z). */
  sort?: MembersSort;
  role?: LeagueRole;
  /** Case-insensitive part of the full name or username. */
  search?: string;
  page?: number;
  /** Default 20, at most 100. */
  page_size?: number;
}

export interface EnhancedMembersResponse extends Paging {
  members: EnhancedMember[];
}

/** Spec section 3 "Member stats". */
export interface MemberStats {
  total_members: number;
  /** Members with predictions in the current gameweek. */
  active_this_week: number;
  /** Whole-percent mean accuracy of the members with scored predictions. */
  avg_accuracy: number;
  /** Members holding a badge (rank 1–5, ties included). */
  top_performers: number;
}

export interface MemberStatsResponse {
  member_stats: MemberStats;
}

/** What an activity entry is about. */
export type ActivityCategory = 'membership' | 'performance' | 'ranking';
export type ActivityImportance = 'low' | 'medium' | 'high';
export type ActivityKind =
  | 'member_joined'
  | 'member_left'
  | 'request_approved'
  | 'gameweek_scored'
  | 'exact_score'
  | 'banker_hit'
  | 'rank_climbed'
  /** Issue 11 tables: a gameweek's / a month's winner (ties share the win: one entry each). */
  | 'gameweek_won'
  | 'month_won';

export const ACTIVITY_CATEGORIES: readonly ActivityCategory[] = ['membership', 'performance', 'ranking'];
export const ACTIVITY_IMPORTANCES: readonly ActivityImportance[] = ['low', 'medium', 'high'];
export const ACTIVITY_DAYS = [7, 30, 90] as const;
export type ActivityDays = (typeof ACTIVITY_DAYS)[number];

/** Spec section 3 "Activity". Avatars are initials (there are no pictures). */
export interface Activity {
  id: number;
  kind: ActivityKind;
  display_message: string;
  description: string;
  icon: string;
  importance: ActivityImportance;
  category: ActivityCategory;
  /** 'Just now' under 1 hour, then 'N hour(s) ago' under 24 hours, then 'N day(s) ago'. */
  time_since: string;
  created_at: string;
  actor_avatar: string | null;
  actor_name: string | null;
  target_avatar: string | null;
  target_name: string | null;
  is_current_user_involved: boolean;
  /**
   * The facts behind the entry, so a client can write the line in its own language (entries
   * written before a field existed lack it: show display_message / description then).
   */
  metadata: ActivityMetadata;
}

/** What an activity entry is about; which fields are set depends on the kind. */
export interface ActivityMetadata {
  /** exact_score, banker_hit (the prediction's points), gameweek_scored (the gameweek's total). */
  points?: number;
  /** rank_climbed: the new rank. */
  rank?: number;
  /** rank_climbed: places gained. */
  improvement?: number;
  /** exact_score, banker_hit, gameweek_scored, rank_climbed: the gameweek's number. */
  gameweek?: number;
  /**
   * exact_score, banker_hit, gameweek_scored, rank_climbed, gameweek_won: a tournament's round as
   * fans see it (game/round-name.ts: "Round of 32"); absent for a league's matchday, and in entries
   * written before it was kept.
   */
  round?: string;
  /** exact_score, banker_hit. */
  fixture_id?: number;
  /**
   * member_joined: 'create' (founded the league), 'join' (by code, by id or automatically),
   * 'approval' (after the owner approved the request). member_left: 'left' (of their own accord),
   * 'removed' (by the owner; the actor is then the owner), 'preferences' (a country or club change
   * took them out of an automatic league).
   */
  via?: 'create' | 'join' | 'approval' | 'left' | 'removed' | 'preferences';
  /** exact_score, banker_hit: the clubs' short names and the final score. */
  home?: string;
  away?: string;
  home_score?: number;
  away_score?: number;
  /** exact_score, banker_hit: whether the prediction was the player's banker (double points). */
  banker?: boolean;
  /** gameweek_scored: the player top-scored the gameweek in this league. */
  top?: boolean;
  /** gameweek_scored: exact scores the player called in the gameweek. */
  exact?: number;
  /** month_won: the calendar month 'YYYY-MM' (UTC) the won month is. */
  month?: string;
  /** gameweek_won, month_won: how many others share the win (0 for an outright win). */
  shared_with?: number;
}

export interface ActivityFeedQuery {
  category?: ActivityCategory;
  importance?: ActivityImportance;
  /** 7, 30 or 90; default 30. */
  days?: ActivityDays;
  page?: number;
  /** Default 10, at most 50. */
  page_size?: number;
}

/** Spec section 3 "Activity feed". */
export interface ActivityFeed {
  activities: Activity[];
  total_count: number;
  has_next: boolean;
  has_previous: boolean;
  page: number;
  page_size: number;
}

export interface ActivityFeedResponse {
  feed: ActivityFeed;
}

/** Spec section 3 "Activity stats". */
export interface ActivityStats {
  total_activities: number;
  /** Since midnight UTC. */
  activities_today: number;
  /** In the last 7 days. */
  activities_this_week: number;
  /** Whole percent of current members who appear in an activity of the last 30 days. */
  user_participation_rate: number;
}

export interface ActivityStatsResponse {
  stats: ActivityStats;
}

export interface Achievement {
  icon: string;
  title: string;
  description: string;
}

/** Spec section 3 "Member detail" — GET /leagues/{id}/members/{userId}/ (the member modal). */
export interface MemberDetail {
  member: {
    user_id: number;
    username: string;
    avatar: string;
    full_name: string;
    team_name: string | null;
    rank: number | null;
    total_points: number;
    prediction_accuracy: number;
    weeks_active: number;
    role: LeagueRole;
    badge: LeaderboardBadge | null;
  };
  achievements: Achievement[];
  /**
   * The member against the viewer: difference = member's points − viewer's points;
   * better_than_percent = whole percent of the league's other members the member outscores.
   */
  comparison: { difference: number; better_than_percent: number; viewer_total_points: number; is_self: boolean };
}

/** GET /leagues/{id}/players/{player}/ — the league player profile. */
export interface LeaguePlayerProfile {
  league: { id: number; name: string; type: LeagueKind };
  player: {
    user_id: number;
    username: string;
    /** Initials. */
    avatar: string;
    name: string;
    team: string | null;
    rank: number | null;
    badge: LeaderboardBadge | null;
    is_current_user: boolean;
  };
  stats: { total_points: number; total_predictions: number; accuracy: number; correct_scores: number };
  /** Same rules as the dashboard: up to 3 clubs with ≥ 3 scored predictions each. */
  hot_teams: TeamAccuracy[];
  cold_teams: TeamAccuracy[];
  /** The latest 5 gameweeks with predictions, newest first (the dashboard's shape). */
  recent_gameweeks: DashboardRecentGameweek[];
  insights: {
    best_gameweek_points: number;
    /** Rounded to a whole number. */
    average_points_per_gameweek: number;
    /** Sum of exact scores over recent_gameweeks. */
    recent_exact_scores: number;
  };
  /** Where "View all" fetches the full history: the stats API with ?player=. */
  history_path: string;
}
