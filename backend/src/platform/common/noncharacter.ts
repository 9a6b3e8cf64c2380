/**
 * Whether the text holds a Unicode noncharacter: U+FDD0–U+FDEF or the last two code points of
 * any plane (U+FFFE, U+FFFF … U+10FFFE, U+10FFFF). They are reserved, never text a person
 * types, and U+10FFFF has no code point after it (a prefix search's range needs one).
 */
export function hasNoncharacter(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) === 0xfffe) return true;
  }
  return false;
}
