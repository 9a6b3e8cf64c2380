import { containsPattern, escapeLike, searchText, startsWithPattern } from './sql-like';

describe('LIKE patterns from user text', () => {
  it('escapes the wildcards and the escape character, nothing else', () => {
    expect(escapeLike('100%_sure\\')).toBe('100\\%\\_sure\\\\');
    expect(escapeLike("O'Neil FC")).toBe("O'Neil FC");
  });

  it('matches text containing the trimmed search, or no filter for a blank one', () => {
    expect(containsPattern('  a_b ')).toBe('%a\\_b%');
    expect(containsPattern('   ')).toBeNull();
    expect(containsPattern(undefined)).toBeNull();
    expect(startsWithPattern(' Man%')).toBe('Man\\%%');
    expect(startsWithPattern('')).toBeNull();
  });

  it('takes a search as typed, trimmed, or no filter for a blank one', () => {
    expect(searchText('  Carlos Jo ')).toBe('Carlos Jo');
    expect(searchText('50%_')).toBe('50%_');
    expect(searchText(' ')).toBeNull();
    expect(searchText(undefined)).toBeNull();
  });
});
