import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  ACTIVITY_DEFAULT_PAGE_SIZE,
  Activity,
  ActivityCategory,
  ActivityFeed,
  ActivityFeedQuery,
  ActivityImportance,
  ActivityKind,
  ActivityStats,
} from '../../../contracts/src/api/leagues';
import { initials } from '../leagues/rank-badge';
import { timeSince } from './time-since';
import { pageOffset, paging } from '../common/pagination';

interface ActivityRow {
  id: string;
  kind: ActivityKind;
  category: ActivityCategory;
  importance: ActivityImportance;
  message: string;
  description: string;
  icon: string;
  metadata: Activity['metadata'];
  created_at: Date;
  actor_user_id: number | null;
  actor_first: string | null;
  actor_last: string | null;
  target_user_id: number | null;
  target_first: string | null;
  target_last: string | null;
}

/** The league activity feed and its stats, read from what the workers wrote. */
@Injectable()
export class ActivityFeedService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async feed(leagueId: number, viewerId: number, query: ActivityFeedQuery): Promise<ActivityFeed> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? ACTIVITY_DEFAULT_PAGE_SIZE;
    const params = [leagueId, query.days ?? 30, query.category ?? null, query.importance ?? null];
    const where = `a.league_id = $1 AND a.created_at >= now() - make_interval(days => $2::int)
                   AND ($3::text IS NULL OR a.category = $3) AND ($4::text IS NULL OR a.importance = $4)`;
    const [{ total }]: { total: number }[] = await this.db.query(`SELECT count(*)::int AS total FROM league_activities a WHERE ${where}`, params);
    const rows: ActivityRow[] = await this.db.query(
      `SELECT a.id, a.kind, a.category, a.importance, a.message, a.description, a.icon, a.metadata, a.created_at,
              a.actor_user_id, au.first_name AS actor_first, au.last_name AS actor_last,
              a.target_user_id, tu.first_name AS target_first, tu.last_name AS target_last
       FROM league_activities a
       LEFT JOIN users au ON au.id = a.actor_user_id
       LEFT JOIN users tu ON tu.id = a.target_user_id
       WHERE ${where}
       ORDER BY a.created_at DESC, a.id DESC
       LIMIT $5 OFFSET $6`,
      [...params, pageSize, pageOffset(page, pageSize)],
    );
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
    const [row]: { total: number; today: number; week: number; members: number; involved: number }[] = await this.db.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE a.created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS today,
              count(*) FILTER (WHERE a.created_at >= now() - interval '7 days')::int AS week,
              (SELECT count(*) FROM league_members m WHERE m.league_id = $1)::int AS members,
              (SELECT count(*) FROM (
                 SELECT x.actor_user_id AS user_id FROM league_activities x WHERE x.league_id = $1 AND x.created_at >= now() - interval '30 days'
                 UNION
                 SELECT x.target_user_id FROM league_activities x WHERE x.league_id = $1 AND x.created_at >= now() - interval '30 days'
               ) involved JOIN league_members m ON m.league_id = $1 AND m.user_id = involved.user_id)::int AS involved
       FROM league_activities a WHERE a.league_id = $1`,
      [leagueId],
    );
    return {
      total_activities: row.total,
      activities_today: row.today,
      activities_this_week: row.week,
      user_participation_rate: row.members > 0 ? Math.round((row.involved / row.members) * 100) : 0,
    };
  }
}
