import type { OtpPurpose } from './api/auth';
import type { LeagueKind } from './api/leagues';

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
    /** The plain code travels only inside the outbox/queue, never in the API answer. */
    code: string;
    /** Identifies this code so that a retried send is not a second email. */
    otpId: number;
    expiresAt: string;
  };
  'member.joined': { leagueId: number; userId: number; leagueType: LeagueKind; via: 'automatic' | 'code' | 'public' | 'approval' | 'create' };
}

export type DomainEventName = keyof DomainEventMap;

export interface DomainEvent<N extends DomainEventName = DomainEventName> {
  /** Outbox row id: unique, used as the BullMQ job id so duplicates collapse. */
  id: number;
  name: N;
  payload: DomainEventMap[N];
  occurredAt: string;
}
