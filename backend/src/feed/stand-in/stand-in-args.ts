/**
 * The stand-in CLI's command line, pure so each refusal is unit-tested: a bad one is a
 * StandInUsageError, printed in one line with the usage, exit 2.
 */
import { MAX_FAULT_TIMES, PROVIDER_CODE_RE } from './stand-in-controls';

export class StandInUsageError extends Error {}

export const STAND_IN_USAGE = `football-data.org v4 stand-in — replays openfootball files as the provider would tell them

node dist/backend/src/feed/stand-in/main.js --port <n> [--token <t>] [--speed <x>] [--requests-per-minute <n>]
    --replay <CODE>=<file.json>@<shiftMs> … [--squads <CODE>=<squads.json>]

  --port                 port on 127.0.0.1 (0: any free one; default 3100)
  --token                the X-Auth-Token to require (others get 403); without it any token is taken
  --speed                how many times faster than real time replays run (default 1)
  --requests-per-minute  the budget before a 429 (default 10, the provider's free tier)
  --replay               serve CODE ("WC", "PL") by replaying the file with every kick-off moved by
                         shiftMs milliseconds (may be negative); repeat for more competitions
  --squads               the squads file of a replayed tournament (its teams' FIFA codes)

Scripting while it runs: POST /__stand-in/matches/{code}, PATCH /__stand-in/matches/{id},
POST /__stand-in/fail {"kind": "429"|"500"|"timeout"|"malformed"|"schema", "times": n},
POST /__stand-in/down {"ms": n}, GET /__stand-in/state.`;

export interface StandInReplayArg {
  code: string;
  file: string;
  shiftMs: number;
}

export interface StandInArgs {
  port: number;
  token: string | null;
  speed: number;
  requestsPerMinute: number;
  replays: StandInReplayArg[];
  /** Provider code → squads file. */
  squads: Record<string, string>;
}

export type StandInCommand = { kind: 'help' } | ({ kind: 'serve' } & StandInArgs);

const DEFAULT_PORT = 3100;
const MAX_SPEED = 10_000;
const MAX_SHIFT_MS = 100 * 365 * 24 * 60 * 60 * 1000;

function wholeNumber(flag: string, text: string, min: number, max: number): number {
  if (!/^-?\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new StandInUsageError(`${flag} expects a whole number ${min}–${max}, got "${text}"`);
  return Number(text);
}

/** "WC=/data/worldcup.json@-86400000" → { code, file, shiftMs }. */
export function parseReplayArg(text: string): StandInReplayArg {
  const m = /^([^=]+)=(.+)@([^@]+)$/.exec(text);
  if (!m) throw new StandInUsageError(`--replay expects CODE=file.json@shiftMs (e.g. WC=worldcup.json@0), got "${text}"`);
  const [, code, file, shift] = m;
  if (!PROVIDER_CODE_RE.test(code)) throw new StandInUsageError(`--replay: "${code}" is not a football-data competition code such as PL or WC`);
  return { code, file, shiftMs: wholeNumber('--replay shiftMs', shift, -MAX_SHIFT_MS, MAX_SHIFT_MS) };
}

/** "WC=/data/worldcup.squads.json" → ["WC", file]. */
function parseSquadsArg(text: string): [string, string] {
  const m = /^([^=]+)=(.+)$/.exec(text);
  if (!m || !PROVIDER_CODE_RE.test(m[1])) throw new StandInUsageError(`--squads expects CODE=squads.json (e.g. WC=worldcup.squads.json), got "${text}"`);
  return [m[1], m[2]];
}

/** The command line (without node and the script). */
export function parseStandInArgs(argv: readonly string[]): StandInCommand {
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  const args: StandInArgs = { port: DEFAULT_PORT, token: null, speed: 1, requestsPerMinute: 10, replays: [], squads: {} };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    const takesValue = ['--port', '--token', '--speed', '--requests-per-minute', '--replay', '--squads'].includes(flag);
    if (!takesValue) throw new StandInUsageError(`unknown argument "${flag}"`);
    if (value === undefined || value.startsWith('--')) throw new StandInUsageError(`${flag} needs a value`);
    i += 1;
    switch (flag) {
      case '--port':
        args.port = wholeNumber(flag, value, 0, 65535);
        break;
      case '--token':
        if (value.trim() === '') throw new StandInUsageError('--token must not be empty');
        args.token = value;
        break;
      case '--speed':
        if (!/^\d+(\.\d+)?$/.test(value) || Number(value) <= 0 || Number(value) > MAX_SPEED) throw new StandInUsageError(`--speed expects a number above 0 and at most ${MAX_SPEED}, got "${value}"`);
        args.speed = Number(value);
        break;
      case '--requests-per-minute':
        args.requestsPerMinute = wholeNumber(flag, value, 1, MAX_FAULT_TIMES * 100);
        break;
      case '--replay': {
        const replay = parseReplayArg(value);
        if (args.replays.some((r) => r.code === replay.code)) throw new StandInUsageError(`--replay ${replay.code} is given twice`);
        args.replays.push(replay);
        break;
      }
      case '--squads': {
        const [code, file] = parseSquadsArg(value);
        args.squads[code] = file;
        break;
      }
    }
  }
  for (const code of Object.keys(args.squads)) {
    if (!args.replays.some((r) => r.code === code)) throw new StandInUsageError(`--squads ${code}: no --replay ${code} to go with it`);
  }
  return { kind: 'serve', ...args };
}
