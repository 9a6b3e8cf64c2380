import { compareRounds, comparisonText, worseBy, type FloorFigure } from './round-comparison';

const time = (name: string, ratio: number): FloorFigure => ({ name, ratio, worse: 'higher' });
const share = (name: string, ratio: number): FloorFigure => ({ name, ratio, worse: 'lower' });

describe('worseBy', () => {
  it('is round two over round one for a time, and round one over round two for a share of the floor', () => {
    expect(worseBy(1.5, 1.8, 'higher')).toBeCloseTo(1.2);
    expect(worseBy(1.5, 1.2, 'higher')).toBeCloseTo(0.8);
    expect(worseBy(0.9, 0.6, 'lower')).toBeCloseTo(1.5);
    expect(worseBy(0.6, 0.9, 'lower')).toBeCloseTo(2 / 3);
  });

  it('is 1 for equal ratios, zeros included, and unbounded for a rise from 0 the worse way', () => {
    expect(worseBy(0, 0, 'higher')).toBe(1);
    expect(worseBy(0.4, 0.4, 'lower')).toBe(1);
    expect(worseBy(0, 0.3, 'higher')).toBe(Infinity);
    expect(worseBy(0.3, 0, 'lower')).toBe(Infinity);
    expect(worseBy(0.3, 0, 'higher')).toBe(0);
  });
});

describe('compareRounds', () => {
  it('pairs the figures by name in round one order and passes up to 1.2× worse', () => {
    const one = [time('a goal → every rank', 0.5), share('leaderboard req/s', 0.9), time('final whistle', 2)];
    const two = [time('final whistle', 2.5), time('a goal → every rank', 0.6), share('leaderboard req/s', 0.7)];
    const compared = compareRounds(one, two);
    expect(compared.map((c) => [c.name, c.pass])).toEqual([
      ['a goal → every rank', true],
      ['leaderboard req/s', false],
      ['final whistle', false],
    ]);
    expect(compared[0].worseBy).toBeCloseTo(1.2);
    expect(compared[1].worseBy).toBeCloseTo(0.9 / 0.7);
    expect(compared[2].worseBy).toBeCloseTo(1.25);
  });

  it('passes a figure that got better, and fails one whose ratio is no number', () => {
    expect(compareRounds([time('scoring', 2)], [time('scoring', 1)])[0].pass).toBe(true);
    expect(compareRounds([time('scoring', 2)], [time('scoring', NaN)])[0].pass).toBe(false);
  });

  it('refuses a figure round two lacks, or one measured the other way', () => {
    expect(() => compareRounds([time('scoring', 2)], [])).toThrow(/round two has no figure "scoring"/);
    expect(() => compareRounds([time('scoring', 2)], [share('scoring', 2)])).toThrow(/worse one way/);
  });
});

describe('comparisonText', () => {
  it('prints both ratios, how much worse, and the verdict', () => {
    expect(comparisonText(compareRounds([time('the scoring', 1.62)], [time('the scoring', 1.7)])[0])).toBe('the scoring 1.62 → 1.70: 1.05× PASS');
  });
});
