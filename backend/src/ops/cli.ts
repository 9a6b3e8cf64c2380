import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { resolve } from 'node:path';
import { HttpException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AdminFixture, ImportRefusedRow, ImportSeasonResult } from '@scoreline/contracts/api/admin';
import { toErrorBody } from '../platform/common/api-exception.filter';
import { FixtureAdminService } from '../fixtures/fixture-admin.service';
import { SeasonImportService } from '../season-import/season-import.service';
import { readSquadsBeside } from '../season-import/squads-file';
import { OPS_HELP, OpsCommand, OpsUsageError, parseOpsArgs } from './ops-args';
import { OpsModule } from './ops.module';
import { OpsService } from './ops.service';
import { ReplayService } from '../replay/replay.service';
import { describeReport } from '../reconcile/reconcile-report';
import { ReconcilerService } from '../reconcile/reconciler.service';
import { OpsReconcileModule } from './ops-reconcile.module';
import type { Actor } from '../audit/actor';

/** The CLI has no signed-in operator: its changes are audited as the machine's user at this host. */
function cliActor(): Actor {
  let user = process.env.USER ?? 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (a container's arbitrary uid): the environment's name stands.
  }
  return { kind: 'cli', who: `${user}@${hostname()}` };
}

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

const stdio: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

function fixtureLine(f: AdminFixture): string {
  const score = f.home_score === null ? '   ' : `${f.home_score}-${f.away_score}`;
  const minute = f.minute === null ? '' : ` ${f.minute}'`;
  const extraTime = f.extra_time === null ? '' : ` (aet ${f.extra_time.home}-${f.extra_time.away}${f.penalties === null ? '' : `, pens ${f.penalties.home}-${f.penalties.away}`})`;
  return `#${f.id}  GW${f.gameweek}  ${f.match_time}  ${f.home_team} v ${f.away_team}  ${f.status}${minute}  ${score}${extraTime}`.trimEnd();
}

/** "matches[169] Finals, Round of 16 2025-03-11 Liverpool FC (ENG) v Paris Saint-Germain FC (FRA): score.p: …" */
function refusedRowLine(r: ImportRefusedRow): string {
  const text = (v: string | null) => v ?? '?';
  return `matches[${r.row}] ${text(r.round)} ${text(r.date)} ${text(r.home)} v ${text(r.away)}: ${r.reason}`;
}

function importLines(r: ImportSeasonResult): string[] {
  const lines = [
    `Imported ${r.season.name} (${r.season.league_code} ${r.season.label}, season #${r.season.id}${r.season.is_active ? ', active' : ''})`,
    `  ${r.gameweeks} gameweeks, ${r.fixtures.total} fixtures: ${r.fixtures.created} created, ${r.fixtures.updated} updated, ${r.fixtures.unchanged} unchanged`,
    `  ${r.results_recorded} result.recorded events; shift ${r.shift_days} days${r.clubs_created.length ? `; new clubs: ${r.clubs_created.join(', ')}` : ''}`,
  ];
  if (r.tournament) {
    lines.push(`  tournament: ${r.tournament.placeholders} team slots still placeholders`);
    lines.push(...r.tournament.missing.map((m) => `    kept, not in the file: ${m.key}: ${m.reason}`));
  }
  if (r.refused.length > 0) {
    lines.push(`  ${r.refused.length} match rows refused (not imported; a fixture stored before stays as it was):`);
    lines.push(...r.refused.map((row) => `    ${refusedRowLine(row)}`));
  }
  return lines;
}

function readSeasonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(resolve(file), 'utf8');
  } catch (error) {
    throw new OpsUsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new OpsUsageError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

function readSquadsFile(file: string): { file: string; raw: unknown } | null {
  try {
    return readSquadsBeside(resolve(file));
  } catch (error) {
    throw new OpsUsageError((error as Error).message);
  }
}

async function run(command: Exclude<OpsCommand, { kind: 'help' }>, io: Io): Promise<void> {
  // Read the file before booting anything, so a bad path fails fast with exit 2.
  const seasonFile = command.kind === 'import' ? readSeasonFile(command.file) : null;
  // A tournament's squads file beside it (worldcup.squads.json) is imported with it.
  const squads = command.kind === 'import' ? readSquadsFile(command.file) : null;
  // reconcile prints its own report line: the reconciler's warn log would only repeat it.
  const app = command.kind === 'reconcile'
    ? await NestFactory.createApplicationContext(OpsReconcileModule, { logger: ['error'] })
    : await NestFactory.createApplicationContext(OpsModule, { logger: ['error', 'warn'] });
  try {
    // Looked up on use: the reconcile container has no fixtures module.
    const fixtures = () => app.get(FixtureAdminService);
    switch (command.kind) {
      case 'import': {
        const result = await app
          .get(SeasonImportService)
          .import(seasonFile, { shiftToNow: command.shiftToNow, activate: command.activate, leagueCode: command.leagueCode, squads: squads?.raw }, cliActor());
        importLines(result).forEach(io.out);
        break;
      }
      case 'result':
        io.out(
          fixtureLine(
            await fixtures().recordResult(command.fixtureId, {
              homeScore: command.home,
              awayScore: command.away,
              status: command.live ? 'live' : 'finished',
              minute: command.minute,
              extraTime: command.extraTime ?? null,
              penalties: command.penalties ?? null,
            }, cliActor()),
          ),
        );
        break;
      case 'postpone':
        io.out(fixtureLine(await fixtures().postpone(command.fixtureId, cliActor())));
        break;
      case 'reschedule':
        io.out(fixtureLine(await fixtures().reschedule(command.fixtureId, command.matchTime, cliActor())));
        break;
      case 'grant-admin': {
        const user = await app.get(OpsService).grantAdmin(command.email, cliActor());
        io.out(`${user.email} (${user.username}, #${user.id}) is now an admin.`);
        break;
      }
      case 'list-fixtures':
        (await fixtures().list(command.gameweek, command.competition)).map(fixtureLine).forEach(io.out);
        break;
      case 'seed-demo': {
        const result = await app.get(OpsService).seedDemo();
        if (!result.seeded) {
          io.out('The demo world exists already (demo fans found): nothing seeded.');
          break;
        }
        importLines(result.season).forEach(io.out);
        const w = result.world;
        io.out(
          w
            ? `Demo world: ${w.fans} fans, ${w.predictions} predictions, ${w.leagueIds.length} leagues, ${w.scoredFixtures} fixtures scored`
            : 'Demo world: not made (no active season).',
        );
        break;
      }
      case 'replay': {
        const result = await app.get(ReplayService).replayGameweek(command.gameweek, { minutes: command.minutes, seed: command.seed, competition: command.competition, actor: cliActor(), log: io.out });
        io.out(`Replayed ${result.fixtures} matches (${result.steps} updates).`);
        break;
      }
      case 'reconcile': {
        // Grace 0: an operator asking for a pass wants every drift repaired now.
        const report = await app.get(ReconcilerService).runPass({ graceSeconds: 0, waitForLock: true });
        io.out(`Reconciler ${describeReport(report)}`);
        break;
      }
    }
  } finally {
    await app.close();
  }
}

/** Runs one ops command; resolves to the exit code (0 done, 1 failed, 2 bad arguments or input). */
export async function main(argv: string[], io: Io = stdio): Promise<number> {
  let command: OpsCommand;
  try {
    command = parseOpsArgs(argv);
  } catch (error) {
    if (error instanceof OpsUsageError) {
      io.err(`ops: ${error.message}`);
      return 2;
    }
    throw error;
  }
  if (command.kind === 'help') {
    io.out(OPS_HELP);
    return 0;
  }
  try {
    await run(command, io);
    return 0;
  } catch (error) {
    if (error instanceof OpsUsageError) {
      io.err(`ops: ${error.message}`);
      return 2;
    }
    if (error instanceof HttpException && error.getStatus() < 500) {
      const { body } = toErrorBody(error);
      io.err(`ops: ${body.message}`);
      // Import validation lists every problem (one per line) after the summary line.
      for (const messages of Object.values(body.errors ?? {})) messages.slice(1).forEach((m) => io.err(`  ${m}`));
      return 2;
    }
    io.err(`ops: failed: ${(error as Error).message}`);
    return 1;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`ops: failed: ${(error as Error).message}\n`);
      process.exit(1);
    },
  );
}
