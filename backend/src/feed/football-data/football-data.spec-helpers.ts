/**
 * Sample football-data.org v4 matches for specs, in the provider's own shape (built on the
 * schema's types): a group match, and knockout matches that went to extra time and penalties.
 */
import type { FootballDataMatch, FootballDataScore } from './football-data.schema';

const team = (id: number, name: string, tla: string) => ({ id, name, shortName: name, tla, crest: `https://crests.football-data.org/${id}.png` });

/** A match as the provider writes it, FINISHED 2–0 unless overridden. */
export function sampleMatch(overrides: Partial<FootballDataMatch> = {}, score: Partial<FootballDataScore> = {}): FootballDataMatch {
  return {
    area: { id: 2267, name: 'World', code: 'INT', flag: null },
    competition: { id: 2000, name: 'FIFA World Cup', code: 'WC', type: 'CUP', emblem: null },
    season: { id: 2311, startDate: '2026-06-11', endDate: '2026-07-19', currentMatchday: 1 },
    id: 537327,
    utcDate: '2026-06-11T19:00:00Z',
    status: 'FINISHED',
    minute: null,
    injuryTime: null,
    matchday: 1,
    stage: 'GROUP_STAGE',
    group: 'GROUP_A',
    lastUpdated: '2026-06-11T21:02:11Z',
    homeTeam: team(769, 'Mexico', 'MEX'),
    awayTeam: team(774, 'South Africa', 'RSA'),
    score: { winner: 'HOME_TEAM', duration: 'REGULAR', fullTime: { home: 2, away: 0 }, halfTime: { home: 1, away: 0 }, ...score },
    odds: { msg: 'Activate Odds-Package in User-Panel to retrieve odds.' },
    referees: [],
    ...overrides,
  };
}

/** Norway v England (World Cup 2026, quarter-final): 1–1 after 90, 1–2 after extra time. */
export function sampleExtraTimeMatch(): FootballDataMatch {
  return sampleMatch(
    { id: 537420, utcDate: '2026-07-11T21:00:00Z', matchday: null, stage: 'QUARTER_FINALS', group: null, homeTeam: team(1, 'Norway', 'NOR'), awayTeam: team(2, 'England', 'ENG') },
    { winner: 'AWAY_TEAM', duration: 'EXTRA_TIME', fullTime: { home: 1, away: 2 }, halfTime: { home: 1, away: 1 }, regularTime: { home: 1, away: 1 }, extraTime: { home: 0, away: 1 } },
  );
}

/** Germany v Paraguay (World Cup 2026, round of 32): 1–1, 1–1 after extra time, 3–4 on penalties; fullTime is the sum of the parts. */
export function samplePenaltiesMatch(): FootballDataMatch {
  return sampleMatch(
    { id: 537395, utcDate: '2026-06-29T20:30:00Z', matchday: null, stage: 'LAST_32', group: null, homeTeam: team(3, 'Germany', 'GER'), awayTeam: team(4, 'Paraguay', 'PAR') },
    {
      winner: 'AWAY_TEAM',
      duration: 'PENALTY_SHOOTOUT',
      fullTime: { home: 4, away: 5 },
      halfTime: { home: 0, away: 1 },
      regularTime: { home: 1, away: 1 },
      extraTime: { home: 0, away: 0 },
      penalties: { home: 3, away: 4 },
    },
  );
}

/** A whole answer of the matches endpoint around these matches. */
export function sampleAnswer(matches: FootballDataMatch[]): unknown {
  return {
    filters: { season: '2026', dateFrom: '2026-06-11', dateTo: '2026-07-19' },
    resultSet: { count: matches.length, first: '2026-06-11', last: '2026-07-19', played: matches.length },
    competition: { id: 2000, name: 'FIFA World Cup', code: 'WC', type: 'CUP', emblem: 'https://crests.football-data.org/qatar.png' },
    matches,
  };
}
