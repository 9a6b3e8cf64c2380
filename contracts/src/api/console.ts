/**
 * The operator console's calls (issue 35), beside the admin calls of admin.ts. Admins only: anyone
 * else gets 404, as if the call did not exist. Every change goes through the same domain path as
 * the admin API and the results feed, and is audited.
 *
 * - GET /admin/feed/                                   → ApiEnvelope<FeedCompetitionState[]> (every active competition)
 * - GET /admin/feed/unmatched/                         → ApiEnvelope<FeedUnmatched[]> (open ones, newest first)
 * - PUT /admin/feed/teams/{providerTeamId}             FeedTeamLinkRequest  → ApiEnvelope<FeedUnmatched[]> (what is still open)
 * - PUT /admin/feed/matches/{providerMatchId}          FeedMatchLinkRequest → ApiEnvelope<FeedUnmatched[]>
 * - GET /admin/clubs/?competition=c                    → ApiEnvelope<ConsoleClub[]> (the clubs or national teams of that competition's active season)
 * - GET /admin/live/                                   → ApiEnvelope<AdminFixture[]> (matches in play, every competition)
 * - GET /admin/health/                                 → ApiEnvelope<ConsoleHealth>
 * - GET /admin/audit/?before=id&limit=n                → ApiEnvelope<AuditEntry[]> (newest first; default 50, at most 200)
 * - GET /admin/outbox/dead-letters/                    → ApiEnvelope<OutboxDeadLetter[]> (newest first, at most 100)
 * - POST /admin/outbox/dead-letters/{id}/replay        → ApiEnvelope<OutboxDeadLetter[]> (the dead letters left); 409 when it is no longer dead
 */

/** How the feed stands for one competition. */
export interface FeedCompetitionState {
  /** Scoreline's competition code ("en.1", "fifa.wc"). */
  competition: string;
  competition_name: string;
  /** "football-data" (also when its stand-in answers), or null when no provider is configured. */
  provider: string | null;
  /** The provider's code of the competition ("PL", "WC"); null when it is not mapped. */
  provider_code: string | null;
  /** True when the provider is the local stand-in (no FOOTBALL_DATA_TOKEN). */
  stand_in: boolean;
  last_poll_at: string | null;
  last_good_poll_at: string | null;
  /** Seconds since the last good poll; null before the first. */
  stale_seconds: number | null;
  /** Requests left in the provider's current minute, as it last said. */
  requests_left: number | null;
  next_poll_at: string | null;
  /** Matches of this competition in play now. */
  live_matches: number;
  /** Calls and matches refused in the last 24 hours (failed calls and bad rows). */
  errors_24h: number;
  /** The latest problems, newest first (at most 10). */
  recent_errors: FeedProblem[];
}

export interface FeedProblem {
  at: string;
  /** 'rate-limited' | 'unavailable' | 'timeout' | 'unauthorized' | 'bad-payload' | 'impossible-score' | 'status-backwards' | 'unknown-match' … */
  kind: string;
  message: string;
}

/** A provider team or match the feed could not match to ours: an operator maps it, nothing is guessed. */
export interface FeedUnmatched {
  kind: 'team' | 'match';
  competition: string;
  provider: string;
  /** The provider's id of the team or match. */
  provider_id: number;
  /** As the provider names it: "Korea Republic (KOR)", or "Korea Republic v Czechia, 2026-06-12T02:00:00Z". */
  description: string;
  first_seen_at: string;
  last_seen_at: string;
}

export interface FeedTeamLinkRequest {
  club_id: number;
}

export interface FeedMatchLinkRequest {
  fixture_id: number;
}

export interface ConsoleClub {
  id: number;
  name: string;
  short_name: string | null;
  code: string | null;
}

export interface ConsoleQueue {
  name: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export interface ConsoleHealth {
  queues: ConsoleQueue[];
  /** The queue board's address (same origin). */
  queue_board_url: string;
  outbox: {
    /** Events written and not yet handed to their queue. */
    pending: number;
    /** Age of the oldest pending event, in seconds; null when none is pending. */
    oldest_pending_seconds: number | null;
    /** Events whose hand-over keeps failing (newest first, at most 20). */
    failing: { id: number; name: string; attempts: number; last_error: string | null; created_at: string }[];
    /** Deliveries given up after OUTBOX_MAX_ATTEMPTS failed attempts and not replayed (GET /admin/outbox/dead-letters/ lists them). */
    dead_letters: number;
  };
  /** The reconciler's latest runs (newest first, at most 10). */
  reconciler: { at: string; repaired: number; summary: string }[];
  /** In the last 24 hours. */
  mail: { sent: number; failed: number };
  push: { sent: number; failed: number };
}

export interface AuditEntry {
  id: number;
  at: string;
  /** The operator; null when the results feed or the ops CLI made the change (or the operator's account is gone). */
  actor: { id: number; username: string } | null;
  /** The door it came through: the console or admin API, the results feed, the ops CLI. */
  via: 'console' | 'feed' | 'cli';
  /** The provider (feed) or the machine's user (CLI); null for the console. */
  via_detail: string | null;
  /** "fixture.result", "fixture.postpone", "fixture.reschedule", "fixture.teams", "season.import", "bonus.settle", "bonus.unsettle", "feed.team-link", "feed.match-link", "outbox.replay", "user.grant-admin" */
  action: string;
  /** What was changed, as a reader names it: "Fixture 123 (Arsenal v Chelsea)". */
  target: string;
  before: unknown;
  after: unknown;
}

/**
 * An event's delivery to one consumer (a queue) given up after OUTBOX_MAX_ATTEMPTS failed
 * attempts: nothing retries it until an operator replays it, which hands it to that consumer
 * again with its attempts reset (audited as 'outbox.replay').
 */
export interface OutboxDeadLetter {
  /** The dead letter's own id (the replay call's {id}). */
  id: number;
  event_id: number;
  /** The event's name ("result.recorded"). */
  event: string;
  /** The queue whose consumer kept failing ("scoring"). */
  consumer: string;
  attempts: number;
  /** The consumer's last error, credentials scrubbed (at most 500 characters). */
  last_error: string | null;
  event_created_at: string;
  first_failed_at: string;
  dead_at: string;
  /** When an operator last replayed it (it died again since); null if never. */
  replayed_at: string | null;
}
