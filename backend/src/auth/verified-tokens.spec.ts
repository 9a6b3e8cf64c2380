import { VerifiedTokens } from './verified-tokens';

const payload = (exp?: number) => ({ sub: 1, tv: 0, username: 'dana', exp });

describe('VerifiedTokens', () => {
  it('answers a remembered token until the second its exp names', () => {
    let now = 1_000_000;
    const tokens = new VerifiedTokens(10, () => now);
    tokens.remember('a', payload(1_010));
    expect(tokens.get('a')).toEqual(payload(1_010));
    now = 1_009_999;
    expect(tokens.get('a')).not.toBeNull();
    now = 1_010_000;
    expect(tokens.get('a')).toBeNull();
    expect(tokens.size).toBe(0);
  });

  it('knows nothing of a token it was not given, nor of one without an expiry or already expired', () => {
    const tokens = new VerifiedTokens(10, () => 5_000_000);
    tokens.remember('no-exp', payload());
    tokens.remember('old', payload(4_000));
    expect(tokens.get('no-exp')).toBeNull();
    expect(tokens.get('old')).toBeNull();
    expect(tokens.get('other')).toBeNull();
    expect(tokens.size).toBe(0);
  });

  it('lets the oldest entry go when full', () => {
    const tokens = new VerifiedTokens(2, () => 0);
    tokens.remember('a', payload(10));
    tokens.remember('b', payload(10));
    tokens.remember('c', payload(10));
    expect(tokens.get('a')).toBeNull();
    expect(tokens.get('b')).not.toBeNull();
    expect(tokens.get('c')).not.toBeNull();
    expect(tokens.size).toBe(2);
  });
});
