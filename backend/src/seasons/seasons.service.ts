import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import { NO_SUCH_COMPETITION } from '@scoreline/contracts/api/competitions';
import { defaultCompetition } from '@scoreline/contracts/game/default-competition';
import { deriveGameweekStatuses } from '@scoreline/contracts/game/gameweek-status';
import { roundName } from '@scoreline/contracts/game/round-name';
import { PreferencesService } from '../auth/preferences.service';
import { ApiError } from '../platform/common/api-error';
import { CompetitionsService } from '../competitions/competitions.service';
import {
  selectActiveCompetitionCode,
  selectActiveSeasonOf,
  selectActiveSeasonOfGameweek,
  refreshGameweekSpans,
  selectActiveSeasons,
  selectGameweeksOfSeason,
  selectRoundsOfSeason,
  selectShiftedActiveSeasons,
  type ActiveSeason,
} from './seasons.queries';

export type { ActiveSeason } from './seasons.queries';

export const NO_ACTIVE_GAMEWEEK = "There's no active gameweek at the moment.";

/**
 * The active seasons (one per competition being played) and their gameweeks with their derived
 * status (architecture: completed when every fixture is finished or void; current = earliest not
 * completed; later ones upcoming) and deadline (the first kick-off). Other modules read the
 * season through this service.
 */
@Injectable()
export class SeasonsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    // The fan's choices, for the resolver; absent outside the API (demo, scripts): no fan to ask.
    @Optional() private readonly preferences?: PreferencesService,
    @Optional() private readonly competitions?: CompetitionsService,
  ) {}

  /**
   * A gameweek's starts_at / ends_at (its first and last kick-off; starts_at is the prediction
   * deadline), recomputed from its fixtures in the caller's transaction after a kick-off or a
   * fixture's gameweek changed.
   */
  refreshGameweekSpans(tx: EntityManager, where: { seasonId: number } | { gameweekIds: number[] }): Promise<void> {
    return refreshGameweekSpans(tx, where);
  }

  /** Every active season, one per competition being played (the sweeps walk them all: crowd, reconciler). */
  async activeSeasons(m: EntityManager | DataSource = this.db): Promise<ActiveSeason[]> {
    return selectActiveSeasons(m);
  }

  /** The active season of a competition (its league code), or null: one at most per competition. */
  async activeSeasonOf(competitionCode: string, m: EntityManager | DataSource = this.db): Promise<ActiveSeason | null> {
    return selectActiveSeasonOf(m, competitionCode);
  }

  /** The active seasons moved in time (the demo's), with how far: what the results feed's stand-in replays. */
  async shiftedActiveSeasons(m: EntityManager | DataSource = this.db): Promise<{ league_code: string; shift_ms: string }[]> {
    return selectShiftedActiveSeasons(m);
  }

  /**
   * The competition new fans' automatic memberships (and a league created with no competition
   * resolved) belong to: the home competition ('en.1') when it is being played or none is, else
   * the oldest active season's (ACTIVE_COMPETITION_CODE_SQL).
   */
  async activeCompetitionCode(m: EntityManager | DataSource = this.db): Promise<string> {
    return selectActiveCompetitionCode(m);
  }

  /**
   * The season an operator's call is about (admin fixtures, ops list-fixtures and replay): the
   * named competition's active season (404 when not being played); none named, the sole active
   * season, and a 400 asking for one while several competitions are played.
   */
  async seasonForOperator(competition?: string, m: EntityManager | DataSource = this.db): Promise<ActiveSeason> {
    if (competition !== undefined) return this.seasonForRequest(competition, undefined, m);
    const active = await this.activeSeasons(m);
    if (active.length === 0) throw ApiError.notFound(NO_ACTIVE_GAMEWEEK);
    if (active.length > 1) {
      const msg = `Several competitions are being played (${active.map((s) => s.league_code).join(', ')}): name one with competition.`;
      throw ApiError.badRequest(msg, { competition: [msg] });
    }
    return active[0];
  }

  /** The active season a gameweek belongs to; 404 when there is no such gameweek or its season is not active. */
  async seasonOfGameweek(gameweekId: number, m: EntityManager | DataSource = this.db): Promise<ActiveSeason> {
    const season = await selectActiveSeasonOfGameweek(m, gameweekId);
    if (!season) throw ApiError.notFound(`No Gameweek Found: no active season has a gameweek with id ${gameweekId}.`);
    return season;
  }

  /** An active season by its id (a league's head carries it); 404 "There's no active gameweek at the moment." otherwise. */
  async activeSeasonById(seasonId: number | null, m: EntityManager | DataSource = this.db): Promise<ActiveSeason> {
    const season = seasonId === null ? undefined : (await this.activeSeasons(m)).find((s) => s.id === seasonId);
    if (!season) throw ApiError.notFound(NO_ACTIVE_GAMEWEEK);
    return season;
  }

  /** Every gameweek of a season, ascending by number. */
  async gameweeks(seasonId: number, m: EntityManager | DataSource = this.db): Promise<GameweekSummary[]> {
    const rows = await selectGameweeksOfSeason(m, seasonId);
    const statuses = deriveGameweekStatuses(rows.map((r) => ({ number: r.number, fixtures: r.statuses.map((status) => ({ status })) })));
    return rows.map((r) => {
      const status = statuses.get(r.number) ?? 'upcoming';
      const deadline = r.starts_at ? new Date(r.starts_at) : null;
      return {
        id: r.id,
        number: r.number,
        name: roundName(r),
        status,
        starts_at: r.starts_at ? new Date(r.starts_at).toISOString() : null,
        ends_at: r.ends_at ? new Date(r.ends_at).toISOString() : null,
        deadline: deadline ? deadline.toISOString() : null,
        is_open: status === 'current' && deadline !== null && deadline.getTime() > new Date(r.now).getTime() && r.scored === 0,
        fixture_count: r.statuses.length,
      };
    });
  }

  /** The name a fan sees for each round of a season, by gameweek id ("Gameweek 12", "Round of 32": contracts' roundName). */
  async roundNames(seasonId: number, m: EntityManager | DataSource = this.db): Promise<Map<number, string>> {
    return new Map((await selectRoundsOfSeason(m, seasonId)).map((r) => [r.id, roundName(r)]));
  }

  /** The gameweeks of an active season (seasonForRequest's, or a gameweek's). */
  async activeGameweeks(season: ActiveSeason, m: EntityManager | DataSource = this.db): Promise<{ season: ActiveSeason; gameweeks: GameweekSummary[] }> {
    return { season, gameweeks: await this.gameweeks(season.id, m) };
  }

  /** The current gameweek of an active season, or 404 "There's no active gameweek at the moment.". */
  async currentGameweek(season: ActiveSeason, m: EntityManager | DataSource = this.db): Promise<{ season: ActiveSeason; gameweek: GameweekSummary }> {
    const { gameweeks } = await this.activeGameweeks(season, m);
    const gameweek = gameweeks.find((g) => g.status === 'current');
    if (!gameweek) throw ApiError.notFound(NO_ACTIVE_GAMEWEEK);
    return { season, gameweek };
  }

  async gameweekByNumber(season: ActiveSeason, n: number, m: EntityManager | DataSource = this.db): Promise<{ season: ActiveSeason; gameweek: GameweekSummary }> {
    const { gameweeks } = await this.activeGameweeks(season, m);
    const gameweek = gameweeks.find((g) => g.number === n);
    if (!gameweek) throw ApiError.notFound(`No Gameweek Found: the active season has no gameweek ${n}.`);
    return { season, gameweek };
  }

  /** A gameweek of any active season, by id, with its own season. */
  async gameweekById(id: number, m: EntityManager | DataSource = this.db): Promise<{ season: ActiveSeason; gameweek: GameweekSummary }> {
    const { season, gameweeks } = await this.activeGameweeks(await this.seasonOfGameweek(id, m), m);
    const gameweek = gameweeks.find((g) => g.id === id);
    if (!gameweek) throw ApiError.notFound(`No Gameweek Found: the active season has no gameweek with id ${id}.`);
    return { season, gameweek };
  }

  /**
   * The season a fan's request is about (issue 34's resolver): a named competition (a season's
   * league_code, `?competition=`) → its active season, 404 when it is unknown or not being played;
   * none → the fan's current competition, else the first they play, else the first active season
   * (contracts' defaultCompetition, the rule the screens name it by), 404 "There's no active gameweek at the moment." while none is active.
   */
  async seasonForRequest(competition?: string, userId?: number, m: EntityManager | DataSource = this.db): Promise<ActiveSeason> {
    const season = await this.seasonForRequestOrNone(competition, userId, m);
    if (!season) throw ApiError.notFound(NO_ACTIVE_GAMEWEEK);
    return season;
  }

  /** seasonForRequest, but null instead of the 404 when no competition is named and none is active (the dashboard's empty answer). */
  async seasonForRequestOrNone(competition?: string, userId?: number, m: EntityManager | DataSource = this.db): Promise<ActiveSeason | null> {
    const active = await this.activeSeasons(m);
    if (competition !== undefined) {
      const named = active.find((s) => s.league_code === competition);
      if (!named) throw ApiError.notFound(NO_SUCH_COMPETITION);
      return named;
    }
    // One active season (or none) is the answer whatever the fan chose: no reads of theirs.
    if (active.length <= 1 || userId === undefined || !this.preferences || !this.competitions) return active[0] ?? null;
    const [current, played] = await Promise.all([this.preferences.currentCompetition(userId, m), this.competitions.playedCodes(userId, m)]);
    const code = defaultCompetition(
      active.map((s) => s.league_code),
      { current, played },
    );
    return active.find((s) => s.league_code === code) ?? null;
  }
}
