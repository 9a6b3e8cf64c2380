import argon2 from 'argon2';
import { hashNeedsUpgrade, hashPassword, isUsablePasswordHash, makeDummyHash, NO_PASSWORD_HASH, passwordMatches } from './password-hashing';

describe('password hashing', () => {
  it('hashes with argon2id at 19 MiB, 2 passes, 1 lane, and verifies', async () => {
    const hash = await hashPassword('correct-horse-1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await passwordMatches(hash, 'correct-horse-1')).toBe(true);
    expect(await passwordMatches(hash, 'wrong')).toBe(false);
    expect(hashNeedsUpgrade(hash)).toBe(false);
  });

  it('asks to upgrade a hash made with other parameters, which still verifies', async () => {
    const old = await argon2.hash('correct-horse-1', { type: argon2.argon2id, memoryCost: 65536, timeCost: 3, parallelism: 4 });
    expect(await passwordMatches(old, 'correct-horse-1')).toBe(true);
    expect(hashNeedsUpgrade(old)).toBe(true);
  });

  it('refuses anything against an unreadable hash, and makes a dummy hash with the same parameters', async () => {
    expect(await passwordMatches('not-a-hash', 'x')).toBe(false);
    expect(await makeDummyHash()).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('never matches the no-password marker, and tells it from a real hash', async () => {
    expect(await passwordMatches(NO_PASSWORD_HASH, '')).toBe(false);
    expect(await passwordMatches(NO_PASSWORD_HASH, NO_PASSWORD_HASH)).toBe(false);
    expect(isUsablePasswordHash(NO_PASSWORD_HASH)).toBe(false);
    expect(isUsablePasswordHash(null)).toBe(false);
    expect(isUsablePasswordHash(await hashPassword('correct-horse-1'))).toBe(true);
  });
});
