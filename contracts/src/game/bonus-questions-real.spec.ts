import * as fs from 'fs';
import * as path from 'path';
import { bonusAnswerPoints, normaliseAnswer, sameAnswer, ScoredGoal, topScorers } from './bonus-questions';
import { matchWinner } from './knockout';

/** The project's data folder beside the repository (read-only; its README describes every file). */
const SHARED_DATA = path.resolve(__dirname, '../../../../shared/data/openfootball');

interface WorldCupMatch {
  round: string;
  team1: string;
  team2: string;
  score?: { ft?: [number, number]; et?: [number, number]; p?: [number, number] };
  goals1?: ScoredGoal[];
  goals2?: ScoredGoal[];
}
interface Squad {
  name: string;
  players: { name: string }[];
}

const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(SHARED_DATA, file), 'utf8')) as T;
const matches = read<{ matches: WorldCupMatch[] }>('2026/worldcup.json').matches;
const squads = read<Squad[]>('2026/worldcup.squads.json');

describe('bonus questions settled from the real World Cup 2026 (../shared/data/openfootball/2026)', () => {
  const goals = matches.flatMap((m) => [...(m.goals1 ?? []), ...(m.goals2 ?? [])]);

  it('the champion is the final’s winner: Spain', () => {
    const theFinal = matches.find((m) => m.round === 'Final')!;
    const side = matchWinner(theFinal.score ?? {});
    expect(side === 'home' ? theFinal.team1 : theFinal.team2).toBe('Spain');
  });

  it('the top scorer is Kylian Mbappé with 10 goals, a player of the French squad, and "kylian mbappe" earns the 20 points', () => {
    const top = topScorers(goals);
    expect(top).toEqual({ names: ['Kylian Mbappé'], goals: 10 });
    const france = squads.find((s) => s.name === 'France')!;
    expect(france.players.filter((p) => sameAnswer(p.name, 'kylian mbappe')).map((p) => p.name)).toEqual(['Kylian Mbappé']);
    expect(bonusAnswerPoints('kylian mbappe', top.names)).toBe(20);
    expect(bonusAnswerPoints('Lionel Messi', top.names)).toBe(0);
  });

  it('matches the scorers’ names to the squads’ accent-blind, "Baris Alper Yilmaz" to "Barış Alper Yılmaz" included', () => {
    const squadNames = new Set(squads.flatMap((s) => s.players.map((p) => normaliseAnswer(p.name))));
    const scorers = [...new Set(goals.filter((g) => !g.owngoal).map((g) => g.name))];
    const unmatched = scorers.filter((name) => !squadNames.has(normaliseAnswer(name)));
    expect(scorers.length).toBeGreaterThan(150);
    expect(scorers).toContain('Baris Alper Yilmaz');
    // What is left is spelled differently, not accented differently: no rule of sameAnswer can match it.
    expect(unmatched.sort()).toEqual(['Agustín Cano', 'Maxi Araújo', 'Mohammad Mohebbi', 'Mostafa Zico', 'Mousa Al-Tamari', 'Stephan Eustáquio']);
  });

  it('keeps different players apart: no two players of one squad share a normalised name', () => {
    for (const squad of squads) {
      const names = squad.players.map((p) => normaliseAnswer(p.name));
      expect({ squad: squad.name, duplicates: names.filter((n, i) => names.indexOf(n) !== i) }).toEqual({ squad: squad.name, duplicates: [] });
    }
  });
});
