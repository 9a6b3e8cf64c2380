import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import type { CrowdFixture } from '@scoreline/contracts/api/picks';
import { crowdSplit, exactScorePercent, topScores, type ScoreCount } from '@scoreline/contracts/game/crowd';
import { picksRevealed } from '@scoreline/contracts/game/reveal';
import { SeasonsService } from '../seasons/seasons.service';
import { computeCrowd, lockCrowd, selectCrowd, selectGameweeksWithoutCrowd, type StoredCrowdFixture } from './picks.queries';

/** Stored figures never change for a deadline, so they are kept in memory (bounded). */
const MEMORY_ENTRIES = 200;

/**
 * The crowd of a locked gameweek. Computed set-based once per gameweek and league (or for
 * everyone) and stored: for everyone by the worker's scheduled check soon after the lock, for
 * a league on its first read; any read that finds nothing computes it under the gameweek's
 * advisory lock, so a read right after the deadline is never empty and never computed twice.
 */
@Injectable()
export class CrowdService {
  private readonly memory = new Map<string, StoredCrowdFixture[]>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly seasons: SeasonsService,
  ) {}

  /** The stored counts of a gameweek for a league or everyone (null), or null before the lock. */
  async stored(gameweek: GameweekSummary, leagueId: number | null): Promise<StoredCrowdFixture[] | null> {
    if (!picksRevealed(gameweek, Date.now()) || gameweek.deadline === null) return null;
    const deadline = new Date(gameweek.deadline);
    const key = `${gameweek.id}:${leagueId ?? 'all'}:${deadline.getTime()}`;
    const hit = this.memory.get(key);
    if (hit) return hit;
    const figures = (await selectCrowd(this.db, gameweek.id, leagueId, deadline)) ?? (await this.compute(gameweek.id, leagueId, deadline));
    if (this.memory.size >= MEMORY_ENTRIES) this.memory.delete(this.memory.keys().next().value as string);
    this.memory.set(key, figures);
    return figures;
  }

  /** The crowd as the screens show it: split, top scores, bankers and (after full time) the exact share. */
  async figures(
    gameweek: GameweekSummary,
    leagueId: number | null,
    fixtures: ReadonlyArray<{ id: number; status: string; home_score: number | null; away_score: number | null }>,
  ): Promise<CrowdFixture[] | null> {
    const stored = await this.stored(gameweek, leagueId);
    return stored === null ? null : toCrowdFixtures(stored, fixtures);
  }

  /**
   * The worker's check: every locked gameweek of every active season (one per competition) whose
   * everyone-figures are missing (or were computed for another deadline) gets them. Returns how
   * many were computed.
   */
  async computeDue(): Promise<number> {
    const now = Date.now();
    const locked: { id: number; deadline: Date }[] = [];
    for (const season of await this.seasons.activeSeasons()) {
      for (const g of await this.seasons.gameweeks(season.id)) {
        if (g.deadline !== null && g.fixture_count > 0 && picksRevealed(g, now)) locked.push({ id: g.id, deadline: new Date(g.deadline) });
      }
    }
    const due = new Set(await selectGameweeksWithoutCrowd(this.db, locked));
    for (const g of locked) if (due.has(g.id)) await this.compute(g.id, null, g.deadline);
    return due.size;
  }

  private compute(gameweekId: number, leagueId: number | null, deadline: Date): Promise<StoredCrowdFixture[]> {
    return this.db.transaction(async (tx) => {
      await lockCrowd(tx, gameweekId);
      // Whoever held the lock may have computed it meanwhile.
      const done = await selectCrowd(tx, gameweekId, leagueId, deadline);
      if (done) return done;
      await computeCrowd(tx, gameweekId, leagueId, deadline);
      return (await selectCrowd(tx, gameweekId, leagueId, deadline)) ?? [];
    });
  }
}

/** Stored counts → the API's figures, one per fixture of the gameweek (fixtures nobody predicted show zeros). */
export function toCrowdFixtures(
  stored: readonly StoredCrowdFixture[],
  fixtures: ReadonlyArray<{ id: number; status: string; home_score: number | null; away_score: number | null }>,
): CrowdFixture[] {
  const byFixture = new Map(stored.map((s) => [s.fixture_id, s]));
  return fixtures.map((f) => {
    const s = byFixture.get(f.id);
    const scores: ScoreCount[] = (s?.scores ?? []).map(([home, away, count]) => ({ home, away, count }));
    const final = f.status === 'finished' && f.home_score !== null && f.away_score !== null;
    return {
      fixture_id: f.id,
      predictions: s?.predictions ?? 0,
      split: crowdSplit(scores),
      top_scores: topScores(scores, 3),
      bankers: s?.bankers ?? 0,
      exact_percent: final ? exactScorePercent(scores, f.home_score as number, f.away_score as number) : null,
    };
  });
}
