import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DomainEvent } from '@scoreline/contracts/events';
import { LeaderboardUpdatedPayload, leagueRoom, MATCHES_ROOM, userRoom } from '@scoreline/contracts/live';
import { LivePublisher } from './live-publisher.service';
import { LeagueDirectoryService } from '../leagues/league-directory.service';
import { selectBigLeaguesOf, selectCompetitionOfSeason, selectPointsOf } from './live.queries';
import { BIG_LEAGUE } from '../platform/common/big-league';

/**
 * The one place that decides who is pushed what over sockets: every push (and room change) of
 * the workers and the reconciler goes through here to LivePublisher, which nothing else uses
 * (eslint enforces it). Payloads are built from the current rows, so a late or repeated event
 * pushes the latest state, never an old one — except a fixture's own update, which is the row
 * its result.recorded event carries (written in the same transaction as the change).
 */
/** A stored table as the standings worker reports it. */
type StoredTable = { leagueId: number; members: number; changed: LeaderboardUpdatedPayload['changed']; truncated: boolean };

@Injectable()
export class LiveEventsService {
  // A season's competition never changes: read once per season (a few a year), not per goal.
  private readonly competitionOfSeason = new Map<number, string>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly live: LivePublisher,
    private readonly leagues: LeagueDirectoryService,
  ) {}

  /**
   * The match's new state to every screen, in the order the results were recorded (a late older
   * one is dropped). A goal (or correction, full time, postponement) also tells each big league
   * its table moved: its live table answers the new ranks from this commit on, while the stored
   * table follows the scorer (~13 s for a match predicted by a million).
   */
  async resultRecorded(event: DomainEvent<'result.recorded'>): Promise<void> {
    const { fixtureId, seasonId, gameweekId, status, homeScore, awayScore, minute, scoreMoved } = event.payload;
    const competition = await this.competitionOf(seasonId);
    if (competition === undefined) return; // the season was deleted since: no screen shows the match
    const payload = { fixtureId, gameweekId, seasonId, competition, status, homeScore, awayScore, minute };
    await this.live.emit([MATCHES_ROOM], 'fixture.updated', payload, { key: `fixture:${fixtureId}`, sequence: event.id });
    // An event written before the field existed counts as a move.
    if (scoreMoved === false) return;
    for (const leagueId of await selectBigLeaguesOf(this.db, seasonId, BIG_LEAGUE.members)) {
      await this.live.emit([leagueRoom(leagueId)], 'leaderboard.updated', { leagueId, changed: [], truncated: true });
    }
  }

  private async competitionOf(seasonId: number): Promise<string | undefined> {
    let code = this.competitionOfSeason.get(seasonId);
    if (code === undefined) {
      code = await selectCompetitionOfSeason(this.db, seasonId);
      if (code !== undefined) this.competitionOfSeason.set(seasonId, code);
    }
    return code;
  }

  /** Each online predictor of the fixture learns their points and new totals (never older ones after newer). */
  async scoresUpdated(event: DomainEvent<'scores.updated'>): Promise<void> {
    const { fixtureId, gameweekId, seasonId, status } = event.payload;
    // The online users first (a few thousand), then those of them who predicted the fixture.
    const online = await this.live.onlineUserIds();
    if (online.length === 0) return;
    const rows = await selectPointsOf(this.db, fixtureId, gameweekId, seasonId, online);
    await this.live.emitToUsers(
      'points.updated',
      rows.map((r) => ({
        userId: r.user_id,
        payload: {
          fixtureId,
          gameweekId,
          points: r.points,
          outcome: r.outcome,
          provisional: status === 'live',
          gameweekTotal: r.gw_points ?? 0,
          seasonTotal: r.season_points ?? 0,
        },
      })),
      { key: `points:${fixtureId}`, sequence: event.id },
    );
  }

  /**
   * New feed entries: one push per league with its newest entry id (members refetch the feed),
   * not one per entry — a final whistle can write hundreds of entries into one league.
   */
  async activitiesCreated(entries: { id: string | number; league_id: number }[]): Promise<void> {
    const newestByLeague = new Map<number, number>();
    // Activity ids are bigint: pg hands them over as strings.
    for (const e of entries) newestByLeague.set(e.league_id, Math.max(Number(e.id), newestByLeague.get(e.league_id) ?? 0));
    // One publish for them all (a sweep of small leagues creates entries in thousands of leagues).
    await this.live.emitEach(
      'activity.created',
      [...newestByLeague].map(([leagueId, activityId]) => ({ rooms: [leagueRoom(leagueId)], payload: { leagueId, activityId } })),
    );
  }

  /** A league's table changed: its members re-rank in place (or refetch when many rows moved). */
  async leaderboardChanged(leagueId: number, changed: LeaderboardUpdatedPayload['changed'], truncated: boolean): Promise<void> {
    if (changed.length === 0 && !truncated) return;
    await this.live.emit([leagueRoom(leagueId)], 'leaderboard.updated', { leagueId, changed, truncated });
  }

  /**
   * The standings worker stored a league's table. A small league's members re-rank in place from
   * the changed rows. A big league's were told at the goal (resultRecorded) and read the same
   * ranks since; pushing again would make every reader refetch a second time, and a stranger
   * joining is no news to a million members (as member.joined is not).
   */
  async tableStored(result: StoredTable): Promise<void> {
    await this.tablesStored([result]);
  }

  /** Many leagues' tables stored at once (a sweep of small leagues): their pushes in one publish, as tableStored decides each. */
  async tablesStored(results: StoredTable[]): Promise<void> {
    await this.live.emitEach(
      'leaderboard.updated',
      results
        .filter((r) => r.members < BIG_LEAGUE.members && (r.changed.length > 0 || r.truncated))
        .map((r) => ({ rooms: [leagueRoom(r.leagueId)], payload: { leagueId: r.leagueId, changed: r.changed, truncated: r.truncated } })),
    );
  }

  async memberJoined(event: DomainEvent<'member.joined'>): Promise<void> {
    const { leagueId, userId } = event.payload;
    const username = await this.leagues.memberUsername(leagueId, userId);
    if (username === null) return; // left again before we got here
    await this.live.joinRooms(userId, [leagueRoom(leagueId)]);
    // The big automatic leagues would flood everyone's socket with strangers joining.
    if (event.payload.leagueType === 'private' || event.payload.leagueType === 'public') {
      await this.live.emit([leagueRoom(leagueId)], 'member.joined', { leagueId, userId, username });
    }
  }

  async memberLeft(event: DomainEvent<'member.left'>): Promise<void> {
    const { leagueId, userId } = event.payload;
    if (await this.leagues.isMember(leagueId, userId)) return; // rejoined since
    await this.live.leaveRooms(userId, [leagueRoom(leagueId)]);
  }

  async requestCreated(event: DomainEvent<'request.created'>): Promise<void> {
    const r = await this.leagues.joinRequest(event.payload.requestId);
    if (!r || r.status !== 'pending') return;
    await this.live.emit([userRoom(event.payload.ownerId)], 'request.created', {
      leagueId: r.league_id,
      leagueName: r.league_name,
      requestId: r.id,
      userId: r.user_id,
      username: r.username,
      fullName: r.full_name,
      message: r.message ?? '',
      createdAt: new Date(r.created_at).toISOString(),
    });
  }

  async requestDecided(event: DomainEvent<'request.approved' | 'request.rejected'>): Promise<void> {
    const leagueName = await this.leagues.leagueName(event.payload.leagueId);
    if (leagueName === null) return;
    await this.live.emit([userRoom(event.payload.userId)], 'request.decided', {
      leagueId: event.payload.leagueId,
      leagueName,
      requestId: event.payload.requestId,
      decision: event.name === 'request.approved' ? 'approved' : 'rejected',
    });
  }
}
