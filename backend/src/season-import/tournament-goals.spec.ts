import * as fs from 'fs';
import * as path from 'path';
import { goalRowsOf, goalsChanged, storedGoalsByKey, storedGoalsOf, type StoredGoalRow } from './tournament-goals';
import { readTournament, type NormalisedTournament, type TournamentMatch } from './tournament-json';

const WORLD_CUP = path.resolve(__dirname, '../../../../shared/data/openfootball/2026/worldcup.json');

function worldCup(): NormalisedTournament {
  const r = readTournament(JSON.parse(fs.readFileSync(WORLD_CUP, 'utf8')));
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.tournament;
}

/** The rows as the table gives them back: by match, then side, then ordinal. */
const storedRowsOf = (matches: readonly TournamentMatch[]): StoredGoalRow[] =>
  matches.flatMap((m) => goalRowsOf(m).map(({ scorer_folded: _folded, ...row }) => ({ external_key: m.externalKey, ...row })));

describe("a tournament's goals as stored", () => {
  const t = worldCup();

  it('writes every goal of the World Cup 2026 with its side, order, minute and flags, and reads them back exactly as the file is read', () => {
    const rows = t.matches.flatMap((m) => goalRowsOf(m));
    const finalScore = (m: TournamentMatch) => (m.score?.et ?? m.score?.ft ?? [0, 0]).reduce((a, b) => a + b, 0);
    expect(rows).toHaveLength(t.matches.reduce((n, m) => n + finalScore(m), 0));
    const havertz = t.matches.find((m) => m.matchNumber === 74)!;
    expect(goalRowsOf(havertz)).toEqual([
      { side: 'home', ordinal: 1, scorer: 'Kai Havertz', scorer_folded: 'kai havertz', minute: 54, added_minute: 0, penalty: false, own_goal: false },
      { side: 'away', ordinal: 1, scorer: 'Julio Enciso', scorer_folded: 'julio enciso', minute: 42, added_minute: 0, penalty: false, own_goal: false },
    ]);
    expect(rows.some((r) => r.own_goal) && rows.some((r) => r.penalty) && rows.some((r) => r.added_minute > 0)).toBe(true);

    const back = storedGoalsByKey([...storedRowsOf(t.matches)].reverse());
    for (const m of t.matches) {
      expect(storedGoalsOf(back.get(m.externalKey), m.goals)).toEqual(m.goals ?? null);
      expect(goalsChanged(goalRowsOf(m), back.get(m.externalKey))).toBe(false);
    }
  });

  it('writes no goal for a match without a result or without scorers', () => {
    const played = t.matches.find((m) => m.goals !== null && m.goals.home.length > 0)!;
    expect(goalRowsOf({ ...played, score: null })).toEqual([]);
    expect(goalRowsOf({ ...played, goals: null })).toEqual([]);
  });

  it('sees goals the table does not hold yet, and a changed scorer, as a change; a 0–0 with or without lists as none', () => {
    const played = t.matches.find((m) => m.goals !== null && m.goals.home.length > 0)!;
    expect(storedGoalsOf(undefined, played.goals)).toEqual({ home: [], away: [] });
    expect(goalsChanged(goalRowsOf(played), undefined)).toBe(true);
    expect(storedGoalsOf(undefined, null)).toBeNull();
    expect(storedGoalsOf(undefined, { home: [], away: [] })).toEqual({ home: [], away: [] });
    expect(goalsChanged([], undefined)).toBe(false);

    const stored = storedGoalsByKey(storedRowsOf([played])).get(played.externalKey);
    const renamed = { ...played, goals: { ...played.goals!, home: played.goals!.home.map((g, i) => (i === 0 ? { ...g, scorer: 'Someone Else' } : g)) } };
    expect(goalsChanged(goalRowsOf(renamed), stored)).toBe(true);
  });
});
