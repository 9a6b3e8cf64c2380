import { Injectable } from '@nestjs/common';
import type { Actor } from '../audit/actor';
import { ApiError } from '../platform/common/api-error';
import { FixtureAdminService } from '../fixtures/fixture-admin.service';
import { FixturesService, type ReplayFixtureRow } from '../fixtures/fixtures.service';
import { SeasonsService } from '../seasons/seasons.service';
import { planMatchReplay, plausibleScore, ReplayStep, seededRandom } from './replay-plan';

export interface ReplayOptions {
  minutes: number;
  seed?: number;
  /** The competition whose active season is replayed; needed while several are being played (SeasonsService.seasonForOperator). */
  competition?: string;
  /** Move the clock on every N match minutes (default 5), so screens show the minute running. */
  tickEveryMinutes?: number;
  /** Who runs the replay: each kick-off, goal, half time and full time is audited as theirs (the clock's ticks are not). */
  actor?: Actor;
  log?: (line: string) => void;
}

type ReplayFixture = ReplayFixtureRow;

/**
 * Plays a gameweek's matches live over a few real minutes, recording every kick-off, goal,
 * minute and final whistle through FixtureAdminService — the very service behind the admin API
 * — so the whole pipeline (outbox → scoring → standings → sockets) runs as in a real match.
 */
@Injectable()
export class ReplayService {
  constructor(
    private readonly fixtureAdmin: FixtureAdminService,
    private readonly fixtures: FixturesService,
    private readonly seasons: SeasonsService,
  ) {}

  async replayGameweek(gameweekNumber: number, opts: ReplayOptions): Promise<{ fixtures: number; steps: number }> {
    const log = opts.log ?? (() => undefined);
    const seed = opts.seed ?? Date.now() % 100000;
    const season = await this.seasons.seasonForOperator(opts.competition);
    const rows = await this.fixtures.unplayedOfGameweek(season.id, gameweekNumber);
    if (rows.length === 0) throw ApiError.badRequest(`Gameweek ${gameweekNumber} of the active season has no match left to play.`);

    const timeline: (ReplayStep & { fixture: ReplayFixture })[] = rows.flatMap((f) => {
      const random = seededRandom(seed + f.id);
      const [home, away] =
        f.real_home_score !== null && f.real_away_score !== null ? [f.real_home_score, f.real_away_score] : plausibleScore(random);
      return planMatchReplay(home, away, { durationSeconds: opts.minutes * 60, seed: seed + f.id, tickEveryMinutes: opts.tickEveryMinutes ?? 5 }).map(
        (step) => ({ ...step, fixture: f }),
      );
    });
    timeline.sort((a, b) => a.atSecond - b.atSecond || a.fixture.id - b.fixture.id);

    log(`Replaying gameweek ${gameweekNumber}: ${rows.length} matches over ${opts.minutes} minute(s) (seed ${seed})`);
    const started = Date.now();
    for (const step of timeline) {
      const wait = started + step.atSecond * 1000 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await this.fixtureAdmin.recordResult(step.fixture.id, {
        homeScore: step.homeScore,
        awayScore: step.awayScore,
        status: step.status,
        minute: step.status === 'live' ? step.minute : null,
      }, step.label === 'minute' ? undefined : opts.actor);
      if (step.label !== 'minute') {
        log(`${String(step.minute).padStart(2)}'  ${step.fixture.home} ${step.homeScore}-${step.awayScore} ${step.fixture.away}  ${step.label}`);
      }
    }
    return { fixtures: rows.length, steps: timeline.length };
  }
}
