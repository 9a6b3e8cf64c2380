import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../platform/database/data-source-options';
import { loadEnvOrExit, repoRoot } from '../platform/config/env';
import { footballDataCompetitionCodes } from '../feed/football-data/football-data.provider';
import { SeasonsService } from '../seasons/seasons.service';
import { demoStandInArgs } from './demo-stand-in';

/**
 * `node dist/backend/src/demo/demo-stand-in-cli.js`: prints, as one JSON array, the arguments the
 * start script gives the results feed's stand-in (feed/stand-in/main.ts) so that it replays the
 * demo's competitions at their stored instants. Run after the migration step has seeded them.
 */
async function main(): Promise<void> {
  const env = loadEnvOrExit();
  const db = new DataSource(dataSourceOptions(env.databaseUrl));
  await db.initialize();
  try {
    const seasons = await new SeasonsService(db).shiftedActiveSeasons();
    const codes = env.feed.competitions ?? footballDataCompetitionCodes();
    process.stdout.write(`${JSON.stringify(demoStandInArgs(seasons, codes, repoRoot()))}\n`);
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  process.stderr.write(`[demo-stand-in] failed: ${(error as Error).message}\n`);
  process.exit(1);
});
