import jwt from 'jsonwebtoken';
import { Strategy as PassportJwtStrategy } from 'passport-jwt';
import type { AppEnv } from '../platform/config/env';
import { JWT_ALGORITHM, jwtKey, type JwtPayload } from '../platform/request-auth/jwt-payload';
import { JwtStrategy, verifiedTokenTtl } from './jwt.strategy';
import type { TokenUsersService } from './token-users.service';

const SECRET = 'a unit test secret, long enough';

describe('verifiedTokenTtl', () => {
  const payload = (exp?: number): JwtPayload => ({ sub: 1, tv: 0, username: 'dana', exp });

  it('keeps a token until the second its exp names, and none without an expiry or already expired', () => {
    expect(verifiedTokenTtl(payload(1_010), 1_000_000)).toBe(9_999);
    expect(verifiedTokenTtl(payload(1_010), 1_009_999)).toBe(0);
    expect(verifiedTokenTtl(payload(1_010), 1_010_000)).toBe(0);
    expect(verifiedTokenTtl(payload(), 1_000_000)).toBe(0);
  });
});

describe('JwtStrategy', () => {
  let now = 1_700_000_000_000;
  let verifications: jest.SpyInstance;
  let strategy: JwtStrategy;
  // The user lookup is TokenUsersService's (its own tests); here every payload is a user.
  const tokenUsers = { resolve: async (p: JwtPayload) => ({ id: p.sub, username: p.username }) } as unknown as TokenUsersService;

  beforeEach(() => {
    now = 1_700_000_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    verifications = jest.spyOn(PassportJwtStrategy.prototype, 'authenticate');
    strategy = new JwtStrategy({ jwtSecret: SECRET } as AppEnv, tokenUsers);
  });
  afterEach(() => jest.restoreAllMocks());

  const sign = (claims: object) => jwt.sign({ sub: 7, tv: 0, username: 'dana', ...claims }, jwtKey(SECRET), { algorithm: JWT_ALGORITHM });

  /** One request through the strategy as passport runs it: its answer, user or refusal. */
  const request = (token: string) =>
    new Promise<string>((resolve) => {
      const attempt = Object.create(strategy) as JwtStrategy & Record<'success' | 'fail' | 'error', (x: unknown) => void>;
      attempt.success = (user) => resolve(`user ${(user as { id: number }).id}`);
      attempt.fail = (info) => resolve(`refused: ${(info as Error).message}`);
      attempt.error = (error) => resolve(`error: ${(error as Error).message}`);
      attempt.authenticate({ headers: { authorization: `Bearer ${token}` } } as never);
    });

  it('verifies a token once, answers it from memory until the second its exp names, then verifies (and refuses) it', async () => {
    const exp = Math.floor(now / 1000) + 60;
    const token = sign({ exp });
    expect(await request(token)).toBe('user 7');
    expect(await request(token)).toBe('user 7');
    now = exp * 1000 - 1;
    expect(await request(token)).toBe('user 7');
    expect(verifications).toHaveBeenCalledTimes(1);
    now = exp * 1000;
    expect(await request(token)).toBe('refused: jwt expired');
    expect(verifications).toHaveBeenCalledTimes(2);
  });

  it('never keeps a token without an expiry', async () => {
    const token = sign({});
    await request(token);
    await request(token);
    expect(verifications).toHaveBeenCalledTimes(2);
  });
});
