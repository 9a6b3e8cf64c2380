import { vi } from 'vitest';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import type { Competition } from '@scoreline/contracts/api/competitions';
import type { AuditEntry, ConsoleHealth, FeedCompetitionState, FeedUnmatched, OutboxDeadLetter } from '@scoreline/contracts/api/console';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';

export type StubAnswer = { status?: number; body?: unknown };
/** Sees the full URL (query included) and the request; may answer later (a pending call). */
export type StubHandler = (url: URL, init: RequestInit | undefined) => StubAnswer | Promise<StubAnswer>;

/** Stubs fetch with answers per "METHOD /api/path"; unknown calls answer 404, as for a non-admin. */
export function stubApi(handlers: Record<string, StubHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const handler = handlers[`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`];
    const answer = handler ? await handler(url, init) : { status: 404, body: { message: 'Not found' } };
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to a path with a method: their URLs and parsed JSON bodies, in order. */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, method: string, path: string): { url: URL; body: unknown }[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter((c) => c.url.pathname === path && (c.init?.method ?? 'GET').toUpperCase() === method)
    .map((c) => ({ url: c.url, body: c.init?.body ? JSON.parse(String(c.init.body)) : undefined }));
}

/** Signed in with dates shown in UTC, in `language` (English unless told). */
export function signIn(language: 'en' | 'de' | 'es' | 'fr' = 'en') {
  localStorage.setItem('authToken', 'tok');
  localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'dark', language, timezone: 'UTC' }));
}

export const profile = (isAdmin: boolean) => () => ({
  body: { data: { id: 1, username: isAdmin ? 'ops_ada' : 'fan_fred', email: 'x@example.com', first_name: 'A', last_name: 'B', is_admin: isAdmin, completed_onboarding: true } },
});

export const COMPETITIONS: Competition[] = [
  { code: 'en.1', name: 'Premier League', kind: 'league', season: { id: 7, name: 'Premier League 2097/98' }, first_kickoff: null, playing: true, team: null, team_locked: false },
  { code: 'fifa.wc', name: 'World Cup', kind: 'tournament', season: { id: 8, name: 'World Cup 2098' }, first_kickoff: null, playing: true, team: null, team_locked: false },
];

/** The calls every console screen makes: the admin's profile and the competitions being played. */
export function adminBase(): Record<string, StubHandler> {
  return {
    'GET /api/auth/profile/': profile(true),
    'GET /api/competitions/': () => ({ body: { data: COMPETITIONS } }),
  };
}

export function makeFeedState(over: Partial<FeedCompetitionState> = {}): FeedCompetitionState {
  return {
    competition: 'en.1',
    competition_name: 'Premier League',
    provider: 'football-data',
    provider_code: 'PL',
    stand_in: false,
    last_poll_at: '2097-08-16T14:58:00Z',
    last_good_poll_at: '2097-08-16T14:58:00Z',
    stale_seconds: 130,
    requests_left: 7,
    next_poll_at: '2097-08-16T15:00:00Z',
    live_matches: 2,
    errors_24h: 1,
    recent_errors: [{ at: '2097-08-16T13:00:00Z', kind: 'rate-limited', message: 'The provider said 429: wait 30 s.' }],
    ...over,
  };
}

export function makeUnmatched(over: Partial<FeedUnmatched> = {}): FeedUnmatched {
  return {
    kind: 'team',
    competition: 'fifa.wc',
    provider: 'football-data',
    provider_id: 501,
    description: 'Korea Republic (KOR)',
    first_seen_at: '2097-08-16T12:00:00Z',
    last_seen_at: '2097-08-16T14:00:00Z',
    ...over,
  };
}

export function makeFixture(over: Partial<AdminFixture> = {}): AdminFixture {
  return {
    id: 33,
    season_id: 7,
    gameweek_id: 301,
    gameweek: 1,
    external_key: null,
    home_team: 'Arsenal',
    away_team: 'Chelsea',
    match_time: '2097-08-16T14:00:00Z',
    kickoff_confirmed: true,
    status: 'scheduled',
    home_score: null,
    away_score: null,
    minute: null,
    awarded: false,
    extra_time: null,
    penalties: null,
    updated_at: '2097-08-01T00:00:00Z',
    ...over,
  };
}

export function makeGameweek(number: number, over: Partial<GameweekSummary> = {}): GameweekSummary {
  return {
    id: 300 + number,
    number,
    name: `Gameweek ${number}`,
    status: 'upcoming',
    starts_at: '2097-08-16T14:00:00Z',
    ends_at: '2097-08-16T19:00:00Z',
    deadline: '2097-08-16T14:00:00Z',
    is_open: true,
    fixture_count: 10,
    ...over,
  };
}

export function makeAuditEntry(id: number, over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2097-08-16T15:00:00Z',
    actor: { id: 1, username: 'ops_ada' },
    via: 'console',
    via_detail: null,
    action: 'fixture.result',
    target: `Fixture ${id} (Arsenal v Chelsea)`,
    before: { status: 'live', home_score: 1, away_score: 0, minute: 80 },
    after: { status: 'finished', home_score: 2, away_score: 0, minute: null },
    ...over,
  };
}

export function makeHealth(over: Partial<ConsoleHealth> = {}): ConsoleHealth {
  return {
    queues: [
      { name: 'scoring', waiting: 3, active: 1, delayed: 0, failed: 0 },
      { name: 'notifications', waiting: 0, active: 0, delayed: 12, failed: 4 },
    ],
    queue_board_url: '/admin/queues/',
    outbox: {
      pending: 5,
      oldest_pending_seconds: 95,
      failing: [{ id: 91, name: 'result.recorded', attempts: 6, last_error: 'Redis connection refused', created_at: '2097-08-16T14:00:00Z' }],
      dead_letters: 0,
    },
    reconciler: [{ at: '2097-08-16T14:30:00Z', repaired: 2, summary: 'Rescored 2 predictions of fixture 33.' }],
    mail: { sent: 120, failed: 1 },
    push: { sent: 340, failed: 0 },
    ...over,
  };
}

export function makeDeadLetter(id: number, over: Partial<OutboxDeadLetter> = {}): OutboxDeadLetter {
  return {
    id,
    event_id: 4000 + id,
    event: 'result.recorded',
    consumer: 'scoring',
    attempts: 10,
    last_error: 'fixture 33 has no gameweek',
    event_created_at: '2097-08-16T14:00:00Z',
    first_failed_at: '2097-08-16T14:00:01Z',
    dead_at: '2097-08-16T14:05:00Z',
    replayed_at: null,
    ...over,
  };
}
