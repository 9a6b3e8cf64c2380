import type {
  Activity,
  EnhancedMember,
  JoinRequest,
  LeaderboardResponse,
  LeaderboardRow,
  League,
  LeaguesOverview,
  OverviewLeagueEntry,
} from '@scoreline/contracts/api/leagues';

/** Small builders for the leagues tests (answers shaped as the contract says). */
export function makeLeague(overrides: Partial<League> = {}): League {
  return {
    id: 7,
    name: 'Office Predictors',
    type: 'private',
    description: 'Bragging rights at the coffee machine.',
    code: 'K7PQ2XMA',
    member_count: 3,
    created_at: '2026-08-01T10:00:00Z',
    is_owner: false,
    max_members: 20,
    is_member: true,
    role: 'member',
    owner_name: 'Ada Lovelace',
    country_name: null,
    country_flag: null,
    club_name: null,
    club_logo: null,
    competition: { code: 'en.1', name: 'Premier League', kind: 'league' },
    ...overrides,
  };
}

export function makeEntry(league: Partial<League>, role: 'owner' | 'member' = 'member', rank: number | null = 1): OverviewLeagueEntry {
  return { league: makeLeague(league), role, rank };
}

export function makeOverview(overrides: Partial<LeaguesOverview> = {}): LeaguesOverview {
  const privates = [makeEntry({ id: 11, name: 'Office Predictors' }, 'owner', 1), makeEntry({ id: 12, name: 'Family Cup' }, 'member', 3)];
  const publics = [makeEntry({ id: 21, name: 'Pub Quiz Legends', type: 'public', code: null, max_members: null }, 'member', 8)];
  return {
    country_league: {
      league: makeLeague({ id: 2, name: 'England', type: 'country', code: null, max_members: null }),
      country_flag: '🏴',
      country_name: 'England',
      rank: 4,
      message: 'You are ranked #4 of 120.',
    },
    global_league: { league: makeLeague({ id: 1, name: 'Global League', type: 'global', code: null, max_members: null }), rank: 12, message: 'You are ranked #12 of 900.' },
    club_league: {
      league: makeLeague({ id: 3, name: 'Arsenal Fans', type: 'club', code: null, max_members: null }),
      club_logo: null,
      club_name: 'Arsenal',
      rank: 2,
      message: 'You are ranked #2 of 40.',
    },
    private_leagues: { count: privates.length, leagues: privates, message: 'You are in 2 private leagues.' },
    public_leagues: { count: publics.length, leagues: publics, message: 'You are in 1 public league.' },
    total_leagues: { count: 6, message: 'You are in 6 leagues.' },
    ...overrides,
  };
}

export function makeRow(rank: number, overrides: Partial<LeaderboardRow> = {}): LeaderboardRow {
  const name = overrides.full_name ?? `Player ${rank}`;
  return {
    user_id: 100 + rank,
    username: `player${rank}`,
    rank,
    previous_rank: rank,
    full_name: name,
    name,
    team_name: 'Arsenal',
    team: 'Arsenal',
    recent_points: 10,
    total_points: 200 - rank * 10,
    badge: rank === 1 ? 'crown' : rank <= 3 ? 'medal' : rank <= 5 ? 'star' : null,
    is_current_user: false,
    provisional: false,
    ...overrides,
  };
}

export function makeLeaderboard(rows: LeaderboardRow[], overrides: Partial<LeaderboardResponse> = {}): LeaderboardResponse {
  return {
    leaderboard: rows,
    current_user: rows.find((r) => r.is_current_user) ?? null,
    recent_gameweek: 5,
    updated_at: '2026-09-01T12:00:00Z',
    page: 1,
    page_size: 50,
    total_count: rows.length,
    total_pages: 1,
    has_next: false,
    has_previous: false,
    ...overrides,
  };
}

export function makeMember(n: number, overrides: Partial<EnhancedMember> = {}): EnhancedMember {
  return {
    user_id: 200 + n,
    username: `member${n}`,
    rank: n,
    full_name: `Member ${n}`,
    team_name: 'Chelsea',
    role: 'member',
    prediction_accuracy: 50,
    weeks_active: 4,
    is_active_this_gameweek: true,
    recent_points: 12,
    total_points: 300 - n,
    is_current_user: false,
    badge: null,
    joined_at: '2026-08-02T10:00:00Z',
    ...overrides,
  };
}

export function makeRequest(user: number, overrides: Partial<JoinRequest> = {}): JoinRequest {
  return {
    id: user + 1000,
    user,
    username: `fan${user}`,
    user_full_name: `Fan ${user}`,
    message: 'Let me in!',
    created_at: '2026-09-01T09:00:00Z',
    status: 'pending',
    ...overrides,
  };
}

export function makeActivity(id: number, overrides: Partial<Activity> = {}): Activity {
  return {
    id,
    kind: 'member_joined',
    display_message: `Activity number ${id}`,
    description: '',
    icon: 'user-plus',
    importance: 'medium',
    category: 'membership',
    time_since: 'Just now',
    created_at: '2026-09-01T09:00:00Z',
    actor_avatar: 'AL',
    actor_name: 'Ada Lovelace',
    target_avatar: null,
    target_name: null,
    is_current_user_involved: false,
    metadata: {},
    ...overrides,
  };
}
