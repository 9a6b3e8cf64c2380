import type { EntityManager } from 'typeorm';
import { picksRevealed } from '@scoreline/contracts/game/reveal';
import { revealedSql } from '@scoreline/backend/predictions/predictions.shared-sql';
import { SeasonsService } from '@scoreline/backend/seasons/seasons.service';
import { ensureCompetition } from '../support/competitions';
import { startTestSystem, type TestSystem } from '../support/test-system';

/**
 * The reveal rule is written twice: `picksRevealed` (contracts, applied by picks/ and stats/ to
 * a GameweekSummary) and `revealedSql` (the SQL filter compare/ reads through). Both are asked
 * about the same hand-built gameweeks — before the deadline, after it, with a live score before
 * it, completed (every match void) before it, upcoming — and must answer alike. Everything is
 * written in one transaction that is rolled back, in seasons that are never active.
 */

type FixtureSpec = { status: 'scheduled' | 'live' | 'finished' | 'postponed'; kickoffHours: number };
type Case = { name: string; fixtures: FixtureSpec[]; revealed: boolean };

/** Per season, its gameweeks in number order (the status of each follows from the earlier ones). */
const seasons: Case[][] = [
  [
    { name: 'completed, deadline passed', fixtures: [{ status: 'finished', kickoffHours: -48 }, { status: 'finished', kickoffHours: -46 }], revealed: true },
    { name: 'current, before the deadline', fixtures: [{ status: 'scheduled', kickoffHours: 48 }, { status: 'scheduled', kickoffHours: 50 }], revealed: false },
    { name: 'upcoming', fixtures: [{ status: 'scheduled', kickoffHours: 200 }], revealed: false },
  ],
  [{ name: 'current, after the deadline, no score yet', fixtures: [{ status: 'scheduled', kickoffHours: -1 }, { status: 'scheduled', kickoffHours: 3 }], revealed: true }],
  [{ name: 'current, a live score before the deadline', fixtures: [{ status: 'scheduled', kickoffHours: 24 }, { status: 'live', kickoffHours: 30 }], revealed: true }],
  [{ name: 'completed by void matches, deadline ahead', fixtures: [{ status: 'postponed', kickoffHours: 72 }, { status: 'postponed', kickoffHours: 74 }], revealed: true }],
];

describe('the reveal rule: SQL and TypeScript agree', () => {
  let sys: TestSystem;

  beforeAll(async () => {
    sys = await startTestSystem();
  });
  afterAll(async () => {
    await sys?.close();
  });

  it('answers alike for every case, and as the rule says', async () => {
    const answers: { name: string; ts: boolean; sql: boolean; expected: boolean }[] = [];
    const rollback = new Error('rollback');
    await sys.db
      .transaction(async (tx: EntityManager) => {
        const [home, away]: { id: number }[] = await tx.query(
          `INSERT INTO clubs (name, short_name) VALUES ('Reveal Home FC', 'RVH'), ('Reveal Away FC', 'RVA') RETURNING id`,
        );
        const seasonsService = sys.api.get(SeasonsService);
        await ensureCompetition(tx, 'reveal.test');
        for (const [s, gameweeks] of seasons.entries()) {
          const [season]: { id: number }[] = await tx.query(
            `INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, $2, 'reveal.test', false) RETURNING id`,
            [`Reveal season ${s}`, `rv${s}`],
          );
          for (const [i, gw] of gameweeks.entries()) {
            const [{ id: gameweekId }]: { id: number }[] = await tx.query(`INSERT INTO gameweeks (season_id, number) VALUES ($1, $2) RETURNING id`, [season.id, i + 1]);
            for (const f of gw.fixtures) {
              await tx.query(
                `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at, status, home_score, away_score)
                 SELECT $1, $2, $3, $4, now() + make_interval(hours => $5), $6, sc, sc
                 FROM (SELECT CASE WHEN $6 IN ('live', 'finished') THEN 1 END AS sc) x`,
                [season.id, gameweekId, home.id, away.id, f.kickoffHours, f.status],
              );
            }
            // starts_at is the first kick-off, the deadline (as refreshGameweekSpans keeps it).
            await tx.query(
              `UPDATE gameweeks g SET starts_at = x.first, ends_at = x.last
               FROM (SELECT min(kickoff_at) AS first, max(kickoff_at) AS last FROM fixtures WHERE gameweek_id = $1) x WHERE g.id = $1`,
              [gameweekId],
            );
          }
          const summaries = await seasonsService.gameweeks(season.id, tx);
          const sqlRows: { id: number; revealed: boolean }[] = await tx.query(
            `SELECT g.id, ${revealedSql('g')} AS revealed FROM gameweeks g WHERE g.season_id = $1 ORDER BY g.number`,
            [season.id],
          );
          const now = Date.now();
          summaries.forEach((summary, i) => {
            answers.push({ name: gameweeks[i].name, ts: picksRevealed(summary, now), sql: sqlRows[i].revealed, expected: gameweeks[i].revealed });
          });
        }
        throw rollback;
      })
      .catch((e: unknown) => {
        if (e !== rollback) throw e;
      });

    expect(answers).toHaveLength(6);
    for (const a of answers) {
      expect({ name: a.name, sql: a.sql }).toEqual({ name: a.name, sql: a.ts });
      expect({ name: a.name, revealed: a.ts }).toEqual({ name: a.name, revealed: a.expected });
    }
  });
});
