import { existsSync, readFileSync } from 'node:fs';
import { squadsPathBeside } from './tournament-squads';

/**
 * The squads file beside a tournament file (squadsPathBeside), parsed; null when there is none.
 * Throws, naming the file, when it cannot be read or is not JSON: a squads file that is there
 * but broken is an operator's to fix, not to skip silently.
 */
export function readSquadsBeside(tournamentFile: string): { file: string; raw: unknown } | null {
  const file = squadsPathBeside(tournamentFile);
  if (file === null || !existsSync(file)) return null;
  try {
    return { file, raw: JSON.parse(readFileSync(file, 'utf8')) };
  } catch (error) {
    throw new Error(`${file} cannot be read as JSON: ${(error as Error).message}`);
  }
}
