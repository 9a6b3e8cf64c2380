/**
 * An openfootball file → the fixtures the stand-in replays (replay.ts). Pure: the file is read by
 * the importers' own readers (tournament-json.ts for the World Cup and the Champions League,
 * football-json.ts for leagues), so a row they refuse is refused here too, and named.
 *
 * Ids are derived from the file, never from the run: a match's from its competition and the key
 * the importer gives it (stable across snapshots of a tournament), a team's from its name (without
 * the Champions League's " (ENG)"), so a restarted stand-in tells the same ids. Goals: the World
 * Cup lists them with minutes; a league file has only scores, so its goals are placed at plausible
 * minutes (planMatchReplay, seeded with the match's id), the half-time score kept when known.
 */
import { foldName } from '@scoreline/contracts/game/fold-name';
import { planMatchReplay, seededRandom } from '../../replay/replay-plan';
import { leagueTimeZone, normaliseSeason, validateFootballJson } from '../../season-import/football-json';
import { readTournament, tournamentTimeZone, type GoalPair, type NormalisedTournament, type TournamentMatch } from '../../season-import/tournament-json';
import { readTournamentSquads } from '../../season-import/tournament-squads';
import { footballDataCompetitionCodes } from '../football-data/football-data.provider';
import type { ReplayFixture, ReplayGoal, ReplayResult, ReplayTeam } from './replay';

export interface ReplayFileOptions {
  /** The provider's code the file is served as ("WC", "PL"): it tells how to read the file. */
  code: string;
  /** Added to every kick-off. */
  shiftMs: number;
  /** worldcup.squads.json, parsed: the national teams' FIFA codes (tla). */
  squads?: unknown;
}

export type ReplayFileReading = { ok: true; name: string; fixtures: ReplayFixture[]; refused: string[] } | { ok: false; errors: string[] };

// ---------------------------------------------------------------------------------------
// Ids and names
// ---------------------------------------------------------------------------------------

/** A positive 31-bit id from a text (FNV-1a): the same text, the same id, in every run. */
export function stableId(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7fffffff || 1;
}

/** "Liverpool FC (ENG)" → "Liverpool FC": the Champions League names clubs with their country. */
function withoutCountry(name: string): string {
  return name.replace(/\s*\([A-Z]{3}\)$/, '');
}

/** Club-form words that a short name leaves out ("FC", "1. FC", "AFC", "CF" …). */
const CLUB_FORM_WORDS = new Set(['FC', 'AFC', 'CF', 'SC', 'AC', 'AS', 'SS', 'SSC', 'CFC', 'FK', 'SK', 'BV', 'OSC', 'RC', 'CD', 'UD', 'SD', 'RCD']);

/** "Manchester United FC" → "Manchester United", "1. FC Köln" → "Köln", "Liverpool FC (ENG)" → "Liverpool". */
export function shortNameOf(name: string): string {
  const words = withoutCountry(name)
    .split(/\s+/)
    .filter((w) => w !== '');
  const kept = words.filter((w, i) => !CLUB_FORM_WORDS.has(w) && !(/^\d+\.$/.test(w) && CLUB_FORM_WORDS.has(words[i + 1] ?? '')));
  return kept.length > 0 ? kept.join(' ') : withoutCountry(name);
}

/** A club's three letters: the first three of its short name, accents folded ("Köln" → "KOL"). */
export function clubTlaOf(name: string): string {
  const letters = foldName(shortNameOf(name)).replace(/[^a-z]/g, '');
  return (letters.slice(0, 3) || 'XXX').toUpperCase();
}

function teamOf(name: string, fifaCodes: ReadonlyMap<string, string>): ReplayTeam {
  return { id: stableId(`team|${withoutCountry(name)}`), name, shortName: shortNameOf(name), tla: fifaCodes.get(name) ?? clubTlaOf(name) };
}

// ---------------------------------------------------------------------------------------
// Goals
// ---------------------------------------------------------------------------------------

/** The goals of a plan's steps (each goal step raises one side's score by one), at minutes mapped by `minuteOf`. */
function goalsOfPlan(home: number, away: number, seed: number, minuteOf: (planMinute: number) => number): ReplayGoal[] {
  const steps = planMatchReplay(home, away, { durationSeconds: 95, seed });
  const goals: ReplayGoal[] = [];
  let before = { home: 0, away: 0 };
  for (const step of steps) {
    if (step.label !== 'goal') continue;
    goals.push({ side: step.homeScore > before.home ? 'home' : 'away', minute: minuteOf(step.minute), added: 0 });
    before = { home: step.homeScore, away: step.awayScore };
  }
  return goals;
}

/**
 * Goals at plausible minutes for a score without scorers: the half-time score kept when known
 * (first-half goals in 1–45, the rest in 46–90), extra-time goals spread over 91–120. Seeded, so
 * the same match gets the same goals in every run.
 */
export function plannedGoals(ft: GoalPair, ht: GoalPair | null, et: GoalPair | null, seed: number): ReplayGoal[] {
  const halves = ht !== null && ht[0] <= ft[0] && ht[1] <= ft[1];
  const regular = halves
    ? [
        ...goalsOfPlan(ht[0], ht[1], seed, (m) => Math.max(1, Math.ceil(m / 2))),
        ...goalsOfPlan(ft[0] - ht[0], ft[1] - ht[1], seed + 1, (m) => 45 + Math.max(1, Math.ceil(m / 2))),
      ]
    : goalsOfPlan(ft[0], ft[1], seed, (m) => m);
  if (et === null) return regular;
  const random = seededRandom(seed + 2);
  const sides = [...Array<'home'>(Math.max(0, et[0] - ft[0])).fill('home'), ...Array<'away'>(Math.max(0, et[1] - ft[1])).fill('away')]
    .map((side) => ({ side, r: random() }))
    .sort((a, b) => a.r - b.r);
  const extra = sides.map(({ side }, i): ReplayGoal => ({ side, minute: 91 + Math.floor(((i + 1) * 29) / (sides.length + 1)), added: 0 }));
  return [...regular, ...extra];
}

/** The file's goals, when they add up to its scores (minutes up to 90 to ft, all of them to et). */
export function fileGoalsAgree(goals: readonly ReplayGoal[], ft: GoalPair, et: GoalPair | null): boolean {
  const tally = (keep: (g: ReplayGoal) => boolean): GoalPair => [goals.filter((g) => g.side === 'home' && keep(g)).length, goals.filter((g) => g.side === 'away' && keep(g)).length];
  const regular = tally((g) => g.minute <= 90);
  const all = tally(() => true);
  const final = et ?? ft;
  return regular[0] === ft[0] && regular[1] === ft[1] && all[0] === final[0] && all[1] === final[1];
}

// ---------------------------------------------------------------------------------------
// Tournaments
// ---------------------------------------------------------------------------------------

/** football-data's stage of a knockout round (tournament-rounds.ts numbers), and its place in playing order. */
const KNOCKOUT_STAGES: Readonly<Record<number, { stage: string; rank: number }>> = {
  101: { stage: 'PLAYOFFS', rank: 1 },
  102: { stage: 'PLAYOFFS', rank: 1 },
  103: { stage: 'LAST_32', rank: 2 },
  104: { stage: 'LAST_16', rank: 3 },
  105: { stage: 'QUARTER_FINALS', rank: 4 },
  106: { stage: 'SEMI_FINALS', rank: 5 },
  // Both are decided by the semi-finals.
  107: { stage: 'THIRD_PLACE', rank: 6 },
  108: { stage: 'FINAL', rank: 6 },
};

function stageOf(m: TournamentMatch): { stage: string; knockoutRank: number | null; group: string | null } {
  if (m.group !== null) return { stage: 'GROUP_STAGE', knockoutRank: null, group: `GROUP_${m.group.slice(-1)}` };
  const knockout = KNOCKOUT_STAGES[m.roundNumber];
  if (knockout) return { stage: knockout.stage, knockoutRank: knockout.rank, group: null };
  return { stage: 'LEAGUE_STAGE', knockoutRank: null, group: null };
}

function tournamentResult(m: TournamentMatch, id: number): ReplayResult | null {
  if (m.score === null) return null;
  const { ft, ht, et, p } = m.score;
  const listed: ReplayGoal[] | null = m.goals
    ? [...m.goals.home.map((g) => ({ side: 'home' as const, minute: g.minute, added: g.added })), ...m.goals.away.map((g) => ({ side: 'away' as const, minute: g.minute, added: g.added }))]
    : null;
  const goals = listed && fileGoalsAgree(listed, ft, et) ? listed : plannedGoals(ft, ht, et, id);
  return { ft, et, p: et ? p : null, goals, awarded: m.awarded };
}

/** A group match's matchday as football-data counts it: each team's 1st, 2nd, 3rd group match. */
function groupMatchdays(matches: readonly TournamentMatch[]): Map<TournamentMatch, number> {
  const played = new Map<string, number>();
  const matchday = new Map<TournamentMatch, number>();
  const groupMatches = matches.filter((m) => m.group !== null).sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime());
  for (const m of groupMatches) {
    const n = Math.max(played.get(m.home.name) ?? 0, played.get(m.away.name) ?? 0) + 1;
    played.set(m.home.name, n).set(m.away.name, n);
    matchday.set(m, n);
  }
  return matchday;
}

function tournamentFixtures(t: NormalisedTournament, opts: ReplayFileOptions, fifaCodes: ReadonlyMap<string, string>): ReplayFixture[] {
  const matchdays = groupMatchdays(t.matches);
  return t.matches.map((m): ReplayFixture => {
    const id = stableId(`${opts.code}|${m.externalKey}`);
    const { stage, knockoutRank, group } = stageOf(m);
    const leagueMatchday = /^League, Matchday (\d+)$/.exec(m.round);
    return {
      id,
      kickoffMs: m.kickoffAt.getTime() + opts.shiftMs,
      kickoffConfirmed: m.kickoffConfirmed,
      stage,
      group,
      matchday: matchdays.get(m) ?? (leagueMatchday ? Number(leagueMatchday[1]) : null),
      knockoutRank,
      home: m.home.placeholder === null ? teamOf(m.home.name, fifaCodes) : null,
      away: m.away.placeholder === null ? teamOf(m.away.name, fifaCodes) : null,
      result: tournamentResult(m, id),
      postponed: m.status === 'postponed',
    };
  });
}

function readTournamentFile(raw: unknown, scorelineCode: string | null, opts: ReplayFileOptions): ReplayFileReading {
  const reading = readTournament(raw, { localTimeZone: tournamentTimeZone(scorelineCode ?? '') ?? undefined });
  if (!reading.ok) return reading;
  const fifaCodes = new Map<string, string>();
  if (opts.squads !== undefined) {
    const squads = readTournamentSquads(opts.squads, reading.tournament);
    if (!squads.ok) return { ok: false, errors: squads.errors.map((e) => `squads file: ${e}`) };
    for (const s of squads.squads) fifaCodes.set(s.team, s.fifaCode);
  }
  const refused = reading.refused.map((r) => `matches[${r.row}] (${r.home ?? '?'} v ${r.away ?? '?'}, ${r.date ?? '?'}): ${r.reason}`);
  return { ok: true, name: reading.tournament.name, fixtures: tournamentFixtures(reading.tournament, opts, fifaCodes), refused };
}

// ---------------------------------------------------------------------------------------
// Leagues
// ---------------------------------------------------------------------------------------

function readLeagueFile(raw: unknown, scorelineCode: string | null, opts: ReplayFileOptions): ReplayFileReading {
  const validation = validateFootballJson(raw);
  if (!validation.ok) return validation;
  const { season } = validation;
  const leagueCode = scorelineCode ?? opts.code.toLowerCase();
  const normalised = normaliseSeason(season, { leagueCode, timeZone: leagueTimeZone(leagueCode), shiftMs: opts.shiftMs });
  // normaliseSeason keeps the file's order, one fixture per match.
  const fixtures = normalised.fixtures.map((f, i): ReplayFixture => {
    const id = stableId(`${opts.code}|${f.externalKey}`);
    const ht = season.matches[i].score?.ht ?? null;
    const ft: GoalPair | null = f.homeScore === null || f.awayScore === null ? null : [f.homeScore, f.awayScore];
    return {
      id,
      kickoffMs: f.kickoffAt.getTime(),
      kickoffConfirmed: f.kickoffConfirmed,
      stage: 'REGULAR_SEASON',
      group: null,
      matchday: f.roundNumber,
      knockoutRank: null,
      home: teamOf(f.homeTeam, new Map()),
      away: teamOf(f.awayTeam, new Map()),
      result: ft === null ? null : { ft, et: null, p: null, goals: plannedGoals(ft, ht, null, id), awarded: f.awarded },
      postponed: f.status === 'postponed',
    };
  });
  const refused = validation.refused.map((r) => `matches[${r.row}] (${r.home ?? '?'} v ${r.away ?? '?'}, ${r.date ?? '?'}): ${r.reason}`);
  return { ok: true, name: season.name, fixtures, refused };
}

// ---------------------------------------------------------------------------------------
// The file
// ---------------------------------------------------------------------------------------

/** The Scoreline code a provider code stands for ("PL" → "en.1"), null when none does. */
export function scorelineCodeOf(providerCode: string): string | null {
  const entry = Object.entries(footballDataCompetitionCodes()).find(([, code]) => code === providerCode);
  return entry ? entry[0] : null;
}

/** A tournament file (groups, numbered or named knockout rounds), as opposed to a league's "Matchday N" rows only. */
function looksLikeTournament(raw: unknown): boolean {
  const matches = (raw as { matches?: unknown } | null)?.matches;
  if (!Array.isArray(matches)) return false;
  return matches.some((m: unknown) => {
    const row = (m ?? {}) as Record<string, unknown>;
    return row.group !== undefined || row.num !== undefined || (typeof row.round === 'string' && !/^(?:Matchday|Round|Matchweek) \d+$/.test(row.round));
  });
}

/** Reads a file to replay as the provider's competition `code`. */
export function readReplayFile(raw: unknown, opts: ReplayFileOptions): ReplayFileReading {
  if (!Number.isFinite(opts.shiftMs)) return { ok: false, errors: [`shiftMs: expected a number of milliseconds, got ${String(opts.shiftMs)}`] };
  const scorelineCode = scorelineCodeOf(opts.code);
  const tournament = scorelineCode !== null ? /^(fifa|uefa)\./.test(scorelineCode) : looksLikeTournament(raw);
  return tournament ? readTournamentFile(raw, scorelineCode, opts) : readLeagueFile(raw, scorelineCode, opts);
}
