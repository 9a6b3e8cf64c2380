/**
 * A results provider, as the feed sees it (issue 35): one call answers a competition's matches in a
 * window of days, already checked against the provider's schema and turned into these plain
 * shapes. football-data.org v4 is one implementation (football-data/); a second provider is one
 * more file implementing `ResultsProvider`, not a rewrite of the feed.
 */

/** Where a provider's match stands. The provider's own words are mapped onto these. */
export type ProviderMatchStatus =
  | 'scheduled' // SCHEDULED, TIMED: not started
  | 'live' // IN_PLAY
  | 'paused' // PAUSED: half time, or the break before extra time or penalties
  | 'finished' // FINISHED
  | 'suspended' // SUSPENDED: stopped during play, to be resumed or replayed
  | 'postponed' // POSTPONED
  | 'cancelled' // CANCELLED
  | 'awarded'; // AWARDED: a result decided at the table

export interface ProviderTeam {
  /** The provider's id of the team; null while the side is not known yet (a knockout slot). */
  id: number | null;
  name: string | null;
  shortName: string | null;
  /** Three-letter code ("ENG", "ARS"). */
  tla: string | null;
}

export interface Goals {
  home: number;
  away: number;
}

export interface ProviderMatch {
  /** The provider's id of the match: stable for the match's life. */
  id: number;
  kickoffAt: Date;
  status: ProviderMatchStatus;
  /** The minute of play while live, when the provider tells it (its paid tiers do). */
  minute: number | null;
  /** The provider's matchday (league rounds, group matchdays); null for knockout rounds. */
  matchday: number | null;
  /** The provider's stage ("REGULAR_SEASON", "GROUP_STAGE", "LAST_32", … "FINAL"). */
  stage: string | null;
  home: ProviderTeam;
  away: ProviderTeam;
  /**
   * The score after 90 minutes and stoppage time: the running score while the match is in its
   * regular time, the regular time's once extra time started. Null before kick-off.
   */
  regularTime: Goals | null;
  /** The whole match's score after extra time (regular time + extra time), once extra time started. */
  extraTime: Goals | null;
  /** The shoot-out's own score, once it started. */
  penalties: Goals | null;
  /** When the provider last changed this match. */
  lastUpdated: Date | null;
}

/** One successful answer: the matches, and what the provider says of its budget. */
export interface ProviderAnswer {
  matches: ProviderMatch[];
  /** Requests left in the current minute (football-data: X-Requests-Available-Minute), when told. */
  requestsLeft: number | null;
  /** Seconds until the budget resets (football-data: X-RequestCounter-Reset), when told. */
  resetSeconds: number | null;
}

/** Why a call failed. Each is logged, counted and shown in the console; none writes anything. */
export type ProviderFailureKind =
  | 'rate-limited' // 429: wait `retryAfterSeconds`
  | 'unavailable' // 5xx, refused connection, reset
  | 'timeout' // no answer within the call's time limit
  | 'unauthorized' // 401/403: the token is wrong or lacks the competition
  | 'bad-payload'; // not JSON, or JSON that breaks the provider's schema

export class ProviderFailure extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    /** For 'rate-limited': how long the provider asks us to wait. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderFailure';
  }
}

export interface MatchWindow {
  /** First and last day (UTC, inclusive) of the matches asked for. */
  from: Date;
  to: Date;
}

export interface ResultsProvider {
  /** Short name used in logs, metrics and the stored links ("football-data"). */
  readonly name: string;
  /**
   * The matches of one competition (the provider's code, e.g. "PL", "WC") in the window. Throws
   * ProviderFailure, never anything else; a match row that breaks the schema fails the whole
   * answer (a half-read answer would write half a match day).
   */
  matches(providerCompetition: string, window: MatchWindow): Promise<ProviderAnswer>;
}
