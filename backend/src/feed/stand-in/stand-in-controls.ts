/**
 * The stand-in's scripting, pure: faults, patches, and the checks of what its control routes
 * (/__stand-in/…) and query strings accept. Every refusal is a sentence for a 400.
 */
import { isPlainObject } from '../../season-import/match-row-rules';

export const STAND_IN_FAULTS = ['429', '500', 'timeout', 'malformed', 'schema'] as const;
/**
 * '429': the provider's rate-limit answer; '500': a server error; 'timeout': the request is held
 * open and never answered; 'malformed': a 200 that is not JSON; 'schema': valid JSON breaking the schema.
 */
export type StandInFault = (typeof STAND_IN_FAULTS)[number];

export const MAX_FAULT_TIMES = 1000;
export const MAX_DOWN_MS = 24 * 60 * 60 * 1000;

export type DeepPartial<T> = T extends (infer U)[] ? U[] : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

const describe = (v: unknown): string => (v === undefined ? 'nothing' : JSON.stringify(v)?.slice(0, 80) ?? String(v));

export function isStandInFault(kind: unknown): kind is StandInFault {
  return typeof kind === 'string' && (STAND_IN_FAULTS as readonly string[]).includes(kind);
}

/** How many times a fault is served: a whole number 1–1000, once by default. */
export function faultTimesProblem(times: unknown): string | null {
  if (times === undefined || (typeof times === 'number' && Number.isInteger(times) && times >= 1 && times <= MAX_FAULT_TIMES)) return null;
  return `times: expected a whole number 1–${MAX_FAULT_TIMES}, got ${describe(times)}`;
}

/** POST /__stand-in/fail {kind, times?}. */
export function checkFailBody(body: unknown): Checked<{ kind: StandInFault; times: number }> {
  if (!isPlainObject(body)) return { ok: false, problem: `expected {"kind": …, "times": n}, got ${describe(body)}` };
  if (!isStandInFault(body.kind)) return { ok: false, problem: `kind: expected one of ${STAND_IN_FAULTS.join(', ')}, got ${describe(body.kind)}` };
  const times = faultTimesProblem(body.times);
  if (times) return { ok: false, problem: times };
  return { ok: true, value: { kind: body.kind, times: (body.times as number | undefined) ?? 1 } };
}

/** How long the provider stays down: a whole number of milliseconds, 1 ms – 24 h. */
export function downMsProblem(ms: unknown): string | null {
  if (typeof ms === 'number' && Number.isInteger(ms) && ms >= 1 && ms <= MAX_DOWN_MS) return null;
  return `ms: expected a whole number of milliseconds 1–${MAX_DOWN_MS}, got ${describe(ms)}`;
}

/** POST /__stand-in/down {ms}. */
export function checkDownBody(body: unknown): Checked<{ ms: number }> {
  if (!isPlainObject(body)) return { ok: false, problem: `expected {"ms": n}, got ${describe(body)}` };
  const problem = downMsProblem(body.ms);
  return problem ? { ok: false, problem } : { ok: true, value: { ms: body.ms as number } };
}

/** football-data's competition codes: "PL", "BL1", "WC". */
export const PROVIDER_CODE_RE = /^[A-Z][A-Z0-9]{1,7}$/;

/** A match id in a path: a whole positive number. */
export function matchIdOf(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= 0x7fffffff ? id : null;
}

/** A patch is an object of fields to change (nested objects merge, anything else replaces). */
export function checkPatchBody(body: unknown): Checked<Record<string, unknown>> {
  if (!isPlainObject(body)) return { ok: false, problem: `expected an object of the fields to change, got ${describe(body)}` };
  if ('id' in body) return { ok: false, problem: 'id: a patch cannot change the match id' };
  return { ok: true, value: body };
}

/** `patch` laid over `target`: nested objects merge, arrays and everything else replace, null sets null. */
export function deepMerge<T>(target: T, patch: unknown): T {
  if (!isPlainObject(patch) || !isPlainObject(target)) return patch as T;
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    out[key] = isPlainObject(value) && isPlainObject(out[key]) ? deepMerge(out[key], value) : value;
  }
  return out as T;
}

// ---------------------------------------------------------------------------------------
// The matches endpoint's query
// ---------------------------------------------------------------------------------------

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDay(day: string): boolean {
  const m = DAY_RE.exec(day);
  if (!m) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

export interface DayWindow {
  /** Inclusive UTC days, YYYY-MM-DD; null: no filter (the whole season). */
  from: string | null;
  to: string | null;
}

/** dateFrom and dateTo: both real days, from ≤ to, or neither (as the provider asks). */
export function checkDayWindow(query: URLSearchParams): Checked<DayWindow> {
  const from = query.get('dateFrom');
  const to = query.get('dateTo');
  if (from === null && to === null) return { ok: true, value: { from: null, to: null } };
  if (from === null || to === null) return { ok: false, problem: 'dateFrom and dateTo go together: give both or neither.' };
  for (const [name, day] of [['dateFrom', from], ['dateTo', to]] as const) {
    if (!isRealDay(day)) return { ok: false, problem: `${name}: expected a day as YYYY-MM-DD, got ${describe(day)}.` };
  }
  if (from > to) return { ok: false, problem: `dateFrom (${from}) is after dateTo (${to}).` };
  return { ok: true, value: { from, to } };
}

/** Whether an instant ("2026-06-11T19:00:00Z") falls on a day of the window. */
export function inDayWindow(utcDate: string, window: DayWindow): boolean {
  const day = utcDate.slice(0, 10);
  return (window.from === null || day >= window.from) && (window.to === null || day <= window.to);
}
