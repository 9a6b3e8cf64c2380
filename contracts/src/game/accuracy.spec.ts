import { accuracyPercent, wholeAccuracyPercent } from './accuracy';

describe('accuracyPercent', () => {
  it('is 0 when nothing was scored', () => {
    expect(accuracyPercent(0, 0)).toBe(0);
  });
  it('is correct (exact included) over scored, as an unrounded percentage', () => {
    expect(accuracyPercent(1, 3)).toBeCloseTo(33.3333333, 6);
    expect(accuracyPercent(3, 4)).toBe(75);
    expect(accuracyPercent(5, 5)).toBe(100);
  });
});

describe('wholeAccuracyPercent', () => {
  it('rounds to a whole percent, halves up, and is 0 without scored predictions', () => {
    expect(wholeAccuracyPercent(2, 3)).toBe(67);
    expect(wholeAccuracyPercent(1, 3)).toBe(33);
    expect(wholeAccuracyPercent(1, 8)).toBe(13); // 12.5
    expect(wholeAccuracyPercent(0, 0)).toBe(0);
    expect(wholeAccuracyPercent(7, 7)).toBe(100);
  });
});
