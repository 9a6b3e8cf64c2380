import type { AuditEntry } from '@scoreline/contracts/api/console';
import type { ImportSeasonResult } from '@scoreline/contracts/api/admin';
import type { Actor } from './actor';

/** The actions audited; the console lists them by these names. */
export type AuditAction =
  | 'fixture.result'
  | 'fixture.postpone'
  | 'fixture.reschedule'
  | 'fixture.teams'
  | 'season.import'
  | 'bonus.settle'
  | 'bonus.unsettle'
  | 'feed.team-link'
  | 'feed.match-link'
  | 'outbox.replay'
  | 'user.grant-admin';

/** One action to record, in the transaction that made it. */
export interface AuditRecord {
  actor: Actor;
  action: AuditAction;
  /** What was changed, as a reader names it: "Fixture 123 (Arsenal v Chelsea)". */
  target: string;
  /** The target before and after the action (JSON); null where there was none (an import's before). */
  before: unknown;
  after: unknown;
}

/** An operator_audit row with its operator's name. */
export interface AuditRow {
  id: string;
  at: Date;
  actor_user_id: number | null;
  username: string | null;
  via: 'console' | 'feed' | 'cli';
  via_detail: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/** Default and largest page of GET /admin/audit/. */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    // A departed operator's rows keep their action with no one named (as a feed change reads).
    actor: row.actor_user_id !== null && row.username !== null ? { id: row.actor_user_id, username: row.username } : null,
    via: row.via,
    via_detail: row.via_detail,
    action: row.action,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** "Fixture 123 (Arsenal v Chelsea)". */
export function fixtureTarget(fixture: { id: number; home_team: string; away_team: string }): string {
  return `Fixture ${fixture.id} (${fixture.home_team} v ${fixture.away_team})`;
}

/**
 * Whether a change is audited. An operator's every accepted call is (the audit is of what
 * operators did, so a call that changed nothing is listed too, its before equal to its after);
 * the feed's only when it changed something, since it states the same score at every poll.
 * `updated_at` is no change of its own: a write stamps it whether anything moved or not.
 */
export function isAudited(actor: Actor, before: unknown, after: unknown): boolean {
  return actor.kind !== 'feed' || !sameIgnoringStamp(before, after);
}

function sameIgnoringStamp(before: unknown, after: unknown): boolean {
  return stableJson(withoutStamp(before)) === stableJson(withoutStamp(after));
}

function withoutStamp(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const { updated_at: _stamp, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** What an import's audit row keeps of its result: the counts, not every refused row or club. */
export function seasonImportSummary(result: ImportSeasonResult): Record<string, unknown> {
  return {
    season: result.season,
    gameweeks: result.gameweeks,
    fixtures: result.fixtures,
    refused: result.refused.length,
    clubs_created: result.clubs_created.length,
    results_recorded: result.results_recorded,
    shift_days: result.shift_days,
    ...(result.tournament ? { tournament: { placeholders: result.tournament.placeholders, missing: result.tournament.missing.length } } : {}),
  };
}
