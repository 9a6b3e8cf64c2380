import { distinctCodes, NO_PICK, ordered, pickContribution, type FixturePicks, type FixtureScoreState, type OrderedBase, type PickCode } from './live-table';

/** A spec's fan: their figures before the fixtures under test, and one pick per fixture. */
export interface SpecFan {
  user_id: number;
  figures: { points: number; exact: number; correct: number; live: number };
  picks: PickCode[];
}

/** A fan's figures with each fixture's pick scored at that fixture's state (null: never scored). */
export function figuresAt(fan: SpecFan, states: readonly (FixtureScoreState | null)[]): SpecFan['figures'] {
  const f = { ...fan.figures };
  states.forEach((state, i) => {
    const c = pickContribution(fan.picks[i], state);
    f.points += c.points;
    f.exact += c.exact;
    f.correct += c.correct;
    f.live += c.live;
  });
  return f;
}

/** The loaded base: each fan (in user id order) as the stored totals hold them, with every pick scored at its "from" state. */
export function specBase(fans: readonly SpecFan[], from: readonly (FixtureScoreState | null)[]): OrderedBase {
  const figures = fans.map((fan) => figuresAt(fan, from));
  return ordered({
    user_ids: Int32Array.from(fans, (m) => m.user_id),
    points: Int32Array.from(figures, (f) => f.points),
    exact: Int32Array.from(figures, (f) => f.exact),
    correct: Int32Array.from(figures, (f) => f.correct),
    live_scored: Int32Array.from(figures, (f) => f.live),
  });
}

/** The fans' picks of fixture `f`, as a move carries them. */
export function specPicks(fans: readonly SpecFan[], f: number): FixturePicks {
  const byUser = new Map<number, PickCode>(fans.map((m) => [m.user_id, m.picks[f]]));
  return { pickOf: (id: number) => byUser.get(id) ?? NO_PICK, codes: distinctCodes(byUser.values()) };
}
