import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email';

describe('maskEmail', () => {
  it('keeps the first character, then three asterisks, then the domain', () => {
    expect(maskEmail('john@example.com')).toBe('j***@example.com');
  });

  it('never shows more than three asterisks', () => {
    expect(maskEmail('alexander.the.great@football.co.uk')).toBe('a***@football.co.uk');
  });

  it('hides only as many characters as there are', () => {
    expect(maskEmail('ab@x.com')).toBe('a*@x.com');
    expect(maskEmail('abc@x.com')).toBe('a**@x.com');
  });

  it('shows a one-character name as it is', () => {
    expect(maskEmail('a@x.com')).toBe('a@x.com');
  });

  it('copes with a value without @', () => {
    expect(maskEmail('username')).toBe('u***');
  });
});
