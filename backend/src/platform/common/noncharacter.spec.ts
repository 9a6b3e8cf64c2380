import { hasNoncharacter } from './noncharacter';

describe('hasNoncharacter', () => {
  it('finds the reserved code points of every plane and the U+FDD0 block', () => {
    for (const text of ['\uFFFE', 'a\uFFFF', '\u{1FFFE}', 'x\u{10FFFF}', '\uFDD0', 'ab\uFDEF']) expect(hasNoncharacter(text)).toBe(true);
  });

  it('passes text people type, other planes included', () => {
    for (const text of ['Zoë', "O'Neil", '名前', 'ünlü', '\u{1F600}', '\uFFFD', '\uFDCF\uFDF0', '\uD7FF', '\u{10FFFD}']) expect(hasNoncharacter(text)).toBe(false);
  });
});
