import { ACTION_TOKEN_TTL_SECONDS, signJoinDecision, verifyJoinDecision } from './push-action-token';

const SECRET = 'unit-test-secret-0123456789';
const grant = { ownerId: 7, leagueId: 12, userId: 99 };

describe('join decision tokens (the Approve / Reject buttons of a push)', () => {
  const now = new Date('2030-05-01T12:00:00Z');

  it('carry the owner, league and requester they were made for', () => {
    expect(verifyJoinDecision(SECRET, signJoinDecision(SECRET, grant, now), now)).toEqual(grant);
  });

  it('stop working once their time is up', () => {
    const token = signJoinDecision(SECRET, grant, now);
    const later = (s: number) => new Date(now.getTime() + s * 1000);
    expect(verifyJoinDecision(SECRET, token, later(ACTION_TOKEN_TTL_SECONDS - 1))).toEqual(grant);
    expect(verifyJoinDecision(SECRET, token, later(ACTION_TOKEN_TTL_SECONDS))).toBeNull();
  });

  it('refuse another secret, an edited body and garbage', () => {
    const token = signJoinDecision(SECRET, grant, now);
    expect(verifyJoinDecision('another-secret-0123456789', token, now)).toBeNull();
    const [, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ o: 7, l: 12, u: 100, e: 4102444800 })).toString('base64url');
    expect(verifyJoinDecision(SECRET, `${forged}.${sig}`, now)).toBeNull();
    for (const bad of ['', 'x', 'a.b', `${token}.x`, 'e30.' + sig]) expect(verifyJoinDecision(SECRET, bad, now)).toBeNull();
  });

  it('are not JSON web tokens: an access token signed with the same secret is refused', () => {
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    expect(verifyJoinDecision(SECRET, `${header}.${signJoinDecision(SECRET, grant, now).split('.')[0]}.sig`, now)).toBeNull();
  });
});
