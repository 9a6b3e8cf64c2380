import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { selectJoinRequest, type JoinRequestRow } from './join-requests.queries';
import { isMember, selectMemberUsername } from './league-members.queries';
import { selectLeagueName } from './leagues.queries';

export type { JoinRequestRow } from './join-requests.queries';

/**
 * Reads of leagues, members and join requests by id, for domains that must not pull in
 * LeaguesModule (live pushes from the workers): only the pool, no other module.
 */
@Injectable()
export class LeagueDirectoryService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The league's name, null when it is gone. */
  leagueName(leagueId: number): Promise<string | null> {
    return selectLeagueName(this.db, leagueId);
  }

  isMember(leagueId: number, userId: number): Promise<boolean> {
    return isMember(this.db, leagueId, userId);
  }

  /** The member's username while they are still in the league; null once they left. */
  memberUsername(leagueId: number, userId: number): Promise<string | null> {
    return selectMemberUsername(this.db, leagueId, userId);
  }

  /** The join request with the league's and the user's names, null when it is gone. */
  joinRequest(requestId: number): Promise<JoinRequestRow | null> {
    return selectJoinRequest(this.db, requestId);
  }
}
