import { COMPETITION_CODE_PATTERN } from '@scoreline/contracts/api/competitions';

/** Why a pasted or uploaded file cannot be sent (keys under `import.errors`). */
export type SeasonFileProblem = 'empty' | 'json' | 'shape';

/**
 * The season object of an openfootball football.json file, or why it is none: it must parse as
 * JSON and be an object with a name and a list of matches. Rows are the server's to judge (it
 * reports each one it refuses).
 */
export function parseSeasonFile(text: string): { ok: true; season: Record<string, unknown>; matches: number } | { ok: false; problem: SeasonFileProblem } {
  if (text.trim() === '') return { ok: false, problem: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'json' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, problem: 'shape' };
  const season = value as Record<string, unknown>;
  if (typeof season.name !== 'string' || season.name.trim() === '' || !Array.isArray(season.matches)) return { ok: false, problem: 'shape' };
  return { ok: true, season, matches: season.matches.length };
}

/** An optional league code as typed: '' is none (the server derives it), else "en.1"-like or refused. */
export function checkLeagueCode(text: string): { ok: true; code: string | undefined } | { ok: false } {
  const clean = text.trim();
  if (clean === '') return { ok: true, code: undefined };
  return COMPETITION_CODE_PATTERN.test(clean) ? { ok: true, code: clean } : { ok: false };
}
