import { describe, expect, it } from 'vitest';
import { playerRightAnswers } from './settle-draft';

describe('playerRightAnswers', () => {
  it('takes one name per line, trimmed, skipping blank lines', () => {
    expect(playerRightAnswers(' Erling Haaland \n\n Mohamed Salah')).toEqual({ ok: true, names: ['Erling Haaland', 'Mohamed Salah'] });
  });

  it('refuses no name, more than 20, a name over 100 characters, and the same player twice', () => {
    expect(playerRightAnswers(' \n ')).toEqual({ ok: false, problem: 'none' });
    expect(playerRightAnswers(Array.from({ length: 21 }, (_, i) => `Player ${i}`).join('\n'))).toEqual({ ok: false, problem: 'tooMany' });
    expect(playerRightAnswers('x'.repeat(101))).toEqual({ ok: false, problem: 'tooLong' });
    expect(playerRightAnswers('Kylian Mbappé\nkylian mbappe')).toEqual({ ok: false, problem: 'duplicate' });
  });
});
