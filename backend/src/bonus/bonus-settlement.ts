import type { BonusQuestionKey } from '@scoreline/contracts/game/bonus-questions';
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

/** What the results decide of a season: null where they do not (yet). */
export interface SeasonPlay {
  tournament: boolean;
  matches: readonly SettlingMatch[];
}

/**
 * The right answers the results give a question, as team ids; null while they cannot tell. A
 * tournament's champion is its final's winner (extra time and penalties included). A league's
 * champion and bottom team come from the table once every match is finished: points (3 a win, 1 a
 * draw), then goal difference, then goals scored; teams level on all three share the answer (the
 * Premier League would play them off, which no file records). The top scorer is settled by an
 * operator: goal scorers are not stored.
 */
export function rightAnswersFromResults(question: BonusQuestionKey, play: SeasonPlay): number[] | null {
  if (question === 'top_scorer') return null;
  if (play.tournament) {
    if (question !== 'champion') return null;
    const final = play.matches.find((m) => m.is_final);
    if (!final || final.status !== 'finished' || final.ft === null) return null;
    const side = matchWinner({ ft: final.ft, et: final.et, p: final.pen });
    return side === null ? null : [side === 'home' ? final.home_id : final.away_id];
  }
  if (play.matches.length === 0 || play.matches.some((m) => m.status !== 'finished' || m.ft === null)) return null;
  const table = leagueTable(play.matches);
  const edge = question === 'champion' ? table[0] : table[table.length - 1];
  return table.filter((row) => row.points === edge.points && row.gd === edge.gd && row.gf === edge.gf).map((row) => row.team);
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
