import { COMPETITION_CODE_PATTERN, type Competition } from '@scoreline/contracts/api/competitions';
import { defaultCompetition } from '@scoreline/contracts/game/default-competition';

/**
 * Which competition the fan's screens show (issue 34), as this browser keeps it: the shared
 * switcher's choice and the server's saved preference (PUT /auth/preferences/
 * `current_competition`), which is what the server answers when a request names none.
 */
export interface CompetitionChoice {
  /** The competition the screens show; null: none chosen (the server's default). */
  chosen: string | null;
  /** The server's `current_competition` as last seen; null: none saved. */
  saved: string | null;
  /** The choice was made for the fan (reconcileCompetitionChoice), not by them: the saved preference replaces it when it arrives. */
  auto: boolean;
  /** Whether the switcher showed last time (several competitions): its place is kept while the list loads. */
  several: boolean;
}

export const COMPETITION_STORAGE_KEY = 'scoreline.competition';

export const NO_COMPETITION_CHOICE: CompetitionChoice = { chosen: null, saved: null, auto: false, several: false };

/** A competition code, or null for anything else (the cache and a URL may hold anything). */
export function competitionCode(value: unknown): string | null {
  return typeof value === 'string' && COMPETITION_CODE_PATTERN.test(value) ? value : null;
}

export function cleanCompetitionChoice(raw: unknown): CompetitionChoice {
  const value = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  return { chosen: competitionCode(value.chosen), saved: competitionCode(value.saved), auto: value.auto === true, several: value.several === true };
}

/**
 * What a request sends as `?competition=`: nothing while the choice is the saved preference (the
 * server's default), so its answer is the same as the early boot's (build/first-screens.mjs),
 * which names no competition; the choice otherwise.
 */
export function competitionParam(state: CompetitionChoice): string | undefined {
  return state.chosen !== null && state.chosen !== state.saved ? state.chosen : undefined;
}

/** The `query` option of a call that takes `?competition=` and nothing else: none when the param is left out (an early answer can match only then). */
export function competitionQuery(param: string | undefined): { competition: string } | undefined {
  return param === undefined ? undefined : { competition: param };
}

/**
 * The server's saved preference arrived (GET or PUT /auth/preferences/). The screens follow it
 * unless the fan chose otherwise on this device since the last one seen (a switch still saving,
 * a link that named a competition): a change made on another device reaches this one.
 */
export function withServerCompetition(state: CompetitionChoice, server: string | null): CompetitionChoice {
  if (server === state.saved) return state;
  const followsServer = state.chosen === null || state.auto || state.chosen === state.saved;
  return followsServer ? { ...state, saved: server, chosen: server, auto: false } : { ...state, saved: server };
}

/** Whether the switcher shows: the fan plays several competitions, or several are being played. */
export function offersSeveral(competitions: readonly Competition[]): boolean {
  return competitions.length > 1 || competitions.filter((c) => c.playing).length > 1;
}

/**
 * The choice against the competitions being played (GET /competitions/): a choice no longer
 * played is dropped (its requests would answer 404); with several on offer and none chosen, the
 * saved one if still played, else the first the fan plays, else the first one, so the switcher
 * and the screens name the same competition. With one competition nothing is chosen: the requests
 * stay as they were before competitions existed.
 */
export function reconcileCompetitionChoice(state: CompetitionChoice, competitions: readonly Competition[]): CompetitionChoice {
  const several = offersSeveral(competitions);
  const active = (code: string | null) => code !== null && competitions.some((c) => c.code === code);
  let chosen = active(state.chosen) ? state.chosen : null;
  let auto = chosen === null ? false : state.auto;
  if (chosen === null && several) {
    chosen = serverDefaultCompetition(competitions, state.saved);
    auto = true;
  }
  return chosen === state.chosen && auto === state.auto && several === state.several ? state : { ...state, chosen, auto, several };
}

/**
 * The competition a request naming none answers for, by the server's own rule (defaultCompetition):
 * the saved one while the fan plays it, else the first they play (the list has those first, in the
 * order they started), else the first listed.
 */
export function serverDefaultCompetition(competitions: readonly Competition[], saved: string | null): string | null {
  return defaultCompetition(
    competitions.map((c) => c.code),
    { current: saved, played: competitions.filter((c) => c.playing).map((c) => c.code) },
  );
}

/**
 * Whether the answers asked naming no competition (under a null key, `before`) are those of the
 * competition `after` now names, so they may stand under its key instead of being asked again (a
 * fresh device's first screens, once the preferences and the list name the competition). They
 * are when its requests still name none (the same request), or when it was picked for the fan as
 * the server's default; not when the fan or a link chose it.
 */
export function carriesDefaultAnswers(before: CompetitionChoice, after: CompetitionChoice, competitions: readonly Competition[] | undefined): boolean {
  if (before.chosen !== null || after.chosen === null) return false;
  if (competitionParam(after) === undefined) return true;
  return after.auto && competitions !== undefined && after.chosen === serverDefaultCompetition(competitions, after.saved);
}

/**
 * `placeholderData` for a per-competition query (its key ends with the competition): the previous
 * page stays up while the next loads (keepPreviousData), but never another competition's answer.
 */
export function keepPreviousInCompetition(competition: string | null) {
  return <T>(previous: T | undefined, previousQuery: { queryKey: readonly unknown[] } | undefined): T | undefined =>
    previousQuery && previousQuery.queryKey.at(-1) === competition ? previous : undefined;
}
