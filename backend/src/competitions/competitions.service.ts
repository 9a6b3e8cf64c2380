import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { NO_SUCH_COMPETITION, type Competition } from '@scoreline/contracts/api/competitions';
import { ApiError } from '../platform/common/api-error';
import { toCompetition } from './competition';
import {
  competitionExists,
  deletePlayedCompetition,
  isPlayedAndActive,
  isTeamOfSeason,
  selectActiveCompetitions,
  selectPlayedActiveCompetitionCodes,
  selectPlayedCompetitionCodes,
  upsertPlayedCompetition,
} from './competitions.queries';

/**
 * The competitions a fan plays (user_competitions) and their team in each. Joining a league adds
 * its competition too (leagues/league-members.queries.ts); stopping leaves the fan's leagues.
 */
/** Run in the transaction that has a user start playing a competition (or play it again). */
export type StartedPlayingListener = (tx: EntityManager, userId: number, code: string) => Promise<void>;

@Injectable()
export class CompetitionsService {
  // Who else acts when a fan starts playing or changes team (leagues/ puts them in its global,
  // country and team's leagues, out of a former team's): registered by them, so this module stays
  // a leaf that leagues/ and the season resolver import.
  private readonly startedPlaying: StartedPlayingListener[] = [];

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  onStartedPlaying(listener: StartedPlayingListener): void {
    this.startedPlaying.push(listener);
  }

  /** The competitions being played, each with whether the user plays it and their team in it. */
  async list(userId: number): Promise<Competition[]> {
    return (await selectActiveCompetitions(this.db, userId)).map(toCompetition);
  }

  /**
   * Start playing a competition being played (again: nothing changes), or change the team in it:
   * a team of its active season, until its first kick-off (409 after).
   */
  async play(userId: number, code: string, team: { id: number | null } | undefined): Promise<Competition> {
    const [row] = await selectActiveCompetitions(this.db, userId, code);
    if (!row) throw ApiError.notFound(NO_SUCH_COMPETITION);
    if (team !== undefined && team.id !== row.team_id) {
      if (toCompetition(row).team_locked) {
        throw ApiError.conflict(`Your team in ${row.name} can no longer change: its first match has kicked off.`, {
          team_id: ['The team can change only until the first kick-off.'],
        });
      }
      if (team.id !== null && !(await isTeamOfSeason(this.db, row.season_id, team.id))) {
        throw ApiError.field('team_id', `That team does not play in ${row.season_name}.`);
      }
    }
    await this.write(() =>
      this.db.transaction(async (tx) => {
        await upsertPlayedCompetition(tx, userId, code, team);
        for (const listener of this.startedPlaying) await listener(tx, userId, code);
      }),
    );
    const [after] = await selectActiveCompetitions(this.db, userId, code);
    return toCompetition(after ?? row);
  }

  /** Stop playing a competition; the leagues stay (joining one of them adds it again). */
  async stop(userId: number, code: string): Promise<string> {
    if (!(await competitionExists(this.db, code))) throw ApiError.notFound(NO_SUCH_COMPETITION);
    await deletePlayedCompetition(this.db, userId, code);
    return 'You no longer play this competition. Your leagues stay.';
  }

  /**
   * The user starts playing each competition (onboarding): every one must be being played, else
   * 400 naming `competitions` and nothing is written (the caller's transaction).
   */
  async startPlaying(tx: EntityManager, userId: number, codes: readonly string[]): Promise<void> {
    for (const code of [...new Set(codes)].sort()) {
      const [row] = await selectActiveCompetitions(tx, userId, code);
      if (!row) throw ApiError.field('competitions', `${code}: ${NO_SUCH_COMPETITION}`);
      await upsertPlayedCompetition(tx, userId, code, undefined);
      for (const listener of this.startedPlaying) await listener(tx, userId, code);
    }
  }

  /** The competitions the user plays, in the order they started (the season resolver's fallback). */
  playedCodes(userId: number, m: EntityManager | DataSource = this.db): Promise<string[]> {
    return selectPlayedCompetitionCodes(m, userId);
  }

  /** The competitions the user plays that are being played, in the order they started (their automatic leagues move). */
  playedActiveCodes(userId: number, m: EntityManager | DataSource = this.db): Promise<string[]> {
    return selectPlayedActiveCompetitionCodes(m, userId);
  }

  /** Whether the user plays the competition and it is being played (a current competition must be). */
  playsActive(userId: number, code: string, m: EntityManager | DataSource = this.db): Promise<boolean> {
    return isPlayedAndActive(m, userId, code);
  }

  private async write(statement: () => Promise<void>): Promise<void> {
    try {
      await statement();
    } catch (error) {
      // The account was deleted after its token was checked: nobody left to play.
      if ((error as { code?: string }).code === '23503') throw ApiError.unauthorized();
      throw error;
    }
  }
}
