import type { OtpPurpose } from './api/auth';
import type { LanguageSetting } from './api/preferences';
import type { LeagueKind } from './api/leagues';
import type { FixtureStatus } from './game/gameweek-status';

/**
 * Domain events: names fixed, payloads typed once. Producers write them to the outbox
 * in the same transaction as the change; workers consume them from BullMQ.
 */
export interface DomainEventMap {
  'user.registered': { userId: number; email: string; username: string };
  'otp.requested': {
    userId: number;
    email: string;
    firstName: string;
    purpose: OtpPurpose;
    /**
     * The code sealed for the mail sender (AES-256-GCM under a key derived from JWT_SECRET,
     * backend/src/auth/sealed-code.ts): the outbox and the queues never hold a usable code.
     * null once the email went out: the sender scrubs it from the outbox row.
     */
    sealedCode: string | null;
    /** Identifies this code so that a retried send is not a second email. */
    otpId: number;
    expiresAt: string;
  };
  /**
   * Someone signed up with the email of an existing account: its owner is told (instead of a
   * code) to sign in or reset the password. The sign-up answer itself is the usual one.
   */
  'account.exists': { userId: number; email: string; firstName: string; language: LanguageSetting };
  'member.joined': { leagueId: number; userId: number; leagueType: LeagueKind; via: 'automatic' | 'code' | 'public' | 'approval' | 'create' };
  'member.left': { leagueId: number; userId: number; leagueType: LeagueKind; via: 'left' | 'removed' | 'preferences' };
  'request.created': { requestId: number; leagueId: number; userId: number; ownerId: number };
  'request.approved': { requestId: number; leagueId: number; userId: number; ownerId: number };
  'request.rejected': { requestId: number; leagueId: number; userId: number; ownerId: number };
  'prediction.saved': { userId: number; seasonId: number; gameweekId: number; fixtureIds: number[]; bankerFixtureId: number | null };
  /**
   * A fixture's score or status changed (kick-off, goal, final whistle, postponement, reschedule).
   * Carries the fixture's row as written in the same transaction: the live push is built from it,
   * and scoring re-reads only what it scores under its lock, so replays end in the same state.
   */
  'result.recorded': {
    fixtureId: number;
    seasonId: number;
    gameweekId: number;
    status: FixtureStatus;
    homeScore: number | null;
    awayScore: number | null;
    minute: number | null;
    /**
     * The score or status changed with this record: a goal, a correction, full time, a
     * postponement. False for the minute ticking on or a new kick-off time, which move no table.
     */
    scoreMoved: boolean;
  };
  /**
   * Raised by the scoring worker once a fixture's predictions and the users' totals are refreshed;
   * `status` is the fixture's status it scored (consumers need not read the fixture again for it).
   */
  'scores.updated': { fixtureId: number; seasonId: number; gameweekId: number; status: FixtureStatus; final: boolean };
  /**
   * Bonus points moved (a question settled, corrected or taken back, by an operator, the results or
   * a league's owner): written in the same transaction as the points. `leagueId` null: a
   * competition's questions (every league of the season's competition with an answerer); else that
   * private league's own questions.
   */
  'bonus.settled': { seasonId: number; leagueId: number | null };
}

export type DomainEventName = keyof DomainEventMap;

/**
 * One domain event whose name is among N: a union over the names, discriminated by `name`, so
 * `switch (event.name)` narrows the payload with no cast.
 */
export type DomainEventOf<N extends DomainEventName> = {
  [K in N]: {
    /** Outbox row id: unique, used as the BullMQ job id so duplicates collapse. */
    id: number;
    name: K;
    payload: DomainEventMap[K];
    occurredAt: string;
  };
}[N];

/** Any domain event (given names, one of those: the same as DomainEventOf). */
export type DomainEvent<N extends DomainEventName = DomainEventName> = DomainEventOf<N>;
