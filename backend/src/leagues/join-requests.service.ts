import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { JoinLeagueResult, JoinRequest } from '@scoreline/contracts/api/leagues';
import { ApiError } from '../platform/common/api-error';
import { OutboxService } from '../platform/outbox/outbox.service';
import { AutomaticMembershipService } from './automatic-membership.service';
import { JoinLeagueDto } from './dto/leagues.dto';
import { normalizeInviteCode } from './invite-code';
import { isRetiredInviteCode } from './invite-links.queries';
import { inviteReplacedError } from './invite-links.service';
import { LeagueAccessService } from './league-access.service';
import {
  decideRequest,
  insertPendingRequest,
  type JoinTargetRow,
  lockPendingRequest,
  selectCompetitionOfPendingRequest,
  selectJoinTarget,
  selectLatestDecision,
  selectPendingRequests,
} from './join-requests.queries';
import { lockLeague, lockPrivateLeagueByCode, lockPublicLeague } from './leagues.queries';
import { countMembers, insertMemberUnlessPresent, isMember } from './league-members.queries';

/**
 * Joining: a public league by its numeric id, at once; a private league by invite code, as a
 * request the owner approves or rejects. One pending request per user and league (a partial
 * unique index backs the check); capacity is checked when asking and enforced on approval. A fan
 * who joins plays the league's competition, in its automatic leagues too (AutomaticMembershipService).
 */
@Injectable()
export class JoinRequestsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: LeagueAccessService,
    private readonly outbox: OutboxService,
    private readonly memberships: AutomaticMembershipService,
  ) {}

  async join(userId: number, dto: JoinLeagueDto): Promise<{ result: JoinLeagueResult; message: string }> {
    return this.db.transaction(async (tx) => {
      if (dto.type === 'public') {
        // Before the league's lock (syncCompetitionOfLeague); a join refused below undoes it.
        await this.memberships.syncCompetitionOfLeague(tx, dto.league_id!, userId);
        const league = await this.targetAfterLock(tx, userId, await lockPublicLeague(tx, dto.league_id!));
        if (!league) throw ApiError.notFound(`No public league has the ID ${dto.league_id}.`);
        if (league.is_member || !(await insertMemberUnlessPresent(tx, league.id, userId))) {
          throw ApiError.conflict(`You are already a member of ${league.name}.`);
        }
        await this.outbox.publish(tx, 'member.joined', { leagueId: league.id, userId, leagueType: 'public', via: 'public' });
        return {
          result: { status: 'joined', league_id: league.id, league_name: league.name, request_id: null },
          message: `You joined ${league.name}!`,
        };
      }
      const code = normalizeInviteCode(dto.code!);
      const league = await this.targetAfterLock(tx, userId, await lockPrivateLeagueByCode(tx, code));
      if (!league) {
        throw (await isRetiredInviteCode(tx, code)) ? inviteReplacedError() : ApiError.notFound('No private league has that invite code.');
      }
      if (league.is_member) throw ApiError.conflict(`You are already a member of ${league.name}.`);
      if (league.max_members !== null && league.member_count >= league.max_members) {
        throw ApiError.conflict(`${league.name} is full (${league.max_members} members).`);
      }
      const requestId = await insertPendingRequest(tx, league.id, userId, dto.message ?? '');
      if (requestId === null) throw ApiError.conflict(`You already have a pending request to join ${league.name}.`);
      await this.outbox.publish(tx, 'request.created', { requestId, leagueId: league.id, userId, ownerId: league.owner_id ?? 0 });
      return {
        result: { status: 'pending', league_id: league.id, league_name: league.name, request_id: requestId },
        message: `Your request to join ${league.name} was sent. The owner will review it.`,
      };
    });
  }

  async pending(leagueId: number, ownerId: number): Promise<JoinRequest[]> {
    const league = await this.access.owned(leagueId, ownerId, this.db, 'Only the owner of a private league can see its join requests.');
    if (league.type !== 'private') throw ApiError.forbidden('Only the owner of a private league can see its join requests.');
    const rows = await selectPendingRequests(this.db, leagueId);
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
      // The requester's automatic leagues of the league's competition before the league's lock
      // (syncCompetitionOfLeague); an approval refused below undoes them.
      const competition = await selectCompetitionOfPendingRequest(tx, leagueId, userId, ownerId);
      if (competition !== undefined) await this.memberships.syncCompetition(tx, competition, userId);
      const { league, request } = await this.pendingForOwner(tx, leagueId, ownerId, userId, 'approve');
      const members = await countMembers(tx, leagueId);
      const alreadyMember = await isMember(tx, leagueId, userId);
      if (!alreadyMember && league.max_members !== null && members >= league.max_members) {
        throw ApiError.conflict(`${league.name} is full (${league.max_members} members). Reject the request or make room first.`);
      }
      await decideRequest(tx, request.id, ownerId, 'approved');
      await this.outbox.publish(tx, 'request.approved', { requestId: request.id, leagueId, userId, ownerId });
      if (!alreadyMember && (await insertMemberUnlessPresent(tx, leagueId, userId))) {
        await this.outbox.publish(tx, 'member.joined', { leagueId, userId, leagueType: 'private', via: 'approval' });
      }
      return `${request.full_name} is now a member of ${league.name}.`;
    });
  }

  async reject(leagueId: number, ownerId: number, userId: number): Promise<string> {
    return this.db.transaction(async (tx) => {
      const { league, request } = await this.pendingForOwner(tx, leagueId, ownerId, userId, 'reject');
      await decideRequest(tx, request.id, ownerId, 'rejected');
      await this.outbox.publish(tx, 'request.rejected', { requestId: request.id, leagueId, userId, ownerId });
      return `The request from ${request.full_name} to join ${league.name} was rejected.`;
    });
  }

  private async pendingForOwner(tx: EntityManager, leagueId: number, ownerId: number, userId: number, verb: 'approve' | 'reject') {
    await lockLeague(tx, leagueId);
    const league = await this.access.owned(leagueId, ownerId, tx, `Only the owner of a private league can ${verb} join requests.`);
    if (league.type !== 'private') throw ApiError.forbidden(`Only the owner of a private league can ${verb} join requests.`);
    const request = await lockPendingRequest(tx, leagueId, userId);
    if (!request) {
      // A second click of the owner (or approve and reject at once) finds the request decided.
      const decided = await selectLatestDecision(tx, leagueId, userId);
      if (decided) throw ApiError.conflict(`That request was already ${decided}.`);
      throw ApiError.notFound('No pending request from that user.');
    }
    return { league, request };
  }

  /**
   * The league to join, already locked by the caller (so capacity checks and joins serialise),
   * with the caller's standing in it. Lock first, read after: a FOR UPDATE that waited for
   * another join answers the row with everything else in its statement (member count,
   * membership) as of before that join, so the standing is read by the next statement, which sees it.
   */
  private async targetAfterLock(tx: EntityManager, userId: number, lockedId: number | null): Promise<JoinTargetRow | null> {
    return lockedId === null ? null : selectJoinTarget(tx, lockedId, userId);
  }
}
