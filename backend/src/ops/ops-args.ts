/**
 * Argument parsing of the ops CLI, pure so every refusal is unit-tested. A bad command line
 * becomes an OpsUsageError: the CLI prints its one line and exits 2.
 */

import { COMPETITION_CODE_PATTERN } from '@scoreline/contracts/api/competitions';

export class OpsUsageError extends Error {}

export type OpsCommand =
  | { kind: 'help' }
  | { kind: 'import'; file: string; shiftToNow: boolean; activate: boolean; leagueCode?: string }
  | {
      kind: 'result';
      fixtureId: number;
      home: number;
      away: number;
      live: boolean;
      minute?: number;
      extraTime?: { home: number; away: number };
      penalties?: { home: number; away: number };
    }
  | { kind: 'postpone'; fixtureId: number }
  | { kind: 'reschedule'; fixtureId: number; matchTime: string }
  | { kind: 'grant-admin'; email: string }
  | { kind: 'list-fixtures'; gameweek?: number; competition?: string }
  | { kind: 'seed-demo' }
  | { kind: 'replay'; gameweek: number; minutes: number; seed?: number; competition?: string }
  | { kind: 'reconcile' };

export const OPS_HELP = `Scoreline ops CLI — npm run ops -- <command> [options]

Commands:
  import <file.json> [--shift-to-now] [--no-activate] [--league-code <code>]
        Import (or re-import) an openfootball football.json season. --shift-to-now moves every
        date so the middle gameweek opens about now (results after now are dropped); the season
        becomes its competition's active one unless --no-activate (other competitions' active
        seasons stay active). --league-code (e.g. en.1) when the season
        name does not tell the league. A match row that cannot be (a drawn shoot-out, penalties
        without extra time, a negative score, a bad date …) is refused on its own, one line each,
        and the rest imported (exit 0); a file with no importable row is refused whole (exit 2).
        A tournament file (World Cup, Champions League) is stored as a season of its own, merged
        with what an earlier snapshot stored (not shifted in time).
  result <fixtureId> <home> <away> [--live [--minute <n>]] [--et <H-A>] [--pen <H-A>]
        Record a final score (or, with --live, a live score at minute n). Scoring follows.
        <home> <away> is the score after 90 minutes (what predictions are scored on); a
        knockout match may add --et, the score after extra time (the whole match, e.g. 2-2),
        and --pen, the shoot-out (only with --et, e.g. 4-3): they decide who goes through.
  postpone <fixtureId>
        Postpone a fixture: its predictions become void (0 points).
  reschedule <fixtureId> <iso-datetime>
        Move a kick-off, e.g. 2025-01-18T15:00:00Z; the gameweek's deadline follows.
  grant-admin <email>
        Give the admin role to an existing user.
  list-fixtures [--gameweek <n>] [--competition <code>]
        List the active season's fixtures (id, gameweek, kick-off, teams, status, score).
        --competition (e.g. fifa.wc) names the competition while several are being played.
  seed-demo
        Make the demo as a first start does (with SEED_DEMO on): import the bundled season
        shifted to now and people it with demo fans, their predictions, leagues, tables and
        winners. Once only: when demo fans exist it does nothing.
  replay --gameweek <n> --minutes <m> [--seed <s>] [--competition <code>]
        Play gameweek n's matches live over m minutes (decimals allowed): kick-off, goals at
        plausible minutes adding up to the real final score, full time — recorded through the
        same service as the admin API, so scoring, standings and live pushes follow. Needs the
        app (workers) running. A match with no real result gets a plausible one.
  reconcile
        Run one reconciler pass now (as the workers do every RECONCILE_INTERVAL_SECONDS): rescore
        predictions that disagree with their fixture, fix totals that disagree with their
        predictions, recompute league tables that disagree with the totals. Prints what it
        repaired. Waits if a worker's pass is running.
  --help, -h
        Show this help.

Exit codes: 0 done (an import that refused some rows too: they are printed), 1 failed,
2 bad arguments or input.`;

const INT_RE = /^\d{1,10}$/;
const GOALS_PAIR_RE = /^(\d{1,2})-(\d{1,2})$/;

/** "H-A", each side 0–99 goals. */
function goalsPair(name: string, value: string): { home: number; away: number } {
  const m = GOALS_PAIR_RE.exec(value);
  if (!m) throw new OpsUsageError(`${name} must be home-away goals, each 0 to 99, like 2-2, got "${value}"`);
  return { home: Number(m[1]), away: Number(m[2]) };
}

/** `--competition <code>` when given: a competition code ('en.1', 'fifa.wc'). */
function competitionFlag(flags: Map<string, string | true>): { competition?: string } {
  const code = flags.get('--competition');
  if (typeof code !== 'string') return {};
  if (!COMPETITION_CODE_PATTERN.test(code)) throw new OpsUsageError(`--competition must be a competition code like en.1 or fifa.wc, got "${code}"`);
  return { competition: code };
}

function int(name: string, value: string | undefined, min: number, max: number): number {
  if (value === undefined) throw new OpsUsageError(`missing ${name}`);
  if (!INT_RE.test(value) || Number(value) < min || Number(value) > max) {
    throw new OpsUsageError(`${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

/** Splits flags (with their values) from positional arguments; unknown flags are refused. */
function split(args: string[], flags: Record<string, 'bool' | 'value'>): { positional: string[]; flags: Map<string, string | true> } {
  const positional: string[] = [];
  const seen = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [name, inline] = a.split(/=(.*)/s, 2);
    const kind = flags[name];
    if (!kind) throw new OpsUsageError(`unknown option ${name}`);
    if (seen.has(name)) throw new OpsUsageError(`option ${name} given twice`);
    if (kind === 'bool') {
      if (inline !== undefined) throw new OpsUsageError(`option ${name} takes no value`);
      seen.set(name, true);
    } else {
      const value = inline ?? args[++i];
      if (value === undefined || value.startsWith('--')) throw new OpsUsageError(`option ${name} needs a value`);
      seen.set(name, value);
    }
  }
  return { positional, flags: seen };
}

function exactly(command: string, positional: string[], names: string[]): void {
  if (positional.length < names.length) throw new OpsUsageError(`${command}: missing ${names.slice(positional.length).join(', ')}`);
  if (positional.length > names.length) throw new OpsUsageError(`${command}: unexpected argument "${positional[names.length]}"`);
}

export function parseOpsArgs(argv: string[]): OpsCommand {
  if (argv.length === 0) throw new OpsUsageError('no command given (try --help)');
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help' || rest.includes('--help') || rest.includes('-h')) return { kind: 'help' };
  switch (command) {
    case 'import': {
      const { positional, flags } = split(rest, { '--shift-to-now': 'bool', '--no-activate': 'bool', '--league-code': 'value' });
      exactly(command, positional, ['<file>']);
      const leagueCode = flags.get('--league-code');
      return {
        kind: 'import',
        file: positional[0],
        shiftToNow: flags.has('--shift-to-now'),
        activate: !flags.has('--no-activate'),
        ...(typeof leagueCode === 'string' ? { leagueCode } : {}),
      };
    }
    case 'result': {
      const { positional, flags } = split(rest, { '--live': 'bool', '--minute': 'value', '--et': 'value', '--pen': 'value' });
      exactly(command, positional, ['<fixtureId>', '<home>', '<away>']);
      const live = flags.has('--live');
      const minuteRaw = flags.get('--minute');
      if (minuteRaw !== undefined && !live) throw new OpsUsageError('--minute needs --live');
      const et = flags.get('--et');
      const pen = flags.get('--pen');
      if (pen !== undefined && et === undefined) throw new OpsUsageError('--pen needs --et (a shoot-out follows extra time)');
      return {
        kind: 'result',
        fixtureId: int('fixtureId', positional[0], 1, 2147483647),
        home: int('home', positional[1], 0, 99),
        away: int('away', positional[2], 0, 99),
        live,
        ...(typeof minuteRaw === 'string' ? { minute: int('--minute', minuteRaw, 1, 130) } : {}),
        ...(typeof et === 'string' ? { extraTime: goalsPair('--et', et) } : {}),
        ...(typeof pen === 'string' ? { penalties: goalsPair('--pen', pen) } : {}),
      };
    }
    case 'postpone': {
      const { positional } = split(rest, {});
      exactly(command, positional, ['<fixtureId>']);
      return { kind: 'postpone', fixtureId: int('fixtureId', positional[0], 1, 2147483647) };
    }
    case 'reschedule': {
      const { positional } = split(rest, {});
      exactly(command, positional, ['<fixtureId>', '<iso-datetime>']);
      return { kind: 'reschedule', fixtureId: int('fixtureId', positional[0], 1, 2147483647), matchTime: positional[1] };
    }
    case 'grant-admin': {
      const { positional } = split(rest, {});
      exactly(command, positional, ['<email>']);
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(positional[0])) throw new OpsUsageError(`grant-admin: "${positional[0]}" is not an email address`);
      return { kind: 'grant-admin', email: positional[0].toLowerCase() };
    }
    case 'list-fixtures': {
      const { positional, flags } = split(rest, { '--gameweek': 'value', '--competition': 'value' });
      exactly(command, positional, []);
      const gw = flags.get('--gameweek');
      return { kind: 'list-fixtures', ...(typeof gw === 'string' ? { gameweek: int('--gameweek', gw, 1, 1000) } : {}), ...competitionFlag(flags) };
    }
    case 'replay': {
      const { positional, flags } = split(rest, { '--gameweek': 'value', '--minutes': 'value', '--seed': 'value', '--competition': 'value' });
      exactly(command, positional, []);
      const minutesRaw = flags.get('--minutes');
      if (typeof minutesRaw !== 'string') throw new OpsUsageError('replay: missing --minutes');
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(minutesRaw) || Number(minutesRaw) <= 0 || Number(minutesRaw) > 180) {
        throw new OpsUsageError(`--minutes must be a number above 0 and at most 180, got "${minutesRaw}"`);
      }
      const gw = flags.get('--gameweek');
      const seed = flags.get('--seed');
      return {
        kind: 'replay',
        gameweek: int('--gameweek', typeof gw === 'string' ? gw : undefined, 1, 1000),
        minutes: Number(minutesRaw),
        ...(typeof seed === 'string' ? { seed: int('--seed', seed, 0, 2147483647) } : {}),
        ...competitionFlag(flags),
      };
    }
    case 'reconcile': {
      const { positional } = split(rest, {});
      exactly(command, positional, []);
      return { kind: 'reconcile' };
    }
    case 'seed-demo': {
      const { positional } = split(rest, {});
      exactly(command, positional, []);
      return { kind: 'seed-demo' };
    }
    default:
      throw new OpsUsageError(`unknown command "${command}" (try --help)`);
  }
}
