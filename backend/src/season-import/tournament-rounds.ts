/**
 * The rounds a tournament file names (World Cup 2026, Champions League 2024/25; the formats are
 * in ../shared/data/README.md, "More competitions"), each with a fixed place in the order.
 */
import { show } from './match-row-rules';

export type RoundKind = 'league' | 'group' | 'knockout';

/** What a round's name tells, the same in every file of the same format. */
export interface TournamentRoundInfo {
  /** As the file writes it. */
  name: string;
  /**
   * Fixed by the name, not by which rounds a file holds, so it never moves between snapshots:
   * matchdays keep their N (1–99), knockout stages follow at 101–107 in playing order.
   */
  number: number;
  kind: RoundKind;
  /** Each tie is played over two legs, listed as separate matches (the Champions League knockouts). */
  twoLegged: boolean;
  /** The stage whose two legs form one tie (the play-offs' two matchdays are one stage); null if single legs. */
  tieStage: string | null;
  /** The round is one match (a final), so its name alone names the match. */
  singleMatch: boolean;
}

const MAX_MATCHDAY = 99;

/** "Matchday 3" (a World Cup group matchday); "League, Matchday 3" (the Champions League's league phase). */
const GROUP_MATCHDAY_RE = /^Matchday ([1-9]\d?)$/;
const LEAGUE_MATCHDAY_RE = /^League, Matchday ([1-9]\d?)$/;

interface KnockoutRound {
  number: number;
  twoLegged: boolean;
  tieStage?: string;
  singleMatch?: boolean;
}

/**
 * Knockout rounds in playing order. The World Cup's single-leg rounds and the Champions League's
 * two-legged "Finals, …" rounds of the same stage share a number (a file holds one or the other).
 */
const KNOCKOUT_ROUNDS: Readonly<Record<string, KnockoutRound>> = {
  'Playoffs, Matchday 1': { number: 101, twoLegged: true, tieStage: 'Playoffs' },
  'Playoffs, Matchday 2': { number: 102, twoLegged: true, tieStage: 'Playoffs' },
  'Round of 32': { number: 103, twoLegged: false },
  'Round of 16': { number: 104, twoLegged: false },
  'Finals, Round of 16': { number: 104, twoLegged: true },
  'Quarter-final': { number: 105, twoLegged: false },
  'Finals, Quarterfinals': { number: 105, twoLegged: true },
  'Semi-final': { number: 106, twoLegged: false },
  'Finals, Semifinals': { number: 106, twoLegged: true },
  'Match for third place': { number: 107, twoLegged: false, singleMatch: true },
  Final: { number: 108, twoLegged: false, singleMatch: true },
  'Finals, Final': { number: 108, twoLegged: false, singleMatch: true },
};

function matchdayRound(name: string, kind: 'group' | 'league', n: number): TournamentRoundInfo | null {
  if (n < 1 || n > MAX_MATCHDAY) return null;
  return { name, number: n, kind, twoLegged: false, tieStage: null, singleMatch: false };
}

/** The round a tournament file's `round` names, or null when it is none of the known ones. */
export function tournamentRoundOf(name: string): TournamentRoundInfo | null {
  const group = GROUP_MATCHDAY_RE.exec(name);
  if (group) return matchdayRound(name, 'group', Number(group[1]));
  const league = LEAGUE_MATCHDAY_RE.exec(name);
  if (league) return matchdayRound(name, 'league', Number(league[1]));
  if (!Object.prototype.hasOwnProperty.call(KNOCKOUT_ROUNDS, name)) return null;
  const round = KNOCKOUT_ROUNDS[name];
  return {
    name,
    number: round.number,
    kind: 'knockout',
    twoLegged: round.twoLegged,
    tieStage: round.twoLegged ? (round.tieStage ?? name) : null,
    singleMatch: round.singleMatch ?? false,
  };
}

/** Checks a row's `round` for the tournament reader (see match-row-rules.ts, RoundAndTimeRules). */
export function tournamentRoundProblem(round: unknown): string | null {
  if (typeof round === 'string' && tournamentRoundOf(round) !== null) return null;
  const expected = 'a tournament round such as "Matchday 1" (with its group), "League, Matchday 1", "Round of 32", "Finals, Quarterfinals" or "Final"';
  return `expected ${expected}, got ${show(round)}`;
}
