import {
  POINTS,
  PredictionOutcome,
  outcomeSqlCase,
  pickAtState,
  scoreAtState,
  scorePrediction,
  scoringSqlCase,
} from './scoring';

type Case = [
  label: string,
  predicted: [number, number],
  actual: [number, number] | null,
  flags: { isBanker?: boolean; isVoid?: boolean },
  expected: { outcome: PredictionOutcome; points: number },
];

const cases: Case[] = [
  // Home wins
  ['home win, exact', [2, 1], [2, 1], {}, { outcome: 'exact', points: 20 }],
  ['home win, correct result', [1, 0], [3, 1], {}, { outcome: 'correct', points: 10 }],
  ['home win, predicted draw', [1, 1], [2, 1], {}, { outcome: 'wrong', points: 0 }],
  ['home win, predicted away win', [0, 2], [2, 1], {}, { outcome: 'wrong', points: 0 }],
  // Away wins
  ['away win, exact', [0, 3], [0, 3], {}, { outcome: 'exact', points: 20 }],
  ['away win, correct result', [1, 2], [0, 4], {}, { outcome: 'correct', points: 10 }],
  ['away win, predicted home win', [2, 0], [0, 1], {}, { outcome: 'wrong', points: 0 }],
  // Draws
  ['draw, exact', [1, 1], [1, 1], {}, { outcome: 'exact', points: 30 }],
  ['draw 0-0, exact', [0, 0], [0, 0], {}, { outcome: 'exact', points: 30 }],
  ['draw, correct result', [0, 0], [2, 2], {}, { outcome: 'correct', points: 15 }],
  ['draw, predicted home win', [1, 0], [1, 1], {}, { outcome: 'wrong', points: 0 }],
  // Banker doubles every case
  ['banker: home win, exact', [2, 1], [2, 1], { isBanker: true }, { outcome: 'exact', points: 40 }],
  ['banker: home win, correct', [1, 0], [3, 1], { isBanker: true }, { outcome: 'correct', points: 20 }],
  ['banker: away win, exact', [0, 3], [0, 3], { isBanker: true }, { outcome: 'exact', points: 40 }],
  ['banker: away win, correct', [1, 2], [0, 4], { isBanker: true }, { outcome: 'correct', points: 20 }],
  ['banker: draw, exact', [1, 1], [1, 1], { isBanker: true }, { outcome: 'exact', points: 60 }],
  ['banker: draw, correct', [0, 0], [2, 2], { isBanker: true }, { outcome: 'correct', points: 30 }],
  ['banker: wrong', [2, 0], [0, 1], { isBanker: true }, { outcome: 'wrong', points: 0 }],
  // Void (postponed)
  ['void, no score', [2, 1], null, { isVoid: true }, { outcome: 'void', points: 0 }],
  ['void, would have been exact', [2, 1], [2, 1], { isVoid: true }, { outcome: 'void', points: 0 }],
  ['void with banker', [1, 1], [1, 1], { isVoid: true, isBanker: true }, { outcome: 'void', points: 0 }],
];

describe('scorePrediction', () => {
  it.each(cases)('%s', (_label, predicted, actual, flags, expected) => {
    expect(
      scorePrediction({
        predictedHome: predicted[0],
        predictedAway: predicted[1],
        actualHome: actual ? actual[0] : null,
        actualAway: actual ? actual[1] : null,
        ...flags,
      }),
    ).toEqual(expected);
  });

  it('refuses to score a non-void match without a score', () => {
    expect(() =>
      scorePrediction({ predictedHome: 1, predictedAway: 0, actualHome: null, actualAway: null }),
    ).toThrow(RangeError);
  });

  it('uses totals, not sums', () => {
    expect(POINTS).toMatchObject({ correctResult: 10, correctDraw: 15, exactWin: 20, exactDraw: 30, wrong: 0 });
    expect(POINTS.bankerMultiplier).toBe(2);
  });
});

describe('scoreAtState', () => {
  const pick = (home: number, away: number, banker = false) => ({ home, away, banker });
  const live = (home: number | null, away: number | null) => ({ status: 'live' as const, home, away });

  it('scores a pick at the fixture as it stands, banker doubled', () => {
    expect(scoreAtState(pick(2, 1), live(2, 1))).toEqual({ points: 20, outcome: 'exact' });
    expect(scoreAtState(pick(2, 1, true), live(1, 0))).toEqual({ points: 20, outcome: 'correct' });
    expect(scoreAtState(pick(1, 1), { status: 'finished', home: 0, away: 0 })).toEqual({ points: 15, outcome: 'correct' });
    expect(scoreAtState(pick(0, 2), live(1, 0))).toEqual({ points: 0, outcome: 'wrong' });
  });

  it('voids a postponed fixture and scores nothing before there is a score', () => {
    expect(scoreAtState(pick(1, 0, true), { status: 'postponed', home: null, away: null })).toEqual({ points: 0, outcome: 'void' });
    expect(scoreAtState(pick(1, 0), { status: 'scheduled', home: null, away: null })).toEqual({ points: null, outcome: null });
    expect(scoreAtState(pick(1, 0), live(null, null))).toEqual({ points: null, outcome: null });
  });

  it("adds a right goes-through pick's 10 points once who went through is known, never doubled", () => {
    const finished = { status: 'finished' as const, home: 1, away: 1 };
    expect(scoreAtState({ ...pick(1, 1, true), advance: 'away' }, { ...finished, advanced: 'away' })).toEqual({ points: 70, outcome: 'exact' });
    expect(scoreAtState({ ...pick(2, 0), advance: 'home' }, { ...finished, advanced: 'away' })).toEqual({ points: 0, outcome: 'wrong' });
    expect(scoreAtState({ ...pick(0, 1), advance: 'away' }, { ...finished, advanced: 'away' })).toEqual({ points: 10, outcome: 'wrong' });
    // Not decided yet (extra time being played), or a match without the pick: the score's points only.
    expect(scoreAtState({ ...pick(1, 1), advance: 'home' }, { ...finished, advanced: null })).toEqual({ points: 30, outcome: 'exact' });
    expect(scoreAtState({ ...pick(1, 1), advance: 'home' }, { status: 'postponed', home: null, away: null, advanced: 'home' })).toEqual({ points: 0, outcome: 'void' });
  });
});

describe('scoring SQL', () => {
  const cols = {
    predHome: 'p.predicted_home',
    predAway: 'p.predicted_away',
    actHome: 'f.home_score',
    actAway: 'f.away_score',
    banker: 'p.is_banker',
  };

  // Evaluating the SQL needs Postgres; the backend's integration tests run it there.
  // Here we check it is built from the same constants and columns.
  it('computes points with the POINTS constants', () => {
    const sql = scoringSqlCase(cols);
    expect(sql).toMatch(/^\(\(CASE\n/);
    expect(sql).toContain(`(CASE WHEN (f.home_score) = (f.away_score) THEN ${POINTS.exactDraw} ELSE ${POINTS.exactWin} END)`);
    expect(sql).toContain(
      `(CASE WHEN (f.home_score) = (f.away_score) THEN ${POINTS.correctDraw} ELSE ${POINTS.correctResult} END)`,
    );
    expect(sql).toContain(`ELSE ${POINTS.wrong}\n`);
    expect(sql).toContain(
      `(CASE WHEN COALESCE((p.is_banker), FALSE) THEN ${POINTS.bankerMultiplier} ELSE 1 END)`,
    );
    expect(sql).toContain('WHEN (p.predicted_home) = (f.home_score) AND (p.predicted_away) = (f.away_score) THEN');
    expect(sql).toContain('IS NULL');
    expect(sql).not.toContain('void');
  });

  it('scores void matches 0 first when an isVoid expression is given', () => {
    const sql = scoringSqlCase({ ...cols, isVoid: "f.status = 'postponed'" });
    const lines = sql.split('\n');
    expect(lines[1]).toBe(`  WHEN COALESCE((f.status = 'postponed'), FALSE) THEN ${POINTS.void}`);
  });

  it('gives the outcome text', () => {
    const sql = outcomeSqlCase({ ...cols, isVoid: 'f.is_void' });
    expect(sql).toContain("WHEN COALESCE((f.is_void), FALSE) THEN 'void'");
    expect(sql).toContain("THEN 'exact'");
    expect(sql).toContain("THEN 'correct'");
    expect(sql).toContain("ELSE 'wrong'");
  });

  it('spells the whole outcome expression out', () => {
    expect(outcomeSqlCase({ predHome: 'ph', predAway: 'pa', actHome: 'ah', actAway: 'aa', banker: 'b' })).toBe(
      [
        '(CASE',
        '  WHEN (ah) IS NULL OR (aa) IS NULL OR (ph) IS NULL OR (pa) IS NULL THEN NULL',
        "  WHEN (ph) = (ah) AND (pa) = (aa) THEN 'exact'",
        "  WHEN ((ph) > (pa) AND (ah) > (aa)) OR ((ph) < (pa) AND (ah) < (aa)) OR ((ph) = (pa) AND (ah) = (aa)) THEN 'correct'",
        "  ELSE 'wrong'",
        'END)',
      ].join('\n'),
    );
  });

  it('rejects fragments that look like injected SQL', () => {
    expect(() => scoringSqlCase({ ...cols, actHome: '1; DROP TABLE predictions' })).toThrow(/actHome/);
    expect(() => outcomeSqlCase({ ...cols, banker: 'x -- comment' })).toThrow(/banker/);
    expect(() => outcomeSqlCase({ ...cols, predHome: ' ' })).toThrow(/predHome/);
  });
});

describe('pickAtState', () => {
  const pick = { home: 2, away: 1, banker: true };

  it('scores a pick at a live score, provisionally, banker doubled', () => {
    expect(pickAtState(pick, { status: 'live', home: 2, away: 1 })).toEqual({ points: 40, outcome: 'exact', isFinal: false });
    expect(pickAtState({ ...pick, banker: null }, { status: 'live', home: 1, away: 0 })).toEqual({ points: 10, outcome: 'correct', isFinal: false });
  });

  it('is final at full time, void (0, final) when postponed, unscored without a score', () => {
    expect(pickAtState(pick, { status: 'finished', home: 0, away: 1 })).toEqual({ points: 0, outcome: 'wrong', isFinal: true });
    expect(pickAtState(pick, { status: 'postponed', home: null, away: null })).toEqual({ points: 0, outcome: 'void', isFinal: true });
    expect(pickAtState(pick, { status: 'live', home: null, away: null })).toEqual({ points: null, outcome: null, isFinal: false });
    expect(pickAtState(pick, { status: 'scheduled', home: null, away: null })).toEqual({ points: null, outcome: null, isFinal: false });
  });

  it('gives nothing without a prediction', () => {
    expect(pickAtState({ home: null, away: null, banker: null }, { status: 'finished', home: 1, away: 1 })).toEqual({ points: null, outcome: null, isFinal: false });
    expect(pickAtState({ home: 1, away: null, banker: false }, { status: 'live', home: 1, away: 1 })).toEqual({ points: null, outcome: null, isFinal: false });
  });
});
