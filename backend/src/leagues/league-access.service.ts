import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { League } from '@scoreline/contracts/api/leagues';
import { ApiError } from '../platform/common/api-error';
import { LEAGUE_NOT_FOUND } from './id-param.pipe';
import { type LeagueAccessRow, type LeagueOfViewerRow, type LeagueRow, selectLeagueAccess, selectLeagueForViewer } from './leagues.queries';

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
    competition: { code: row.competition_code, name: row.competition_name, kind: row.competition_tournament ? 'tournament' : 'league' },
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

  /** The league as the viewer may see it (with its season), or 404. */
  async visible(leagueId: number, viewerId: number, q: DataSource | EntityManager = this.db): Promise<LeagueOfViewerRow> {
    const row = await selectLeagueForViewer(q, leagueId, viewerId);
    if (!row || (row.type === 'private' && row.role === null)) throw ApiError.notFound(LEAGUE_NOT_FOUND);
    return row;
  }

  /**
   * Cheap check for the hot read paths (leaderboard, feed): the league's kind and the viewer's
   * role, without counting members.
   */
  async assertVisible(leagueId: number, viewerId: number): Promise<LeagueAccessRow> {
    const row = await selectLeagueAccess(this.db, leagueId, viewerId);
    if (!row || (row.type === 'private' && row.role === null)) throw ApiError.notFound(LEAGUE_NOT_FOUND);
    return row;
  }

  /** The owner's management calls: 404 if the viewer cannot see the league, 403 unless they own it. */
  async owned(leagueId: number, viewerId: number, q: DataSource | EntityManager = this.db, what = 'Only the league owner can do that.'): Promise<LeagueOfViewerRow> {
    const row = await this.visible(leagueId, viewerId, q);
    if (row.owner_id !== viewerId || row.role === null) throw ApiError.forbidden(what);
    return row;
  }
}
