import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { League, LeagueKind, LeagueRole } from '../../../contracts/src/api/leagues';
import { ApiError } from '../common/api-error';
import { LEAGUE_NOT_FOUND } from './id-param.pipe';

/** A league row with what the viewer needs to build the League shape. */
export interface LeagueRow {
  id: number;
  name: string;
  description: string;
  type: LeagueKind;
  code: string | null;
  max_members: number | null;
  owner_id: number | null;
  created_at: Date;
  member_count: number;
  role: LeagueRole | null;
  owner_name: string | null;
  country_name: string | null;
  country_flag: string | null;
  club_name: string | null;
  club_logo: string | null;
}

/** SELECT … FROM leagues l with the viewer ($1) joined in; add WHERE/ORDER. */
export const LEAGUE_SELECT = `
  SELECT l.id, l.name, l.description, l.type, l.code, l.max_members, l.owner_id, l.created_at,
         (SELECT count(*) FROM league_members x WHERE x.league_id = l.id)::int AS member_count,
         m.role, ou.first_name || ' ' || ou.last_name AS owner_name,
         co.name AS country_name, co.flag AS country_flag, cl.name AS club_name, cl.logo AS club_logo
  FROM leagues l
  LEFT JOIN league_members m ON m.league_id = l.id AND m.user_id = $1
  LEFT JOIN users ou ON ou.id = l.owner_id
  LEFT JOIN countries co ON co.id = l.country_id
  LEFT JOIN clubs cl ON cl.id = l.club_id`;

export function toLeague(row: LeagueRow, viewerId: number): League {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    // The invite code is for members of a private league only.
    code: row.type === 'private' && row.role !== null ? row.code : null,
    member_count: row.member_count,
    created_at: new Date(row.created_at).toISOString(),
    is_owner: row.owner_id !== null && row.owner_id === viewerId,
    max_members: row.type === 'private' ? row.max_members : null,
    is_member: row.role !== null,
    role: row.role,
    owner_name: row.owner_name,
    country_name: row.country_name,
    country_flag: row.country_flag,
    club_name: row.club_name,
    club_logo: row.club_logo,
  };
}

/**
 * Who may see and manage a league. A private league is visible to its members only: to anyone
 * else it answers 404 exactly like a league that does not exist. Every other league is visible
 * to every signed-in user.
 */
@Injectable()
export class LeagueAccessService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The league as the viewer may see it, or 404. */
  async visible(leagueId: number, viewerId: number, q: DataSource | EntityManager = this.db): Promise<LeagueRow> {
    const [row]: LeagueRow[] = await q.query(`${LEAGUE_SELECT} WHERE l.id = $2`, [viewerId, leagueId]);
    if (!row || (row.type === 'private' && row.role === null)) throw ApiError.notFound(LEAGUE_NOT_FOUND);
    return row;
  }

  /**
   * Cheap check for the hot read paths (leaderboard, feed): the league's kind and the viewer's
   * role, without counting members.
   */
  async assertVisible(leagueId: number, viewerId: number): Promise<{ type: LeagueKind; role: LeagueRole | null; owner_id: number | null; name: string }> {
    const [row]: { type: LeagueKind; role: LeagueRole | null; owner_id: number | null; name: string }[] = await this.db.query(
      `SELECT l.type, l.owner_id, l.name, m.role FROM leagues l LEFT JOIN league_members m ON m.league_id = l.id AND m.user_id = $2 WHERE l.id = $1`,
      [leagueId, viewerId],
    );
    if (!row || (row.type === 'private' && row.role === null)) throw ApiError.notFound(LEAGUE_NOT_FOUND);
    return row;
  }

  /** The owner's management calls: 404 if the viewer cannot see the league, 403 unless they own it. */
  async owned(leagueId: number, viewerId: number, q: DataSource | EntityManager = this.db, what = 'Only the league owner can do that.'): Promise<LeagueRow> {
    const row = await this.visible(leagueId, viewerId, q);
    if (row.owner_id !== viewerId || row.role === null) throw ApiError.forbidden(what);
    return row;
  }
}
