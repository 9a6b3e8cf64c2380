/**
 * What the results feed's local stand-in replays for `npm start` without FOOTBALL_DATA_TOKEN: each
 * active season the demo moved in time, as the file it came from (the World Cup's final file, which
 * holds the results of the rounds the demo left open) moved by the same amount, so the stand-in's
 * matches are the stored ones and arrive, goal by goal, at their stored kick-offs. Pure.
 */
import { join } from 'node:path';
import { DEMO_SEASON_FILE } from './demo-seed';

/** The bundled files the demo's competitions are replayed from, with the squads of a tournament. */
export const DEMO_REPLAY_FILES: Record<string, { file: string; squads?: string }> = {
  'en.1': { file: DEMO_SEASON_FILE },
  'fifa.wc': {
    file: join('backend', 'data', 'openfootball', '2026', 'worldcup.json'),
    squads: join('backend', 'data', 'openfootball', '2026', 'worldcup.squads.json'),
  },
};

export interface ShiftedSeason {
  league_code: string;
  shift_ms: string | number;
}

/**
 * The stand-in's command-line arguments (stand-in-args.ts) for these seasons: `--replay
 * CODE=file@shiftMs` and `--squads CODE=file` for each one with a bundled file and a provider code;
 * the others are left out (the feed lists them as not mapped).
 */
export function demoStandInArgs(seasons: readonly ShiftedSeason[], providerCodes: Record<string, string>, root: string): string[] {
  const args: string[] = [];
  for (const s of seasons) {
    const files = DEMO_REPLAY_FILES[s.league_code];
    const code = providerCodes[s.league_code];
    if (!files || !code) continue;
    args.push('--replay', `${code}=${join(root, files.file)}@${String(s.shift_ms)}`);
    if (files.squads) args.push('--squads', `${code}=${join(root, files.squads)}`);
  }
  return args;
}
