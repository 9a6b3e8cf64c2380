/**
 * The competitions bench's check (issue 34 §4): each figure is a ratio to its floor measured in
 * the same round, so the rounds compare on a machine whose speed drifts between them; with a
 * second competition live, no figure may be worse than with one by more than WORSE_AT_MOST.
 */

/** How much worse the two-competition round may be than the one-competition round. */
export const WORSE_AT_MOST = 1.2;

/** A figure of a round as a ratio to its floor. */
export interface FloorFigure {
  /** What it is, as printed; the rounds' figures pair by it. */
  name: string;
  /** The figure over its floor. */
  ratio: number;
  /** Which way is worse: a higher ratio (a time, a p99) or a lower one (a share of health's req/s). */
  worse: 'higher' | 'lower';
}

export interface RoundComparison {
  name: string;
  one: number;
  two: number;
  /** Round two against round one, worse above 1 whichever way the figure goes. */
  worseBy: number;
  pass: boolean;
}

/**
 * Round two's ratio against round one's, above 1 when worse: two / one for a figure where higher
 * is worse, one / two where lower is. Equal ratios are 1 (both 0 too); a ratio that went from 0
 * to more, the worse way, is worse without bound.
 */
export function worseBy(one: number, two: number, worse: FloorFigure['worse']): number {
  const [before, after] = worse === 'higher' ? [one, two] : [two, one];
  if (before === after) return 1;
  return before === 0 ? Infinity : after / before;
}

/** Round two's figures against round one's, in round one's order; a figure missing from round two is an error, not a pass. */
export function compareRounds(one: FloorFigure[], two: FloorFigure[]): RoundComparison[] {
  return one.map((figure) => {
    const other = two.find((f) => f.name === figure.name);
    if (!other) throw new Error(`competitions bench: round two has no figure "${figure.name}"`);
    if (other.worse !== figure.worse) throw new Error(`competitions bench: "${figure.name}" is worse one way in round one and the other in round two`);
    const by = worseBy(figure.ratio, other.ratio, figure.worse);
    // NaN (a floor that measured nothing) fails rather than passing unseen.
    return { name: figure.name, one: figure.ratio, two: other.ratio, worseBy: by, pass: by <= WORSE_AT_MOST };
  });
}

/** One comparison as the bench prints it: "the goal's scoring 1.62 → 1.70: 1.05× PASS". */
export function comparisonText(c: RoundComparison): string {
  return `${c.name} ${c.one.toFixed(2)} → ${c.two.toFixed(2)}: ${c.worseBy.toFixed(2)}× ${c.pass ? 'PASS' : 'FAIL'}`;
}
