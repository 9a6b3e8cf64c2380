import { INVITE_CODE_ALPHABET } from '@scoreline/contracts/api/leagues';
import { generateInviteCode, normalizeInviteCode } from './invite-code';

describe('invite codes', () => {
  it('are 8 characters of the unambiguous uppercase alphabet', () => {
    for (let i = 0; i < 200; i += 1) {
      const code = generateInviteCode();
      expect(code).toMatch(/^[A-Z2-9]{8}$/);
      expect(code).not.toMatch(/[01OIL]/);
      for (const c of code) expect(INVITE_CODE_ALPHABET).toContain(c);
    }
  });

  it('use the random source for every character', () => {
    expect(generateInviteCode(() => 0)).toBe('AAAAAAAA');
    expect(generateInviteCode((max) => max - 1)).toBe('99999999');
  });

  it('are compared trimmed and case-insensitively', () => {
    expect(normalizeInviteCode('  abCD23xy ')).toBe('ABCD23XY');
  });
});
