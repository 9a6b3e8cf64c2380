import { topScorers, type BonusQuestionKey } from '@scoreline/contracts/game/bonus-questions';
import { matchWinner, type Goals } from '@scoreline/contracts/game/knockout';

/** A season's match as the results settle bonus questions from it. */
export interface SettlingMatch {
  home_id: number;
  away_id: number;
  status: 'scheduled' | 'live' | 'finished' | 'postponed';
  ft: Goals | null;
  et: Goals | null;
  pen: Goals | null;
  /** The tournament's final (its round named "Final"). */
  is_final: boolean;
}

/** A scorer of the season and their goals in finished matches (own goals count for no one). */
export interface SeasonScorer {
  name: string;
  goals: number;
}

/** What the results decide of a season: null where they do not (yet). */
export interface SeasonPlay {
  tournament: boolean;
  matches: readonly SettlingMatch[];
  /** A tournament's scorers (its stored goals); left out where none were read (a league, a final not played). */
  scorers?: readonly SeasonScorer[];
}

/** A tournament's final once it is finished; null before. */
export function finishedFinal(matches: readonly SettlingMatch[]): (SettlingMatch & { ft: Goals }) | null {
  const final = matches.find((m) => m.is_final);
  return final && final.status === 'finished' && final.ft !== null ? { ...final, ft: final.ft } : null;
}

/**
 * The right answers the results give a question, team ids or (the top scorer) names; null while
 * they cannot tell. A tournament's champion is its final's winner (extra time and penalties
 * included), its top scorer, once the final is finished, whoever scored the most of its stored
 * goals (own goals not counted; players level share the answer; topScorerFromGoals). A league's
 * champion and bottom team come from the table once every match is finished: points (3 a win, 1 a
 * draw), then goal difference, then goals scored; teams level on all three share the answer (the
 * Premier League would play them off, which no file records). A league's top scorer is settled
 * by an operator: its files list no scorers.
 */
export function rightAnswersFromResults(question: BonusQuestionKey, play: SeasonPlay): (number | string)[] | null {
  if (question === 'top_scorer') return play.tournament && finishedFinal(play.matches) !== null ? topScorerFromGoals(play.scorers ?? []) : null;
  if (play.tournament) {
    if (question !== 'champion') return null;
    const final = finishedFinal(play.matches);
    if (!final) return null;
    const side = matchWinner({ ft: final.ft, et: final.et, p: final.pen });
    return side === null ? null : [side === 'home' ? final.home_id : final.away_id];
  }
  if (play.matches.length === 0 || play.matches.some((m) => m.status !== 'finished' || m.ft === null)) return null;
  const table = leagueTable(play.matches);
  const edge = question === 'champion' ? table[0] : table[table.length - 1];
  return table.filter((row) => row.points === edge.points && row.gd === edge.gd && row.gf === edge.gf).map((row) => row.team);
}

/**
 * The top scorers from each scorer's goals: every name level on the most (names alike but for case
 * and accents counted as one, contracts' topScorers); null before a goal.
 */
export function topScorerFromGoals(scorers: readonly SeasonScorer[]): string[] | null {
  const goals = scorers.flatMap((s) => Array.from({ length: s.goals }, () => ({ name: s.name })));
  const { names } = topScorers(goals);
  return names.length > 0 ? names : null;
}

interface TableRow {
  team: number;
  points: number;
  gd: number;
  gf: number;
}

/** A finished league's table by points, goal difference, goals scored (ties in team id order). */
function leagueTable(matches: readonly SettlingMatch[]): TableRow[] {
  const rows = new Map<number, TableRow>();
  const row = (team: number) => rows.get(team) ?? rows.set(team, { team, points: 0, gd: 0, gf: 0 }).get(team)!;
  for (const m of matches) {
    const [h, a] = m.ft!;
    const home = row(m.home_id);
    const away = row(m.away_id);
    home.gf += h;
    away.gf += a;
    home.gd += h - a;
    away.gd += a - h;
    home.points += h > a ? 3 : h === a ? 1 : 0;
    away.points += a > h ? 3 : h === a ? 1 : 0;
  }
  return [...rows.values()].sort((x, y) => y.points - x.points || y.gd - x.gd || y.gf - x.gf || x.team - y.team);
}
