/**
 * The football-data.org stand-in as a process (stand-in-args.ts tells the command line):
 *   node dist/backend/src/feed/stand-in/main.js --port 3100 --replay WC=worldcup.json@0 …
 * One line per request on stdout; a bad command line or file: one line on stderr, exit 2.
 */
import { STAND_IN_USAGE, StandInUsageError, parseStandInArgs } from './stand-in-args';
import { StandInInputError, startFootballDataStandIn, type FootballDataStandIn } from './stand-in';

export interface StandInMainIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const processIo: StandInMainIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Starts the stand-in the command line asks for; null when it only printed help or refused (exit code set). */
export async function runStandIn(argv: readonly string[], io: StandInMainIo = processIo): Promise<{ standIn: FootballDataStandIn | null; exitCode: number }> {
  let command;
  try {
    command = parseStandInArgs(argv);
  } catch (error) {
    if (!(error instanceof StandInUsageError)) throw error;
    io.err(`stand-in: ${error.message}\n\n${STAND_IN_USAGE}`);
    return { standIn: null, exitCode: 2 };
  }
  if (command.kind === 'help') {
    io.out(STAND_IN_USAGE);
    return { standIn: null, exitCode: 0 };
  }
  let standIn: FootballDataStandIn;
  try {
    standIn = await startFootballDataStandIn({ port: command.port, token: command.token, requestsPerMinute: command.requestsPerMinute, log: io.out });
  } catch (error) {
    io.err(`stand-in: cannot listen on 127.0.0.1:${command.port}: ${(error as { code?: string }).code ?? (error as Error).message}`);
    return { standIn: null, exitCode: 1 };
  }
  try {
    for (const r of command.replays) standIn.replay(r.code, r.file, { shiftMs: r.shiftMs, speed: command.speed, squadsFile: command.squads[r.code] });
  } catch (error) {
    await standIn.stop();
    if (!(error instanceof StandInInputError)) throw error;
    io.err(`stand-in: ${error.message}`);
    return { standIn: null, exitCode: 2 };
  }
  io.out(`football-data stand-in listening on ${standIn.url}${command.token === null ? '' : ' (token required)'}`);
  return { standIn, exitCode: 0 };
}

if (require.main === module) {
  runStandIn(process.argv.slice(2)).then(
    ({ standIn, exitCode }) => {
      if (!standIn) {
        process.exitCode = exitCode;
        return;
      }
      const stop = () => void standIn.stop().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error: unknown) => {
      process.stderr.write(`stand-in: ${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
