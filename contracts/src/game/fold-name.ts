/**
 * Letters that NFD does not split into a base letter and a mark, folded as Postgres unaccent does:
 * "Martin Ødegaard" is "Martin Odegaard" and the squads' "Barış Alper Yılmaz" the results' "Baris
 * Alper Yilmaz". (ß needs no entry: casefolding makes it "ss".)
 */
const UNSPLIT_LETTERS: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ð: 'd', ħ: 'h', ŧ: 't', ı: 'i', æ: 'ae', œ: 'oe', þ: 'th' };
const UNSPLIT_RE = new RegExp(`[${Object.keys(UNSPLIT_LETTERS).join('')}]`, 'g');

/**
 * A name as it is compared, the one rule for every name a person or a file may spell differently
 * (players, teams, competitions): decomposed (NFD), casefolded (lower case of the upper case, so
 * "ß" is "ss"), combining marks stripped, the few letters above folded, runs of whitespace made one
 * space, trimmed. "  Kylian   MBAPPÉ " → "kylian mbappe".
 */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .toUpperCase()
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(UNSPLIT_RE, (letter) => UNSPLIT_LETTERS[letter])
    .replace(/\s+/g, ' ')
    .trim();
}
