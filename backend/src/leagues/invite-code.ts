import { randomInt } from 'node:crypto';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '@scoreline/contracts/api/leagues';

/** A fresh invite code: 8 characters of the unambiguous uppercase alphabet (no 0/O, 1/I/L). */
export function generateInviteCode(pick: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < INVITE_CODE_LENGTH; i += 1) code += INVITE_CODE_ALPHABET[pick(INVITE_CODE_ALPHABET.length)];
  return code;
}

/** How a typed code is compared: trimmed and case-insensitive (codes are stored uppercase). */
export function normalizeInviteCode(input: string): string {
  return input.trim().toUpperCase();
}
