import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DomainEvent } from '../../../contracts/src/events';
import { LeaderboardUpdatedPayload, leagueRoom, MATCHES_ROOM, userRoom } from '../../../contracts/src/live';
import type { FixtureStatus } from '../../../contracts/src/game/gameweek-status';
import type { PredictionOutcome } from '../../../contracts/src/game/scoring';
import type { NewActivity } from '../activity/activity-writer.service';
import { LivePublisher } from './live-publisher.service';

/**
 * Turns domain events into socket pushes. Payloads are built from the current rows, so a late
 * or repeated event pushes the latest state, never an old one.
 */
@Injectable()
export class LiveEventsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly live: LivePublisher,
  ) {}

  async resultRecorded(event: DomainEvent<'result.recorded'>): Promise<void> {
    const rows: { id: number; gameweek_id: number; status: FixtureStatus; home_score: number | null; away_score: number | null; minute: number | null }[] =
      await this.db.query(`SELECT id, gameweek_id, status, home_score, away_score, minute FROM fixtures WHERE id = $1`, [event.payload.fixtureId]);
    const f = rows[0];
    if (!f) return;
    await this.live.emit([MATCHES_ROOM], 'fixture.updated', {
      fixtureId: f.id,
      gameweekId: f.gameweek_id,
      status: f.status,
      homeScore: f.home_score,
      awayScore: f.away_score,
      minute: f.minute,
    });
  }

  /** Each online predictor of the fixture learns their points and new totals. */
  async scoresUpdated(event: DomainEvent<'scores.updated'>): Promise<void> {
    const { fixtureId, gameweekId, seasonId } = event.payload;
    const predictors: { user_id: number }[] = await this.db.query(`SELECT user_id FROM predictions WHERE fixture_id = $1`, [fixtureId]);
    const online = await this.live.onlineUsers(predictors.map((p) => p.user_id));
    if (online.length === 0) return;
    const rows: { user_id: number; points: number | null; outcome: PredictionOutcome | null; status: FixtureStatus; gw_points: number | null; season_points: number | null }[] =
      await this.db.query(
        `SELECT p.user_id, p.points, p.outcome, f.status, gt.points AS gw_points, st.points AS season_points
         FROM predictions p
         JOIN fixtures f ON f.id = p.fixture_id
         LEFT JOIN user_gameweek_totals gt ON gt.user_id = p.user_id AND gt.gameweek_id = $2
         LEFT JOIN user_season_totals st ON st.user_id = p.user_id AND st.season_id = $3
         WHERE p.fixture_id = $1 AND p.user_id = ANY($4::int[])`,
        [fixtureId, gameweekId, seasonId, online],
      );
    await this.live.emitToUsers(
      'points.updated',
      rows.map((r) => ({
        userId: r.user_id,
        payload: {
          fixtureId,
          gameweekId,
          points: r.points,
          outcome: r.outcome,
          provisional: r.status === 'live',
          gameweekTotal: r.gw_points ?? 0,
          seasonTotal: r.season_points ?? 0,
        },
      })),
    );
  }

  /**
   * New feed entries: one push per league with its newest entry id (members refetch the feed),
   * not one per entry — a final whistle can write hundreds of entries into one league.
   */
  async activitiesCreated(entries: NewActivity[]): Promise<void> {
    const newestByLeague = new Map<number, number>();
    // Activity ids are bigint: pg hands them over as strings.
    for (const e of entries) newestByLeague.set(e.league_id, Math.max(Number(e.id), newestByLeague.get(e.league_id) ?? 0));
    for (const [leagueId, activityId] of newestByLeague) {
      await this.live.emit([leagueRoom(leagueId)], 'activity.created', { leagueId, activityId });
    }
  }

  /** A league's table changed: its members re-rank in place (or refetch when many rows moved). */
  async leaderboardChanged(leagueId: number, changed: LeaderboardUpdatedPayload['changed'], truncated: boolean): Promise<void> {
    if (changed.length === 0 && !truncated) return;
    await this.live.emit([leagueRoom(leagueId)], 'leaderboard.updated', { leagueId, changed, truncated });
  }

  async memberJoined(event: DomainEvent<'member.joined'>): Promise<void> {
    const { leagueId, userId } = event.payload;
    const still: { username: string }[] = await this.db.query(
      `SELECT u.username FROM league_members m JOIN users u ON u.id = m.user_id WHERE m.league_id = $1 AND m.user_id = $2`,
      [leagueId, userId],
    );
    if (still.length === 0) return; // left again before we got here
    await this.live.joinRooms(userId, [leagueRoom(leagueId)]);
    // The big automatic leagues would flood everyone's socket with strangers joining.
    if (event.payload.leagueType === 'private' || event.payload.leagueType === 'public') {
      await this.live.emit([leagueRoom(leagueId)], 'member.joined', { leagueId, userId, username: still[0].username });
    }
  }

  async memberLeft(event: DomainEvent<'member.left'>): Promise<void> {
    const { leagueId, userId } = event.payload;
    const back: unknown[] = await this.db.query(`SELECT 1 FROM league_members WHERE league_id = $1 AND user_id = $2`, [leagueId, userId]);
    if (back.length > 0) return; // rejoined since
    await this.live.leaveRooms(userId, [leagueRoom(leagueId)]);
  }

  async requestCreated(event: DomainEvent<'request.created'>): Promise<void> {
    const rows: { id: number; league_id: number; league_name: string; user_id: number; username: string; full_name: string; message: string; created_at: Date; status: string }[] =
      await this.db.query(
        `SELECT r.id, r.league_id, l.name AS league_name, r.user_id, u.username, u.first_name || ' ' || u.last_name AS full_name,
                r.message, r.created_at, r.status
         FROM league_requests r JOIN leagues l ON l.id = r.league_id JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
        [event.payload.requestId],
      );
    const r = rows[0];
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
    const [league]: { name: string }[] = await this.db.query(`SELECT name FROM leagues WHERE id = $1`, [event.payload.leagueId]);
    if (!league) return;
    await this.live.emit([userRoom(event.payload.userId)], 'request.decided', {
      leagueId: event.payload.leagueId,
      leagueName: league.name,
      requestId: event.payload.requestId,
      decision: event.name === 'request.approved' ? 'approved' : 'rejected',
    });
  }
}
