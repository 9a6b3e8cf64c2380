import * as fs from 'fs';
import * as path from 'path';
import { DEMO_LEAD_MS } from '../season-import/football-json';
import { readTournament, roundsOf, type NormalisedTournament, type TournamentMatch } from '../season-import/tournament-json';
import { demoOpenRound, demoTournamentShiftMs, shiftTournamentToNow } from './demo-tournament';

const HOUR = 60 * 60 * 1000;
/** The bundled demo file (backend/data), as the first start reads it. */
const DEMO_FILE = path.resolve(__dirname, '../../data/openfootball/2026/worldcup-2026-06-28.json');

function demoWorldCup(): NormalisedTournament {
  const reading = readTournament(JSON.parse(fs.readFileSync(DEMO_FILE, 'utf8')));
  if (!reading.ok) throw new Error(reading.errors[0]);
  expect(reading.refused).toEqual([]);
  return reading.tournament;
}

/** A small tournament: two group days (the second not played yet) and a knockout round. */
function small(): NormalisedTournament {
  const match = (round: string, roundNumber: number, at: string, score: [number, number] | null): TournamentMatch => ({
    externalKey: `${round}|${at}`,
    round,
    roundNumber,
    matchNumber: null,
    group: roundNumber < 100 ? 'Group A' : null,
    home: { name: `Home ${at}`, placeholder: null },
    away: { name: `Away ${at}`, placeholder: null },
    kickoffAt: new Date(at),
    kickoffConfirmed: true,
    ground: null,
    status: score ? 'finished' : 'scheduled',
    awarded: false,
    score: score ? { ft: score, ht: null, et: null, p: null } : null,
    goals: null,
    tie: null,
  });
  const matches = [
    match('Matchday 1', 1, '2026-06-11T19:00:00Z', [2, 0]),
    match('Matchday 1', 1, '2026-06-12T02:00:00Z', [1, 1]),
    match('Matchday 2', 2, '2026-06-12T18:00:00Z', null),
    match('Matchday 2', 2, '2026-06-12T21:30:00Z', null),
    match('Round of 32', 103, '2026-06-14T18:00:00Z', null),
  ];
  return { name: 'World Cup 2026', matches, rounds: roundsOf(matches) };
}

describe('demoOpenRound', () => {
  it('opens the first round with a match not played, the earlier ones complete', () => {
    expect(demoOpenRound(small())).toBe(2);
  });

  it('opens the Round of 32 of the bundled World Cup: the group stage played, one match of the round played already', () => {
    const t = demoWorldCup();
    expect(demoOpenRound(t)).toBe(103);
    const r32 = t.matches.filter((m) => m.roundNumber === 103);
    expect(r32).toHaveLength(16);
    expect(r32.filter((m) => m.status === 'finished')).toHaveLength(1);
    expect(r32.every((m) => m.home.placeholder === null && m.away.placeholder === null)).toBe(true);
    expect(t.matches.filter((m) => m.roundNumber > 103).every((m) => m.home.placeholder !== null && m.away.placeholder !== null)).toBe(true);
  });

  it('opens the middle round of a file played to the end', () => {
    const t = small();
    const played = { ...t, matches: t.matches.map((m) => ({ ...m, status: 'finished' as const, score: { ft: [1, 0] as [number, number], ht: null, et: null, p: null } })) };
    expect(demoOpenRound(played)).toBe(2);
  });
});

describe('demoTournamentShiftMs', () => {
  it('puts now half the quiet hours before the open round (at most the league demo lead), in whole hours', () => {
    const t = small();
    const now = new Date('2026-11-29T12:22:00Z');
    const shift = demoTournamentShiftMs(t, 2, now);
    expect(shift % HOUR).toBe(0);
    // Matchday 1 ends 02:00, Matchday 2 starts 18:00: a 16-hour gap, so about 8 hours ahead.
    const firstOfRound = new Date('2026-06-12T18:00:00Z').getTime() + shift;
    expect(firstOfRound - now.getTime()).toBeGreaterThanOrEqual(7.5 * HOUR);
    expect(firstOfRound - now.getTime()).toBeLessThanOrEqual(8.5 * HOUR);
  });

  it('leads by the league demo lead before a first round', () => {
    const t = small();
    const now = new Date('2026-11-29T12:00:00Z');
    const shift = demoTournamentShiftMs(t, 1, now);
    expect(new Date('2026-06-11T19:00:00Z').getTime() + shift - now.getTime()).toBe(DEMO_LEAD_MS);
  });
});

describe('shiftTournamentToNow', () => {
  it('moves every kick-off by the same offset and keeps results only in the past', () => {
    const t = demoWorldCup();
    const now = new Date('2026-11-29T12:22:52Z');
    const shifted = shiftTournamentToNow(t, now);
    expect(shifted.openRound).toBe(103);
    shifted.tournament.matches.forEach((m, i) => {
      expect(m.kickoffAt.getTime() - t.matches[i].kickoffAt.getTime()).toBe(shifted.shiftMs);
      expect(m.externalKey).toBe(t.matches[i].externalKey);
      if (m.kickoffAt > now) expect(m).toMatchObject({ status: 'scheduled', score: null, goals: null });
      else expect(m).toMatchObject({ status: t.matches[i].status, score: t.matches[i].score });
    });
    // The one Round of 32 result of the file (South Africa 0–1 Canada) is taken away: it is ahead now.
    expect(shifted.resultsHidden).toBe(1);
    const played = shifted.tournament.matches.filter((m) => m.status === 'finished');
    expect(played).toHaveLength(72);
    expect(played.every((m) => m.roundNumber <= 17 && m.kickoffAt.getTime() < now.getTime() - 2 * HOUR)).toBe(true);
    // The Round of 32 is open and kicks off within hours; its deadline is its first kick-off.
    const r32 = shifted.tournament.rounds.find((r) => r.number === 103)!;
    expect(r32.startsAt.getTime() - now.getTime()).toBeGreaterThan(HOUR);
    expect(r32.startsAt.getTime() - now.getTime()).toBeLessThan(12 * HOUR);
    expect(Math.min(...shifted.tournament.matches.filter((m) => m.roundNumber === 103).map((m) => m.kickoffAt.getTime()))).toBe(r32.startsAt.getTime());
  });

  it('is the same for the same now, and changes nothing of a tournament it is given', () => {
    const t = demoWorldCup();
    const before = JSON.stringify(t);
    const now = new Date('2027-02-01T06:00:00Z');
    expect(shiftTournamentToNow(t, now)).toEqual(shiftTournamentToNow(t, now));
    expect(JSON.stringify(t)).toBe(before);
  });
});
