import { describe, expect, it } from 'vitest';
import { sanitizeCode } from './sanitize-code';

describe('sanitizeCode', () => {
  it('strips everything but digits and keeps at most six', () => {
    expect(sanitizeCode('12a 3-4')).toBe('1234');
    expect(sanitizeCode('123456789')).toBe('123456');
    expect(sanitizeCode('abc')).toBe('');
  });
});
