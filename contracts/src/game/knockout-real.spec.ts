import * as fs from 'fs';
import * as path from 'path';
import { Goals, ImpossibleScoreError, KnockoutScore, TieLeg, matchWinner, tieWinner } from './knockout';

/** The project's data folder beside the repository (read-only; its README describes every file). */
const SHARED_DATA = path.resolve(__dirname, '../../../../shared/data/openfootball');

interface FileMatch {
  round: string;
  num?: number;
  date: string;
  team1: string;
  team2: string;
  group?: string;
  score?: { ft?: Goals; et?: Goals; p?: Goals };
}

const matchesOf = (file: string): FileMatch[] => JSON.parse(fs.readFileSync(path.join(SHARED_DATA, file), 'utf8')).matches;

describe('matchWinner on the real World Cup 2026 (../shared/data/openfootball/2026)', () => {
  const final = matchesOf('2026/worldcup.json');
  const knockouts = final.filter((m) => m.group === undefined);
  // On the opening day every knockout match still named its teams by placeholders ("W73", "L101").
  const planned = new Map(matchesOf('2026/history/worldcup-2026-06-12.json').map((m) => [m.num, m]));
  const winnerOf = (m: FileMatch) => {
    const side = matchWinner(m.score ?? {});
    return side === null ? null : side === 'home' ? m.team1 : m.team2;
  };

  it('decides every one of the 32 knockout matches (9 after extra time, 4 of them on penalties)', () => {
    expect(knockouts).toHaveLength(32);
    expect(knockouts.filter((m) => winnerOf(m) === null)).toEqual([]);
    expect(knockouts.filter((m) => m.score?.et !== undefined)).toHaveLength(9);
    expect(knockouts.filter((m) => m.score?.p !== undefined)).toHaveLength(4);
  });

  it('sends through exactly the teams the later rounds name for "W73" … "W102" and "L101"/"L102"', () => {
    let checked = 0;
    for (const m of knockouts) {
      const placeholders = planned.get(m.num)!;
      for (const [placeholder, team] of [
        [placeholders.team1, m.team1],
        [placeholders.team2, m.team2],
      ]) {
        const ref = /^([WL])(\d+)$/.exec(placeholder);
        if (!ref) continue;
        const from = knockouts.find((k) => k.num === Number(ref[2]))!;
        const winner = winnerOf(from)!;
        const expected = ref[1] === 'W' ? winner : winner === from.team1 ? from.team2 : from.team1;
        expect({ placeholder, team }).toEqual({ placeholder, team: expected });
        checked++;
      }
    }
    // Round of 16 (8 × 2), quarter-finals, semi-finals, third place, final: 16 + 8 + 4 + 2 + 2.
    expect(checked).toBe(32);
  });

  it('crowns Spain, winners of the final 1–0 after extra time (0–0 after 90 minutes)', () => {
    const theFinal = knockouts.find((m) => m.round === 'Final')!;
    expect(theFinal.score?.ft).toEqual([0, 0]);
    expect(winnerOf(theFinal)).toBe('Spain');
  });
});

describe('tieWinner on the real Champions League 2024/25 (../shared/data/openfootball/2024-25/uefa.cl.json)', () => {
  const matches = matchesOf('2024-25/uefa.cl.json');
  const TWO_LEGGED: [rounds: string[], next: string][] = [
    [['Playoffs, Matchday 1', 'Playoffs, Matchday 2'], 'Finals, Round of 16'],
    [['Finals, Round of 16'], 'Finals, Quarterfinals'],
    [['Finals, Quarterfinals'], 'Finals, Semifinals'],
    [['Finals, Semifinals'], 'Finals, Final'],
  ];
  const leg = (m: FileMatch): TieLeg => ({ home: m.team1, away: m.team2, score: (m.score ?? {}) as KnockoutScore });
  // The file writes both shoot-outs 4–4; the real ones: Paris Saint-Germain beat Liverpool 4–1, Real Madrid beat Atlético 4–2.
  const REAL_SHOOT_OUTS: Record<string, Goals> = {
    'Liverpool FC (ENG)': [1, 4],
    'Club Atlético de Madrid (ESP)': [2, 4],
  };

  const ties = TWO_LEGGED.flatMap(([rounds, next]) => {
    const legs = matches.filter((m) => rounds.includes(m.round)).sort((a, b) => a.date.localeCompare(b.date));
    const nextTeams = new Set(matches.filter((m) => m.round === next).flatMap((m) => [m.team1, m.team2]));
    const firstLegs = legs.slice(0, legs.length / 2);
    return firstLegs.map((first) => {
      const second = legs.find((m) => m !== first && m.team1 === first.team2 && m.team2 === first.team1)!;
      const through = [first.team1, first.team2].filter((t) => nextTeams.has(t));
      return { first, second, through };
    });
  });

  it('pairs the 22 two-legged ties (play-offs to semi-finals), each sending one team through', () => {
    expect(ties).toHaveLength(8 + 8 + 4 + 2);
    for (const { first, second, through } of ties) {
      expect(second).toBeDefined();
      expect({ tie: `${first.team1} v ${first.team2}`, through: through.length }).toEqual({ tie: `${first.team1} v ${first.team2}`, through: 1 });
    }
  });

  it('sends through the team the next round names, in every tie', () => {
    for (const { first, second, through } of ties) {
      const shootOut = REAL_SHOOT_OUTS[second.team1];
      const secondLeg = shootOut ? { ...leg(second), score: { ...second.score, p: shootOut } } : leg(second);
      expect({ tie: `${first.team1} v ${first.team2}`, winner: tieWinner(leg(first), secondLeg) }).toEqual({
        tie: `${first.team1} v ${first.team2}`,
        winner: through[0],
      });
    }
  });

  it('refuses the two shoot-outs the file writes 4–4', () => {
    const refused = ties.filter(({ first, second }) => {
      try {
        tieWinner(leg(first), leg(second));
        return false;
      } catch (error) {
        expect(error).toBeInstanceOf(ImpossibleScoreError);
        expect((error as ImpossibleScoreError).field).toBe('p');
        return true;
      }
    });
    expect(refused.map(({ second }) => second.team1).sort()).toEqual(['Club Atlético de Madrid (ESP)', 'Liverpool FC (ENG)']);
  });

  it('leaves the final, written without a score, undecided', () => {
    const theFinal = matches.find((m) => m.round === 'Finals, Final')!;
    expect(matchWinner(theFinal.score ?? {})).toBeNull();
  });
});
