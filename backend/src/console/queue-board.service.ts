import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { QUEUE_BOARD_SESSION_SECONDS } from '../platform/request-auth/queue-board-cookie';
import { UsersService } from '../users/users.service';

/**
 * What a board session token carries. No `tv` claim, so it can never pass as an access token;
 * `ver` is the user's token version, so a password change or reset ends the board session too.
 */
interface QueueBoardClaims {
  sub: number;
  scope: 'queue-board';
  ver: number;
}

export type QueueBoardAccess = 'admin' | 'not-admin' | 'no-session';

/** Board sessions: signed with the JWT key; the admin role is read again on every board request. */
@Injectable()
export class QueueBoardService {
  constructor(
    private readonly jwt: JwtService,
    private readonly users: UsersService,
  ) {}

  async issueSession(userId: number): Promise<string> {
    const claims: QueueBoardClaims = { sub: userId, scope: 'queue-board', ver: (await this.users.tokenVersion(userId))! };
    return this.jwt.sign(claims, { expiresIn: QUEUE_BOARD_SESSION_SECONDS });
  }

  async access(token: string | null): Promise<QueueBoardAccess> {
    if (!token || token.length > 4096) return 'no-session';
    let claims: Partial<QueueBoardClaims>;
    try {
      claims = this.jwt.verify<QueueBoardClaims>(token);
    } catch {
      return 'no-session';
    }
    if (claims.scope !== 'queue-board' || typeof claims.sub !== 'number') return 'no-session';
    const user = await this.users.roleAndTokenVersion(claims.sub);
    if (!user || user.token_version !== claims.ver) return 'no-session';
    return user.role === 'admin' ? 'admin' : 'not-admin';
  }
}
