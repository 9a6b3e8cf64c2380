/**
 * The demo's World Cup shifted in time, the way prepareSeasonImport shifts the league demo
 * (`shiftToNow`): every kick-off moves by the same offset, and a result whose shifted kick-off
 * is still ahead is taken away (the match is scheduled again). Pure.
 *
 * A tournament's rounds are a day apart in its group stage, so whole days (the league's unit)
 * could not always put "now" between two of them: the offset is whole hours, which keeps the
 * minutes of every kick-off.
 */
import { DEMO_LEAD_MS } from '../season-import/football-json';
import { roundsOf, type NormalisedTournament, type TournamentMatch } from '../season-import/tournament-json';

const HOUR_MS = 60 * 60 * 1000;

export interface ShiftedTournament {
  tournament: NormalisedTournament;
  /** Added to every kick-off: whole hours. */
  shiftMs: number;
  /** The round left open at `now`: the first one with a match not played in the file. */
  openRound: number;
  /** Results of matches whose shifted kick-off is still ahead, taken away. */
  resultsHidden: number;
}

const played = (m: TournamentMatch) => m.status === 'finished' || m.status === 'postponed';

/**
 * The round to open: the first (by number, which is playing order) with a match not played in
 * the file, so every earlier round is complete and it is the current one; a file played to the
 * end opens its middle round, as the league demo opens its middle gameweek.
 */
export function demoOpenRound(t: Pick<NormalisedTournament, 'rounds' | 'matches'>): number {
  const numbers = t.rounds.map((r) => r.number);
  if (numbers.length === 0) throw new Error('demo tournament: no rounds');
  const unplayed = numbers.find((n) => t.matches.some((m) => m.roundNumber === n && !played(m)));
  return unplayed ?? numbers[Math.floor((numbers.length - 1) / 2)];
}

/**
 * The offset putting `now` before the open round's first kick-off, as the league demo does:
 * about two days ahead (DEMO_LEAD_MS), at most half the quiet time since the previous round's
 * last kick-off, so that match is over and this round is open for predictions.
 */
export function demoTournamentShiftMs(t: Pick<NormalisedTournament, 'matches'>, openRound: number, now: Date): number {
  const kickoffs = (keep: (m: TournamentMatch) => boolean) => t.matches.filter(keep).map((m) => m.kickoffAt.getTime());
  const first = Math.min(...kickoffs((m) => m.roundNumber === openRound));
  const before = kickoffs((m) => m.roundNumber < openRound);
  const lead = before.length === 0 ? DEMO_LEAD_MS : Math.min(DEMO_LEAD_MS, (first - Math.max(...before)) / 2);
  return Math.round((now.getTime() - (first - lead)) / HOUR_MS) * HOUR_MS;
}

/** The tournament shifted so that its open round (demoOpenRound) takes predictions at `now` and kicks off soon after. */
export function shiftTournamentToNow(t: NormalisedTournament, now: Date): ShiftedTournament {
  const openRound = demoOpenRound(t);
  const shiftMs = demoTournamentShiftMs(t, openRound, now);
  let resultsHidden = 0;
  const matches = t.matches.map((m): TournamentMatch => {
    const kickoffAt = new Date(m.kickoffAt.getTime() + shiftMs);
    if (m.status !== 'finished' || kickoffAt.getTime() <= now.getTime()) return { ...m, kickoffAt };
    resultsHidden += 1;
    return { ...m, kickoffAt, status: 'scheduled', score: null, goals: null, awarded: false };
  });
  return { tournament: { ...t, rounds: roundsOf(matches), matches }, shiftMs, openRound, resultsHidden };
}
