import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ACTIVITY_DEFAULT_PAGE_SIZE, ActivityFeed, ActivityFeedQuery, ActivityStats } from '@scoreline/contracts/api/leagues';
import type { LeagueWinnersResponse, PeriodWinners } from '@scoreline/contracts/api/tables';
import { roundName } from '@scoreline/contracts/game/round-name';
import { initials } from '../platform/common/initials';
import { timeSince } from './time-since';
import { pageOffset, paging } from '../platform/common/pagination';
import { selectFeedPage, selectFeedStats, selectPeriodWinnerEntries } from './activity.queries';

/** The league activity feed and its stats, read from what the workers wrote. */
@Injectable()
export class ActivityFeedService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async feed(leagueId: number, viewerId: number, query: ActivityFeedQuery): Promise<ActivityFeed> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? ACTIVITY_DEFAULT_PAGE_SIZE;
    const { total, rows } = await selectFeedPage(this.db, leagueId, {
      days: query.days ?? 30,
      category: query.category ?? null,
      importance: query.importance ?? null,
      limit: pageSize,
      offset: pageOffset(page, pageSize),
    });
    // The feed's answer has no total_pages (spec section 3).
    const { total_pages: _totalPages, ...feedPaging } = paging(page, pageSize, total);
    const now = new Date();
    return {
      activities: rows.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        display_message: r.message,
        description: r.description,
        icon: r.icon,
        importance: r.importance,
        category: r.category,
        time_since: timeSince(new Date(r.created_at), now),
        created_at: new Date(r.created_at).toISOString(),
        actor_avatar: r.actor_first === null ? null : initials(r.actor_first, r.actor_last ?? ''),
        actor_name: r.actor_first === null ? null : `${r.actor_first} ${r.actor_last}`,
        target_avatar: r.target_first === null ? null : initials(r.target_first, r.target_last ?? ''),
        target_name: r.target_first === null ? null : `${r.target_first} ${r.target_last}`,
        is_current_user_involved: r.actor_user_id === viewerId || r.target_user_id === viewerId,
        metadata: r.metadata,
      })),
      ...feedPaging,
    };
  }

  async stats(leagueId: number): Promise<ActivityStats> {
    const row = await selectFeedStats(this.db, leagueId);
    return {
      total_activities: row.total,
      activities_today: row.today,
      activities_this_week: row.week,
      user_participation_rate: row.members > 0 ? Math.round((row.involved / row.members) * 100) : 0,
    };
  }

  /**
   * The league's gameweek and month winners of the active season, read from the entries the
   * standings worker writes when a period is settled (they are the record of who won; a
   * correction rewrites them). Latest period first; tied winners grouped under one period.
   */
  async winners(leagueId: number): Promise<LeagueWinnersResponse> {
    const rows = await selectPeriodWinnerEntries(this.db, leagueId);
    const periods = new Map<string, PeriodWinners>();
    for (const r of rows) {
      const isGameweek = r.kind === 'gameweek_won';
      const key = isGameweek ? `gw:${r.metadata.gameweek}` : `m:${r.metadata.month}`;
      const decided = new Date(r.created_at).toISOString();
      let period = periods.get(key);
      if (!period) {
        period = {
          period: isGameweek ? 'gameweek' : 'month',
          gameweek: isGameweek ? (r.metadata.gameweek ?? null) : null,
          gameweek_name: isGameweek && r.metadata.gameweek !== undefined ? roundName({ number: r.metadata.gameweek, name: r.gameweek_name }) : null,
          month: isGameweek ? null : (r.metadata.month ?? null),
          points: r.metadata.points,
          winners: [],
          decided_at: decided,
        };
        periods.set(key, period);
      }
      if (decided > period.decided_at) period.decided_at = decided;
      period.winners.push({ user_id: r.user_id, full_name: `${r.first_name} ${r.last_name}`, points: r.metadata.points });
    }
    const all = [...periods.values()];
    return {
      gameweeks: all.filter((p) => p.period === 'gameweek').sort((a, b) => (b.gameweek ?? 0) - (a.gameweek ?? 0)),
      months: all.filter((p) => p.period === 'month').sort((a, b) => (b.month ?? '').localeCompare(a.month ?? '')),
    };
  }
}
