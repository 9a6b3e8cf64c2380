import type { AdminFixture, RecordResultRequest, SideGoals } from '@scoreline/contracts/api/admin';

/** The result form as typed (every box is text until checked). */
export interface ResultDraft {
  home: string;
  away: string;
  status: 'live' | 'finished';
  minute: string;
  extraTime: boolean;
  extraHome: string;
  extraAway: string;
  penalties: boolean;
  penaltiesHome: string;
  penaltiesAway: string;
}

/** The request's fields, as the server names them in its field errors. */
export const RESULT_FIELDS = ['home_score', 'away_score', 'status', 'minute', 'extra_time', 'penalties'] as const;
export type ResultField = (typeof RESULT_FIELDS)[number];

/** Why a field is refused before sending (each a key under `matches.result.errors`). */
export type ResultProblem = 'goals' | 'minute' | 'extraTimeGoals' | 'extraTimeBelow' | 'penaltiesGoals' | 'penaltiesWithoutExtraTime' | 'penaltiesDrawn';

export const MAX_GOALS = 99;
export const MAX_MINUTE = 130;

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The form filled with what is stored: a match in play stays live, anything else is recorded as finished. */
export function draftOf(fixture: AdminFixture): ResultDraft {
  return {
    home: text(fixture.home_score),
    away: text(fixture.away_score),
    status: fixture.status === 'live' ? 'live' : 'finished',
    minute: text(fixture.minute),
    extraTime: fixture.extra_time !== null,
    extraHome: text(fixture.extra_time?.home),
    extraAway: text(fixture.extra_time?.away),
    penalties: fixture.penalties !== null,
    penaltiesHome: text(fixture.penalties?.home),
    penaltiesAway: text(fixture.penalties?.away),
  };
}

/** A whole number from `min` to `max` as typed, or null. */
function wholeNumber(value: string, min: number, max: number): number | null {
  const clean = value.trim();
  if (!/^\d{1,3}$/.test(clean)) return null;
  const n = Number(clean);
  return n >= min && n <= max ? n : null;
}

function goalsOf(home: string, away: string): SideGoals | null {
  const h = wholeNumber(home, 0, MAX_GOALS);
  const a = wholeNumber(away, 0, MAX_GOALS);
  return h === null || a === null ? null : { home: h, away: a };
}

/**
 * The request to send, or the problem of each field the server would refuse: goals 0–99, a minute
 * 1–130 only while live (optional), extra time never below the 90-minute score (it counts the
 * whole match), penalties only with extra time and never drawn. What only the server knows (is
 * this a knockout match? a second leg?) is left to it: its 400 names the field.
 */
export function checkResultDraft(draft: ResultDraft): { ok: true; body: RecordResultRequest } | { ok: false; errors: Partial<Record<ResultField, ResultProblem>> } {
  const errors: Partial<Record<ResultField, ResultProblem>> = {};
  const home = wholeNumber(draft.home, 0, MAX_GOALS);
  const away = wholeNumber(draft.away, 0, MAX_GOALS);
  if (home === null) errors.home_score = 'goals';
  if (away === null) errors.away_score = 'goals';

  let minute: number | undefined;
  if (draft.status === 'live' && draft.minute.trim() !== '') {
    const m = wholeNumber(draft.minute, 1, MAX_MINUTE);
    if (m === null) errors.minute = 'minute';
    else minute = m;
  }

  let extraTime: SideGoals | null = null;
  if (draft.extraTime) {
    extraTime = goalsOf(draft.extraHome, draft.extraAway);
    if (extraTime === null) errors.extra_time = 'extraTimeGoals';
    else if (home !== null && away !== null && (extraTime.home < home || extraTime.away < away)) errors.extra_time = 'extraTimeBelow';
  }

  let penalties: SideGoals | null = null;
  if (draft.penalties) {
    penalties = goalsOf(draft.penaltiesHome, draft.penaltiesAway);
    if (!draft.extraTime) errors.penalties = 'penaltiesWithoutExtraTime';
    else if (penalties === null) errors.penalties = 'penaltiesGoals';
    else if (penalties.home === penalties.away) errors.penalties = 'penaltiesDrawn';
  }

  if (Object.keys(errors).length > 0 || home === null || away === null) return { ok: false, errors };
  const body: RecordResultRequest = { home_score: home, away_score: away, status: draft.status, extra_time: extraTime, penalties };
  if (minute !== undefined) body.minute = minute;
  return { ok: true, body };
}
