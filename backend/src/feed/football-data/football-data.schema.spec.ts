import { checkFootballDataAnswer, checkFootballDataMatch, schemaPath } from './football-data.schema';
import { sampleAnswer, sampleExtraTimeMatch, sampleMatch, samplePenaltiesMatch } from './football-data.spec-helpers';

/** The sample answer with one value replaced at a path. */
function answerWith(path: (string | number)[], value: unknown): unknown {
  const answer = JSON.parse(JSON.stringify(sampleAnswer([sampleMatch(), sampleExtraTimeMatch(), samplePenaltiesMatch(), sampleMatch({ id: 99 })]))) as Record<string, unknown>;
  let node = answer as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
  return answer;
}

describe('football-data answer schema', () => {
  it('accepts real answers: a group match, extra time, penalties, and a scheduled match with null scores and unknown sides', () => {
    const scheduled = sampleMatch(
      { status: 'TIMED', homeTeam: { id: null, name: null, shortName: null, tla: null, crest: null }, awayTeam: { id: null, name: null, shortName: null, tla: null, crest: null } },
      { winner: null, fullTime: { home: null, away: null }, halfTime: { home: null, away: null } },
    );
    const checked = checkFootballDataAnswer(sampleAnswer([sampleMatch(), sampleExtraTimeMatch(), samplePenaltiesMatch(), scheduled]));
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(checked.value.matches.map((m) => m.status)).toEqual(['FINISHED', 'FINISHED', 'FINISHED', 'TIMED']);
  });

  it('keeps only what it knows: unknown keys are dropped, optional nodes may be missing', () => {
    const bare = { matches: [{ ...sampleMatch(), venue: 'Estadio Azteca', area: undefined, odds: undefined, referees: undefined }] };
    const checked = checkFootballDataAnswer(bare);
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(checked.value.matches[0]).not.toHaveProperty('venue');
  });

  it.each([
    [['matches', 3, 'score', 'fullTime', 'home'], 100, 'matches[3].score.fullTime.home: expected a whole number 0–99'],
    [['matches', 3, 'score', 'fullTime', 'home'], -1, 'matches[3].score.fullTime.home: expected a whole number 0–99'],
    [['matches', 0, 'score', 'halfTime', 'away'], 1.5, 'matches[0].score.halfTime.away: expected a whole number 0–99'],
    [['matches', 2, 'score', 'penalties', 'home'], '3', 'matches[2].score.penalties.home: expected a whole number 0–99'],
    [['matches', 1, 'id'], 'abc', 'matches[1].id: expected a whole positive number'],
    [['matches', 1, 'utcDate'], '11 June 2026', 'matches[1].utcDate: expected an ISO 8601 instant such as "2026-06-11T19:00:00Z"'],
  ])('refuses %j = %j, naming the path', (path, value, problem) => {
    expect(checkFootballDataAnswer(answerWith(path, value))).toEqual({ ok: false, problem });
  });

  it('refuses an unknown status, a pair with one side missing, and a finished match without a score', () => {
    const status = checkFootballDataAnswer(answerWith(['matches', 0, 'status'], 'HALF_TIME'));
    expect(status.ok || status.problem).toMatch(/^matches\[0\]\.status: /);
    expect(checkFootballDataAnswer(answerWith(['matches', 0, 'score', 'fullTime'], { home: 1, away: null }))).toEqual({
      ok: false,
      problem: 'matches[0].score.fullTime: expected both home and away, or neither',
    });
    expect(checkFootballDataAnswer(answerWith(['matches', 0, 'score', 'fullTime'], { home: null, away: null }))).toEqual({
      ok: false,
      problem: 'matches[0].score.fullTime: a FINISHED match needs its score',
    });
  });

  it('refuses an answer that is no answer, and counts the other problems', () => {
    expect(checkFootballDataAnswer('<html>')).toEqual({ ok: false, problem: expect.stringMatching(/^answer: /) });
    expect(checkFootballDataAnswer({ matches: 'none' })).toEqual({ ok: false, problem: expect.stringMatching(/^matches: /) });
    const two = answerWith(['matches', 0, 'id'], -5) as { matches: { id: unknown }[] };
    two.matches[1].id = 0;
    expect(checkFootballDataAnswer(two)).toEqual({ ok: false, problem: 'matches[0].id: expected a whole positive number (and 1 more problem)' });
  });

  it('drops an unreadable minute (shown only) rather than failing the answer', () => {
    const checked = checkFootballDataMatch({ ...sampleMatch({ status: 'IN_PLAY' }), minute: '45+2' });
    expect(checked.ok && checked.value.minute).toBeNull();
  });

  it('writes paths the way the error messages do', () => {
    expect(schemaPath(['matches', 3, 'score', 'fullTime', 'home'])).toBe('matches[3].score.fullTime.home');
    expect(schemaPath([])).toBe('');
  });
});
