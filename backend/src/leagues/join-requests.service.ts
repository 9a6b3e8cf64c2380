import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { JoinLeagueResult, JoinRequest } from '../../../contracts/src/api/leagues';
import { ApiError } from '../common/api-error';
import { OutboxService } from '../outbox/outbox.service';
import { JoinLeagueDto } from './dto/leagues.dto';
import { normalizeInviteCode } from './invite-code';
import { LeagueAccessService } from './league-access.service';

interface JoinTarget {
  id: number;
  name: string;
  type: 'private' | 'public';
  owner_id: number | null;
  max_members: number | null;
  member_count: number;
  is_member: boolean;
}

/**
 * Joining: a public league by its numeric id, at once; a private league by invite code, as a
 * request the owner approves or rejects. One pending request per user and league (a partial
 * unique index backs the check); capacity is checked when asking and enforced on approval.
 */
@Injectable()
export class JoinRequestsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: LeagueAccessService,
    private readonly outbox: OutboxService,
  ) {}

  async join(userId: number, dto: JoinLeagueDto): Promise<{ result: JoinLeagueResult; message: string }> {
    return this.db.transaction(async (tx) => {
      if (dto.type === 'public') {
        const league = await this.lockTarget(tx, userId, `id = $1 AND type = 'public'`, dto.league_id!);
        if (!league) throw ApiError.notFound(`No public league has the ID ${dto.league_id}.`);
        if (league.is_member || !(await this.addMember(tx, league.id, userId))) {
          throw ApiError.conflict(`You are already a member of ${league.name}.`);
        }
        await this.outbox.publish(tx, 'member.joined', { leagueId: league.id, userId, leagueType: 'public', via: 'public' });
        return {
          result: { status: 'joined', league_id: league.id, league_name: league.name, request_id: null },
          message: `You joined ${league.name}!`,
        };
      }
      const code = normalizeInviteCode(dto.code!);
      const league = await this.lockTarget(tx, userId, `code = $1 AND type = 'private'`, code);
      if (!league) throw ApiError.notFound('No private league has that invite code.');
      if (league.is_member) throw ApiError.conflict(`You are already a member of ${league.name}.`);
      if (league.max_members !== null && league.member_count >= league.max_members) {
        throw ApiError.conflict(`${league.name} is full (${league.max_members} members).`);
      }
      const inserted: { id: number }[] = await tx.query(
        `INSERT INTO league_requests (league_id, user_id, message) VALUES ($1, $2, $3)
         ON CONFLICT (league_id, user_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
        [league.id, userId, dto.message ?? ''],
      );
      if (inserted.length === 0) throw ApiError.conflict(`You already have a pending request to join ${league.name}.`);
      await this.outbox.publish(tx, 'request.created', { requestId: inserted[0].id, leagueId: league.id, userId, ownerId: league.owner_id ?? 0 });
      return {
        result: { status: 'pending', league_id: league.id, league_name: league.name, request_id: inserted[0].id },
        message: `Your request to join ${league.name} was sent. The owner will review it.`,
      };
    });
  }

  async pending(leagueId: number, ownerId: number): Promise<JoinRequest[]> {
    const league = await this.access.owned(leagueId, ownerId, this.db, 'Only the owner of a private league can see its join requests.');
    if (league.type !== 'private') throw ApiError.forbidden('Only the owner of a private league can see its join requests.');
    const rows: { id: number; user_id: number; username: string; full_name: string; message: string; created_at: Date }[] = await this.db.query(
      `SELECT r.id, r.user_id, u.username, u.first_name || ' ' || u.last_name AS full_name, r.message, r.created_at
       FROM league_requests r JOIN users u ON u.id = r.user_id
       WHERE r.league_id = $1 AND r.status = 'pending'
       ORDER BY r.created_at, r.id`,
      [leagueId],
    );
    return rows.map((r) => ({
      id: r.id,
      user: r.user_id,
      username: r.username,
      user_full_name: r.full_name,
      message: r.message,
      created_at: new Date(r.created_at).toISOString(),
      status: 'pending',
    }));
  }

  async approve(leagueId: number, ownerId: number, userId: number): Promise<string> {
    return this.db.transaction(async (tx) => {
      const { league, request } = await this.pendingForOwner(tx, leagueId, ownerId, userId, 'approve');
      const [{ members }]: { members: number }[] = await tx.query(`SELECT count(*)::int AS members FROM league_members WHERE league_id = $1`, [leagueId]);
      const alreadyMember: unknown[] = await tx.query(`SELECT 1 FROM league_members WHERE league_id = $1 AND user_id = $2`, [leagueId, userId]);
      if (alreadyMember.length === 0 && league.max_members !== null && members >= league.max_members) {
        throw ApiError.conflict(`${league.name} is full (${league.max_members} members). Reject the request or make room first.`);
      }
      await tx.query(`UPDATE league_requests SET status = 'approved', decided_at = now(), decided_by = $2 WHERE id = $1`, [request.id, ownerId]);
      await this.outbox.publish(tx, 'request.approved', { requestId: request.id, leagueId, userId, ownerId });
      if (alreadyMember.length === 0 && (await this.addMember(tx, leagueId, userId))) {
        await this.outbox.publish(tx, 'member.joined', { leagueId, userId, leagueType: 'private', via: 'approval' });
      }
      return `${request.full_name} is now a member of ${league.name}.`;
    });
  }

  async reject(leagueId: number, ownerId: number, userId: number): Promise<string> {
    return this.db.transaction(async (tx) => {
      const { league, request } = await this.pendingForOwner(tx, leagueId, ownerId, userId, 'reject');
      await tx.query(`UPDATE league_requests SET status = 'rejected', decided_at = now(), decided_by = $2 WHERE id = $1`, [request.id, ownerId]);
      await this.outbox.publish(tx, 'request.rejected', { requestId: request.id, leagueId, userId, ownerId });
      return `The request from ${request.full_name} to join ${league.name} was rejected.`;
    });
  }

  private async pendingForOwner(tx: EntityManager, leagueId: number, ownerId: number, userId: number, verb: 'approve' | 'reject') {
    await tx.query(`SELECT 1 FROM leagues WHERE id = $1 FOR UPDATE`, [leagueId]);
    const league = await this.access.owned(leagueId, ownerId, tx, `Only the owner of a private league can ${verb} join requests.`);
    if (league.type !== 'private') throw ApiError.forbidden(`Only the owner of a private league can ${verb} join requests.`);
    const [request]: { id: number; full_name: string }[] = await tx.query(
      `SELECT r.id, u.first_name || ' ' || u.last_name AS full_name FROM league_requests r JOIN users u ON u.id = r.user_id
       WHERE r.league_id = $1 AND r.user_id = $2 AND r.status = 'pending' FOR UPDATE OF r`,
      [leagueId, userId],
    );
    if (!request) {
      // A second click of the owner (or approve and reject at once) finds the request decided.
      const [decided]: { status: 'approved' | 'rejected' }[] = await tx.query(
        `SELECT status FROM league_requests WHERE league_id = $1 AND user_id = $2 AND status <> 'pending' ORDER BY decided_at DESC, id DESC LIMIT 1`,
        [leagueId, userId],
      );
      if (decided) throw ApiError.conflict(`That request was already ${decided.status}.`);
      throw ApiError.notFound('No pending request from that user.');
    }
    return { league, request };
  }

  /** Adds the member unless they are one already; answers whether a row was added. */
  private async addMember(tx: EntityManager, leagueId: number, userId: number): Promise<boolean> {
    const added: unknown[] = await tx.query(
      `INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'member') ON CONFLICT DO NOTHING RETURNING user_id`,
      [leagueId, userId],
    );
    return added.length > 0;
  }

  /**
   * The league to join, locked (so capacity checks and joins serialise), with the caller's
   * standing in it. Lock first, read after: a FOR UPDATE that waited for another join answers
   * the row with everything else in its statement (member count, membership) as of before that
   * join, so the standing is read by the next statement, which sees it.
   */
  private async lockTarget(tx: EntityManager, userId: number, where: string, key: number | string): Promise<JoinTarget | null> {
    const [locked]: { id: number }[] = await tx.query(`SELECT id FROM leagues WHERE ${where} FOR UPDATE`, [key]);
    if (!locked) return null;
    const rows: JoinTarget[] = await tx.query(
      `SELECT l.id, l.name, l.type, l.owner_id, l.max_members,
              (SELECT count(*) FROM league_members x WHERE x.league_id = l.id)::int AS member_count,
              EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = l.id AND m.user_id = $1) AS is_member
       FROM leagues l WHERE l.id = $2`,
      [userId, locked.id],
    );
    return rows[0] ?? null;
  }
}
