import { createHash } from 'node:crypto';
import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { DomainEventMap, DomainEventOf } from '@scoreline/contracts/events';
import type { EventRoutedTo } from '../platform/outbox/event-routes';
import type { NewQueueJob, QueueJobName, QueueOf } from '../platform/outbox/queue-jobs';
import { LiveEventsService } from '../live/live-events.service';
import { PeriodWinnersService } from './period-winners.service';
import { RankHistoryService } from './rank-history.service';
import { RecomputeResult, StandingsService } from './standings.service';

/** Job name of one league's (coalesced) recompute, on the same queue as the events. */
export const RECOMPUTE_LEAGUE = 'standings.recompute' satisfies QueueJobName<'standings'>;
/** Job name of small leagues' recompute, every one of an event's season and competition at once (StandingsService.recomputeGroups). */
export const RECOMPUTE_SMALL_LEAGUES = 'standings.recompute-small' satisfies QueueJobName<'standings'>;
/**
 * Extra wait before a league's recompute starts. 0: bursts still fold, because while a
 * recompute waits in the queue further events add nothing (deduplication) and while one runs
 * exactly one more is kept (keepLastIfActive) — a delay would only add push latency (the
 * push-latency bench measured p95 1.1 s with 250 ms against 0.4 s with 0). Read on every event,
 * so the bench can compare.
 */
export const STANDINGS_COALESCE = { ms: 0 };

/** An event routed to the `standings` queue (outbox/event-routes.ts). */
export type StandingsEvent = DomainEventOf<EventRoutedTo<'standings'>>;

/**
 * The work of the `standings` queue (its processor, standings.processor.ts, only hands each job
 * here). An event (scores.updated, member.joined, member.left, bonus.settled) becomes a recompute
 * of each affected league (a scores.updated: of the event's season's competition only,
 * StandingsService.leaguesAffectedBy): a big league alone, deduplicated by league (while one
 * waits, more events add nothing; while one runs, exactly one more is kept to run after it), and
 * small leagues all in one sweep (one statement; a sweep never mixes seasons), deduplicated by its
 * leagues (the next goal of the same match touches the same leagues, so it folds alike). A scores.updated also
 * settles its gameweek's and month's winners in every league of its competition
 * (PeriodWinnersService) and, once its gameweek completes, their rank history (RankHistoryService),
 * after the recomputes it queued have run (tables-first.ts);
 * a bonus.settled rewrites the latest completed round's rank history with the bonus points.
 * Worker-only (StandingsJobsModule): it adds to the standings queue and pushes to sockets.
 */
@Injectable()
export class StandingsJobsService {
  constructor(
    private readonly standings: StandingsService,
    @InjectQueue('standings') private readonly queue: QueueOf<'standings'>,
    private readonly live: LiveEventsService,
    private readonly winners: PeriodWinnersService,
    private readonly rankHistory: RankHistoryService,
  ) {}

  /** One league's recompute (a RECOMPUTE_LEAGUE job), its table and climbs pushed after the commit. */
  async recomputeLeague(leagueId: number): Promise<RecomputeResult> {
    const result = await this.standings.recomputeLeague(leagueId);
    await this.pushStored(result);
    return result;
  }

  /** Small leagues' recompute (a RECOMPUTE_SMALL_LEAGUES job), each pushed after the commit; answers how many were recomputed. */
  async recomputeSmallLeagues(leagueIds: number[]): Promise<number> {
    const results = await this.standings.recomputeSmallLeagues(leagueIds);
    // Thousands of leagues: their pushes in one publish each, not a round trip per league.
    await this.live.tablesStored(results);
    await this.live.activitiesCreated(results.flatMap((r) => r.activities));
    return results.length;
  }

  /**
   * An event's recomputes queued (and, for a bonus.settled, its rank history); answers how many
   * leagues it touches. A scores.updated's winners and rank history are afterScores', once these
   * recomputes ran (the processor waits for them: tables-first.ts).
   */
  async eventArrived(event: StandingsEvent): Promise<number> {
    const { leagues } = await this.queueRecomputes(event);
    // Settled bonus points count in the season's latest completed round too, as in the season table.
    if (event.name === 'bonus.settled') await this.rankHistory.recordAfterBonus(event.payload);
    return leagues;
  }

  /** A scores.updated's period winners and rank history (run once the recomputes it queued have run). */
  async afterScores(scores: DomainEventMap['scores.updated']): Promise<void> {
    // A settled (or re-opened, or corrected) gameweek and its month: their winners' entries, pushed after the commit.
    await this.live.activitiesCreated(await this.winners.settle(scores.gameweekId));
    // The final scores of a completed gameweek store its rank history.
    await this.rankHistory.recordAfterScores(scores);
  }

  /** The recomputes of the leagues an event touches, queued; answers how many leagues and the recomputes' job ids. */
  async queueRecomputes(event: StandingsEvent): Promise<{ leagues: number; tables: string[] }> {
    const leagueIds = await this.standings.leaguesAffectedBy(event);
    const { alone, batches } = await this.standings.recomputeGroups(leagueIds);
    const recomputes: NewQueueJob<'standings'>[] = [
      ...alone.map((leagueId): NewQueueJob<'standings', typeof RECOMPUTE_LEAGUE> => ({
        name: RECOMPUTE_LEAGUE,
        data: { leagueId },
        opts: { delay: STANDINGS_COALESCE.ms, deduplication: { id: `league-${leagueId}`, keepLastIfActive: true } },
      })),
      ...batches.map((batch): NewQueueJob<'standings', typeof RECOMPUTE_SMALL_LEAGUES> => ({
        name: RECOMPUTE_SMALL_LEAGUES,
        data: { leagueIds: batch },
        opts: { delay: STANDINGS_COALESCE.ms, deduplication: { id: `leagues-${createHash('sha1').update(batch.join(',')).digest('hex')}`, keepLastIfActive: true } },
      })),
    ];
    // A deduplicated recompute answers the id of the job it folded into.
    const queued = recomputes.length > 0 ? await this.queue.addBulk(recomputes) : [];
    return { leagues: leagueIds.length, tables: queued.flatMap((job) => (job.id === undefined ? [] : [job.id])) };
  }

  /** Pushed after the commit, so a client that refetches sees the new table. */
  private async pushStored(result: RecomputeResult): Promise<void> {
    await this.live.tableStored(result);
    await this.live.activitiesCreated(result.activities);
  }
}
