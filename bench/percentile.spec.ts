import { percentile } from './percentile';

describe('percentile (nearest rank)', () => {
  it('reads the value at the rank, whatever the order', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 0.5)).toBe(5);
    expect(percentile(values, 0.9)).toBe(9);
    expect(percentile(values, 0.99)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(values[0]).toBe(5);
  });

  it('is 0 without values and the value itself for one', () => {
    expect(percentile([], 0.99)).toBe(0);
    expect(percentile([42], 0.5)).toBe(42);
  });
});
