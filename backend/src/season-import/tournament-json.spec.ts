import * as fs from 'fs';
import * as path from 'path';
import { kickoffOf, parseGoalMinute, readTournament, tieKeyOf, tournamentTimeProblem, tournamentTimeZone, type NormalisedTournament, type TournamentMatch, type TournamentReadOptions } from './tournament-json';
import { readTournamentGroups, type TournamentGroup } from './tournament-teams';

/** The project's data folder beside the repository (read-only; its README describes every file). */
const SHARED_DATA = path.resolve(__dirname, '../../../../shared/data/openfootball');

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(SHARED_DATA, file), 'utf8'));

function worldCupGroups(): TournamentGroup[] {
  const r = readTournamentGroups(readJson('2026/worldcup.groups.json'));
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.groups;
}

function read(input: unknown, options: TournamentReadOptions) {
  const r = readTournament(input, options);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r;
}

const byKey = (t: NormalisedTournament, key: string): TournamentMatch => {
  const found = t.matches.find((m) => m.externalKey === key);
  if (!found) throw new Error(`no match ${key}`);
  return found;
};

// ---------------------------------------------------------------------------------------

describe('field rules', () => {
  it('reads goal minutes with added time', () => {
    expect(['9', '45+2', '90+12', '106', '120+5', '92'].map(parseGoalMinute)).toEqual([
      { minute: 9, added: 0 },
      { minute: 45, added: 2 },
      { minute: 90, added: 12 },
      { minute: 106, added: 0 },
      { minute: 120, added: 5 },
      { minute: 92, added: 0 },
    ]);
    for (const text of ['0', '121', '60+2', '45+0', '45+31', '09', "45'", '45 +2', '', 'x']) expect({ text, parsed: parseGoalMinute(text) }).toEqual({ text, parsed: null });
  });

  it('reads times with a UTC offset exactly, local times in the given zone, and a missing time as 15:00 to be confirmed', () => {
    expect(kickoffOf('2026-06-11', '13:00 UTC-6')).toEqual({ at: new Date('2026-06-11T19:00:00Z'), confirmed: true });
    expect(kickoffOf('2026-06-11', '20:30 UTC+5:30')).toEqual({ at: new Date('2026-06-11T15:00:00Z'), confirmed: true });
    expect(kickoffOf('2026-06-11', '23:00 UTC-4')).toEqual({ at: new Date('2026-06-12T03:00:00Z'), confirmed: true });
    expect(kickoffOf('2024-09-17', '18:45', 'Europe/Berlin')).toEqual({ at: new Date('2024-09-17T16:45:00Z'), confirmed: true }); // CEST
    expect(kickoffOf('2025-01-29', '21:00', 'Europe/Berlin')).toEqual({ at: new Date('2025-01-29T20:00:00Z'), confirmed: true }); // CET
    expect(kickoffOf('2025-01-29', undefined, 'Europe/Berlin')).toEqual({ at: new Date('2025-01-29T14:00:00Z'), confirmed: false });
    expect(kickoffOf('2025-01-29', undefined)).toEqual({ at: new Date('2025-01-29T15:00:00Z'), confirmed: false });
    expect(kickoffOf('2025-01-29', '21:00')).toBeNull();
    expect([undefined, '13:00', '13:00 UTC-6', '13:00 UTC+14', '13:00 UTC'].map(tournamentTimeProblem)).toEqual([null, null, null, null, null]);
    for (const time of ['13:00 UTC-15', '24:00 UTC-4', '13:00 utc-6', '13:00 CET', 13]) expect(tournamentTimeProblem(time)).toMatch(/^expected HH:MM, optionally with a UTC offset/);
  });

  it('names the zone of a tournament code', () => {
    expect(tournamentTimeZone('uefa.cl')).toBe('Europe/Berlin');
    expect(tournamentTimeZone('worldcup')).toBeNull();
  });

});

describe('the World Cup 2026 (../shared/data/openfootball/2026)', () => {
  const groups = worldCupGroups();
  const { tournament, refused } = read(readJson('2026/worldcup.json'), { groups });

  it('reads all 104 matches, none refused, in 23 rounds with fixed numbers and kinds', () => {
    expect(refused).toEqual([]);
    expect(tournament.name).toBe('World Cup 2026');
    expect(tournament.matches).toHaveLength(104);
    expect(tournament.rounds.map((r) => [r.name, r.number, r.kind, r.twoLegged])).toEqual([
      ...Array.from({ length: 17 }, (_, i) => [`Matchday ${i + 1}`, i + 1, 'group', false]),
      ['Round of 32', 103, 'knockout', false],
      ['Round of 16', 104, 'knockout', false],
      ['Quarter-final', 105, 'knockout', false],
      ['Semi-final', 106, 'knockout', false],
      ['Match for third place', 107, 'knockout', false],
      ['Final', 108, 'knockout', false],
    ]);
    expect(tournament.rounds[0]).toMatchObject({ startsAt: new Date('2026-06-11T19:00:00Z'), endsAt: new Date('2026-06-12T02:00:00Z') });
  });

  it('keys group matches by group, day and ground, knockouts by number, the last two by their round', () => {
    const keys = tournament.matches.map((m) => m.externalKey);
    expect(new Set(keys).size).toBe(104);
    expect(keys.slice(0, 2)).toEqual(['Group A|2026-06-11|Mexico City', 'Group A|2026-06-11|Guadalajara (Zapopan)']);
    expect(keys.slice(72)).toEqual([...Array.from({ length: 30 }, (_, i) => `#${73 + i}`), 'Match for third place', 'Final']);
    expect(byKey(tournament, 'Final')).toMatchObject({ matchNumber: 104, home: { name: 'Spain', placeholder: null }, away: { name: 'Argentina', placeholder: null } });
  });

  it('reads a match whole: kick-off instant, 90 minutes, extra time, shoot-out and goals', () => {
    expect(byKey(tournament, '#74')).toEqual({
      externalKey: '#74',
      round: 'Round of 32',
      roundNumber: 103,
      matchNumber: 74,
      group: null,
      home: { name: 'Germany', placeholder: null },
      away: { name: 'Paraguay', placeholder: null },
      kickoffAt: new Date('2026-06-29T20:30:00Z'),
      kickoffConfirmed: true,
      ground: 'Boston (Foxborough)',
      status: 'finished',
      awarded: false,
      score: { ft: [1, 1], ht: [0, 1], et: [1, 1], p: [3, 4] },
      goals: { home: [{ scorer: 'Kai Havertz', minute: 54, added: 0, penalty: false, ownGoal: false }], away: [{ scorer: 'Julio Enciso', minute: 42, added: 0, penalty: false, ownGoal: false }] },
      tie: null,
    });
    const all = tournament.matches;
    expect(all.filter((m) => m.score?.et)).toHaveLength(9);
    expect(all.filter((m) => m.score?.p)).toHaveLength(4);
    const goals = all.flatMap((m) => [...(m.goals?.home ?? []), ...(m.goals?.away ?? [])]);
    expect(goals).toHaveLength(308);
    expect([goals.filter((g) => g.penalty).length, goals.filter((g) => g.ownGoal).length, goals.filter((g) => g.added > 0).length]).toEqual([16, 14, 47]);
    expect(byKey(tournament, '#73').goals?.away).toEqual([{ scorer: 'Stephan Eustáquio', minute: 90, added: 2, penalty: false, ownGoal: false }]);
  });

  it('reads each of the 38 history files whole, with the same 104 keys in every one', () => {
    const dir = path.join(SHARED_DATA, '2026/history');
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(38);
    const finalKeys = tournament.matches.map((m) => m.externalKey);
    for (const file of files) {
      const r = readTournament(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), { groups });
      if (!r.ok) throw new Error(`${file}: ${r.errors.join('\n')}`);
      expect({ file, refused: r.refused, keys: r.tournament.matches.map((m) => m.externalKey) }).toEqual({ file, refused: [], keys: finalKeys });
    }
  });

  it('reads March placeholders as placeholders: qualifiers in group slots, "1A", "3C/E/F/H/I" and "W101" in knockout slots', () => {
    const { tournament: march } = read(readJson('2026/history/worldcup-2026-03-20.json'), { groups });
    expect(byKey(march, 'Group A|2026-06-11|Guadalajara (Zapopan)').away).toEqual({ name: 'UEFA Path D winner', placeholder: { kind: 'qualifierWinner', playoff: 'UEFA', path: 'D' } });
    expect(byKey(march, '#79').home.placeholder).toEqual({ kind: 'groupWinner', group: 'A' });
    expect(byKey(march, '#79').away.placeholder).toEqual({ kind: 'thirdPlaced', groups: ['C', 'E', 'F', 'H', 'I'] });
    expect(byKey(march, 'Final')).toMatchObject({ matchNumber: null, home: { placeholder: { kind: 'matchWinner', match: 101 } }, status: 'scheduled', score: null, goals: null });
    // 18 group matches against a qualifier, and all 32 knockout matches.
    expect(march.matches.filter((m) => m.home.placeholder || m.away.placeholder)).toHaveLength(50);
  });
});

describe('the Champions League 2024/25 (../shared/data/openfootball/2024-25/uefa.cl.json)', () => {
  const raw = readJson('2024-25/uefa.cl.json');
  const { tournament, refused } = read(raw, { localTimeZone: tournamentTimeZone('uefa.cl') as string });

  it('refuses the two shoot-outs written 4–4 and reads the other 187 matches', () => {
    expect(refused).toEqual([
      { row: 169, round: 'Finals, Round of 16', date: '2025-03-11', home: 'Liverpool FC (ENG)', away: 'Paris Saint-Germain FC (FRA)', reason: 'score.p: a drawn shoot-out cannot be (a shoot-out always has a winner), got [4,4]' },
      { row: 174, round: 'Finals, Round of 16', date: '2025-03-12', home: 'Club Atlético de Madrid (ESP)', away: 'Real Madrid CF (ESP)', reason: 'score.p: a drawn shoot-out cannot be (a shoot-out always has a winner), got [4,4]' },
    ]);
    expect(tournament.matches).toHaveLength(187);
  });

  it('has 14 rounds: the league phase, two play-off matchdays, two-legged finals and the final', () => {
    expect(tournament.rounds.map((r) => [r.name, r.number, r.kind, r.twoLegged])).toEqual([
      ...Array.from({ length: 8 }, (_, i) => [`League, Matchday ${i + 1}`, i + 1, 'league', false]),
      ['Playoffs, Matchday 1', 101, 'knockout', true],
      ['Playoffs, Matchday 2', 102, 'knockout', true],
      ['Finals, Round of 16', 104, 'knockout', true],
      ['Finals, Quarterfinals', 105, 'knockout', true],
      ['Finals, Semifinals', 106, 'knockout', true],
      ['Finals, Final', 108, 'knockout', false],
    ]);
  });

  it('reads Central European times in summer and in winter', () => {
    expect(tournament.matches[0]).toMatchObject({ externalKey: 'League, Matchday 1|BSC Young Boys (SUI)|Aston Villa FC (ENG)', kickoffAt: new Date('2024-09-17T16:45:00Z') });
    expect(byKey(tournament, 'League, Matchday 8|Sporting Clube de Portugal (POR)|Bologna FC 1909 (ITA)').kickoffAt).toEqual(new Date('2025-01-29T20:00:00Z'));
  });

  it('pairs the legs of every tie, across the two play-off matchdays, first leg by date', () => {
    const legs = tournament.matches.filter((m) => m.tie);
    const ties = new Map<string, TournamentMatch[]>();
    for (const m of legs) ties.set(m.tie!.key, [...(ties.get(m.tie!.key) ?? []), m]);
    expect(legs).toHaveLength(16 + 16 + 8 + 4 - 2);
    expect([...ties.values()].map((t) => t.map((m) => m.tie!.leg).join('+')).sort()).toEqual([...Array(20).fill('1+2'), '1', '1'].sort());
    const brest = ties.get(tieKeyOf('Playoffs', 'Stade Brestois 29 (FRA)', 'Paris Saint-Germain FC (FRA)'))!;
    expect(brest.map((m) => [m.round, m.home.name, m.tie!.leg])).toEqual([
      ['Playoffs, Matchday 1', 'Stade Brestois 29 (FRA)', 1],
      ['Playoffs, Matchday 2', 'Paris Saint-Germain FC (FRA)', 2],
    ]);
    // The second leg was refused (a 4–4 shoot-out): the first keeps its place as leg 1 of the tie.
    expect(ties.get(tieKeyOf('Finals, Round of 16', 'Liverpool FC (ENG)', 'Paris Saint-Germain FC (FRA)'))!.map((m) => [m.home.name, m.tie!.leg])).toEqual([['Paris Saint-Germain FC (FRA)', 1]]);
  });

  it('reads the final, played but written without a score, as scheduled', () => {
    expect(byKey(tournament, 'Finals, Final')).toMatchObject({ status: 'scheduled', score: null, tie: null, kickoffAt: new Date('2025-05-31T19:00:00Z') });
  });

  it('refuses every row whose local time has no zone to be read in', () => {
    const r = readTournament(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toBe('matches[0].time: "18:45" has no UTC offset and no time zone is given for this tournament\'s local times (BSC Young Boys (SUI) v Aston Villa FC (ENG))');
  });
});

describe('rows that cannot be are refused one by one', () => {
  const groups: TournamentGroup[] = [
    { name: 'Group A', letter: 'A', teams: ['Mexico', 'South Africa', 'South Korea', 'Czech Republic'] },
    { name: 'Group B', letter: 'B', teams: ['Canada', 'Qatar', 'Switzerland', 'Bosnia & Herzegovina'] },
  ];
  const group = (over: Record<string, unknown> = {}) => ({
    round: 'Matchday 1', date: '2026-06-11', time: '13:00 UTC-6', team1: 'Mexico', team2: 'South Africa', group: 'Group A', ground: 'Mexico City',
    score: { ft: [2, 0], ht: [1, 0] }, goals1: [{ name: 'A', minute: '9' }, { name: 'B', minute: '67' }], goals2: [], ...over,
  });
  const knockout = (over: Record<string, unknown> = {}) => ({ round: 'Round of 32', num: 73, date: '2026-06-28', time: '12:00 UTC-7', team1: 'South Africa', team2: 'Canada', ground: 'Los Angeles', ...over });
  /** The reason each row was refused, by row index, from a file with one good row first. */
  const reasonsOf = (...rows: unknown[]) => {
    const r = readTournament({ name: 'World Cup 2026', matches: [group(), ...rows] }, { groups });
    if (!r.ok) throw new Error(r.errors.join('\n'));
    return r.refused.map((x) => [x.row, x.reason]);
  };

  it('accepts a good row of each kind', () => {
    expect(reasonsOf(knockout({ score: { ft: [0, 1] }, goals1: [], goals2: [{ name: 'C', minute: '90+2' }] }), knockout({ num: 89, round: 'Round of 16', team1: 'W73', team2: 'W74', ground: 'Houston' }), knockout({ num: 74, team1: '1A', team2: '3A/B' }))).toEqual([]);
  });

  it('names each reason', () => {
    expect(
      reasonsOf(
        group({ round: 'Group stage 1' }),
        group({ group: undefined, ground: 'Toronto' }),
        knockout({ group: 'Group A' }),
        group({ time: '13:00', ground: 'Toronto' }),
        group({ ground: 'Toronto', goals1: [{ name: 'A', minute: '9' }] }),
        group({ ground: 'Vancouver', goals1: [{ name: 'A', minute: '60+1' }, { name: 'B', minute: '67' }] }),
        group({ ground: 'Seattle', goals1: [{ name: 'A', minute: '9', penalty: true, owngoal: true }, { name: 'B', minute: '67' }] }),
        group({ ground: 'Boston', score: { ft: [1, 1], et: [2, 1] }, goals1: undefined, goals2: undefined }),
        group({ ground: 'Toronto', team2: 'Canada' }),
        group({ ground: 'Toronto', team2: 'Atlantis' }),
        knockout({ score: { ft: [1, 1] } }),
        knockout({ num: 78, score: { ft: [1, 1], et: [1, 1] } }),
        knockout({ num: 79, score: { ft: [1, 1], et: [1, 1], p: [4, 4] } }),
        knockout({ num: 75, team1: 'W73', score: { ft: [1, 0] } }),
        knockout({ num: 76, team1: 'W999' }),
        knockout({ num: 77, team1: '1M' }),
        knockout({ num: 0 }),
        knockout(),
        knockout({ num: 80, score: { ft: [2, 1], et: [2, 1] } }),
        knockout({ num: 81, score: { ft: [1, 1], et: [2, 1], p: [4, 3] } }),
      ),
    ).toEqual([
      [1, expect.stringMatching(/^round: expected a tournament round such as "Matchday 1" \(with its group\)/)],
      [2, 'group: a group-stage match needs its group, "Group A" … "Group Z", got nothing'],
      [3, 'group: only a group-stage match has a group, got "Group A" in "Round of 32"'],
      [4, 'time: "13:00" has no UTC offset and no time zone is given for this tournament\'s local times'],
      [5, 'goals1: the goal lists hold 1–0 goals but the score is 2–0'],
      [6, 'goals1[0]: minute: expected "1"–"120", or "45+2"-style added time, got "60+1"'],
      [7, 'goals1[0]: a penalty is not an own goal'],
      [8, 'score.et: no extra time or penalties in "Matchday 1", which is not a knockout round'],
      [9, 'team2: Canada plays in Group B, not Group A'],
      [10, 'team2: "Atlantis" is not a team of this tournament (nor a placeholder such as "1A" or "W73")'],
      [11, 'score.ft: a knockout match has a winner: level after 90 minutes it needs extra time (score.et)'],
      [12, 'score.et: a knockout match has a winner: level after extra time it needs a shoot-out (score.p)'],
      [13, 'score.p: a drawn shoot-out cannot be (a shoot-out always has a winner), got [4,4]'],
      [14, 'score.ft: a result needs both teams, and "W73" is not known yet'],
      [15, 'team1: "W999" refers to match 999, which the file does not number'],
      [16, 'team1: "1M" refers to group M, which the tournament does not have'],
      [17, 'num: expected a match number 1–999, got 0'],
      [18, 'same match as matches[11] (key "#73")'],
      [19, 'score.et: no extra time after a decided 90 minutes (2–1)'],
      [20, 'score.p: no shoot-out after a decided extra time (2–1)'],
    ]);
  });

  it('pairs legs by stage and kick-off whatever the file order, keeps level legs, and refuses a third leg', () => {
    const leg = (date: string, team1: string, team2: string, round = 'Finals, Quarterfinals') => ({ round, date, time: '21:00', team1, team2, score: { ft: [1, 1] } });
    const r = readTournament(
      { name: 'UEFA Champions League 2024/25', matches: [leg('2025-04-16', 'B', 'A'), leg('2025-04-08', 'A', 'B'), leg('2025-04-20', 'A', 'B', 'Finals, Semifinals'), leg('2025-04-08', 'C', 'D'), leg('2025-04-16', 'C', 'D', 'Finals, Semifinals'), leg('2025-04-09', 'E', 'F'), leg('2025-04-15', 'F', 'E'), leg('2025-04-30', 'E', 'F', 'Finals, Quarterfinals')] },
      { localTimeZone: 'Europe/Berlin' },
    );
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.tournament.matches.map((m) => [m.home.name, m.round, m.tie])).toEqual([
      ['B', 'Finals, Quarterfinals', { key: 'Finals, Quarterfinals|A|B', leg: 2 }],
      ['A', 'Finals, Quarterfinals', { key: 'Finals, Quarterfinals|A|B', leg: 1 }],
      ['A', 'Finals, Semifinals', { key: 'Finals, Semifinals|A|B', leg: 1 }],
      ['C', 'Finals, Quarterfinals', { key: 'Finals, Quarterfinals|C|D', leg: 1 }],
      ['C', 'Finals, Semifinals', { key: 'Finals, Semifinals|C|D', leg: 1 }],
      ['E', 'Finals, Quarterfinals', { key: 'Finals, Quarterfinals|E|F', leg: 1 }],
      ['F', 'Finals, Quarterfinals', { key: 'Finals, Quarterfinals|E|F', leg: 2 }],
    ]);
    expect(r.refused.map((x) => [x.row, x.reason])).toEqual([[7, 'same match as matches[5] (key "Finals, Quarterfinals|E|F"); a tie has two legs, matches[5] and matches[6]']]);
  });

  it('refuses a second leg that does not swap home and away, and a third match of a tie across the play-off matchdays', () => {
    const leg = (round: string, date: string, team1: string, team2: string) => ({ round, date, time: '21:00', team1, team2 });
    const r = readTournament(
      { name: 'X', matches: [leg('Playoffs, Matchday 1', '2025-02-11', 'A', 'B'), leg('Playoffs, Matchday 2', '2025-02-18', 'A', 'B'), leg('Playoffs, Matchday 1', '2025-02-12', 'C', 'D'), leg('Playoffs, Matchday 2', '2025-02-19', 'D', 'C'), leg('Playoffs, Matchday 2', '2025-02-20', 'C', 'D')] },
      { localTimeZone: 'Europe/Berlin' },
    );
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.refused.map((x) => [x.row, x.reason])).toEqual([
      [1, 'team1: the second leg swaps home and away: matches[0] is already A v B'],
      [4, 'a tie has two legs, matches[2] and matches[3]'],
    ]);
  });
});

describe('whole files that are no tournament', () => {
  it.each<[unknown, TournamentReadOptions, RegExp]>([
    [[], {}, /^tournament: expected an object with "name" and "matches", got an array$/],
    [{ name: 'X', matches: [] }, {}, /^matches: expected a list of 1–1000 matches, got 0 matches$/],
    [{ name: '', matches: [{}] }, {}, /^name: expected a non-empty string/],
    [{ name: 'X', matches: [{ round: 'Final' }] }, { localTimeZone: 'Mars/Olympus' }, /^localTimeZone: "Mars\/Olympus" is not a known time zone$/],
    [{ name: 'X', matches: [{ round: 'Final', date: '2026-07-19', time: '15:00 UTC-4', team1: 'Spain', team2: 'Spain' }] }, {}, /^matches\[0\]\.team2: a team cannot play itself \(Spain v Spain\)$/],
  ])('%j', (input, options, error) => {
    const r = readTournament(input, options);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatch(error);
  });
});
