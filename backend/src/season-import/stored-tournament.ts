/**
 * A tournament between the reader's shape (tournament-json.ts) and the tables: which files are
 * tournaments and under which code they are stored, the stored fixtures read back into the
 * reader's shape (so mergeSnapshot judges a newer file against what is stored), and a merged
 * match turned into the row the import writes. Pure.
 */
import type { ImportRefusedRow } from '@scoreline/contracts/api/admin';
import { parsePlaceholder } from '@scoreline/contracts/game/placeholders';
import { foldName } from '@scoreline/contracts/game/fold-name';
import type { StoredTournamentFixture, TournamentFixtureWrite } from '../fixtures/fixture-import-store';
import { seasonLabelFromName } from './football-json';
import { isPlainObject } from './match-row-rules';
import { storedGoalsOf, type MatchGoals } from './tournament-goals';
import { roundsOf, type NormalisedTournament, type TournamentMatch, type TournamentMatchStatus, type TournamentSide } from './tournament-json';
import { tournamentRoundOf } from './tournament-rounds';
import type { SnapshotRefusal } from './tournament-snapshot';

// ---------------------------------------------------------------------------------------
// Which files are tournaments
// ---------------------------------------------------------------------------------------

/**
 * A file is a tournament when a row names a round only tournaments have (a knockout round, a
 * league phase's "League, Matchday 3") or a group. A league file's "Matchday 3" alone is a league.
 */
export function isTournamentFile(raw: unknown): boolean {
  if (!isPlainObject(raw) || !Array.isArray(raw.matches)) return false;
  return raw.matches.some((row) => {
    if (!isPlainObject(row)) return false;
    if (typeof row.group === 'string') return true;
    const round = typeof row.round === 'string' ? tournamentRoundOf(row.round) : null;
    return round !== null && (round.kind === 'knockout' || row.round !== `Matchday ${round.number}`);
  });
}

export interface TournamentIdentity {
  /** openfootball-style code, the season's league_code: "fifa.wc", "uefa.cl". */
  code: string;
  /** "2026", "2024/25". */
  label: string;
  /** National teams (the World Cup, the Euros) or clubs. */
  teams: 'national' | 'club';
}

const TOURNAMENTS: readonly { re: RegExp; code: string; teams: 'national' | 'club' }[] = [
  { re: /\bworld cup\b/, code: 'fifa.wc', teams: 'national' },
  { re: /\b(?:euro|european championship)\b/, code: 'uefa.euro', teams: 'national' },
  { re: /\bchampions league\b/, code: 'uefa.cl', teams: 'club' },
  { re: /\beuropa league\b/, code: 'uefa.el', teams: 'club' },
  { re: /\bconference league\b/, code: 'uefa.ecl', teams: 'club' },
];

/** A tournament code given by an operator: "uefa.cl", "fifa.wc", "conmebol.lib". */
export const TOURNAMENT_CODE_RE = /^[a-z]{2,8}\.[a-z0-9]{1,6}$/;

/** The tournament a file's name tells (its label from the name or the match dates); null when unknown. */
export function tournamentIdentityOf(name: string, matchDates: readonly string[], code?: string): TournamentIdentity | null {
  const n = foldName(name);
  const known = TOURNAMENTS.find((t) => t.re.test(n));
  const label = seasonLabelFromName(name, matchDates);
  if (code !== undefined) {
    const byCode = TOURNAMENTS.find((t) => t.code === code);
    return { code, label, teams: byCode?.teams ?? known?.teams ?? 'club' };
  }
  return known ? { code: known.code, label, teams: known.teams } : null;
}

/** "Liverpool FC (ENG)" → "Liverpool FC": club tournaments write the club's country after its name; the leagues do not. */
export function clubNameOf(team: string): string {
  return team.replace(/\s+\([A-Z]{3}\)$/, '');
}

// ---------------------------------------------------------------------------------------
// Stored fixtures → the reader's shape
// ---------------------------------------------------------------------------------------

function storedSide(clubId: number | null, clubName: string | null, placeholder: string | null, fileNameOfClub: ReadonlyMap<number, string>): TournamentSide {
  if (clubId === null) return { name: placeholder as string, placeholder: parsePlaceholder(placeholder as string) };
  return { name: fileNameOfClub.get(clubId) ?? (clubName as string), placeholder: null };
}

const pair = (a: number | null, b: number | null): [number, number] | null => (a === null || b === null ? null : [a, b]);

/**
 * The stored tournament as the reader would have read it. A team is named as the incoming file
 * names it (`fileNameOfClub`: the file's "Liverpool FC (ENG)" is the stored club Liverpool FC),
 * so an unchanged file compares equal. What is not stored (the half-time score) is taken from
 * the incoming match of the same key, so it is never seen as a change; the goals are the stored
 * ones (`storedGoals`, storedGoalsOf), so a newer file's changed goals are. Without
 * `storedGoals` the goals too are taken from the incoming match. A live match (a feed's or an
 * operator's) has no recorded result yet.
 */
export function storedTournamentOf(
  name: string,
  rows: readonly StoredTournamentFixture[],
  incoming: NormalisedTournament,
  fileNameOfClub: ReadonlyMap<number, string>,
  storedGoals?: ReadonlyMap<string, MatchGoals>,
): NormalisedTournament {
  const incomingByKey = new Map(incoming.matches.map((m) => [m.externalKey, m]));
  const matches = rows.map((r): TournamentMatch => {
    const same = incomingByKey.get(r.external_key);
    const ft = r.status === 'finished' ? pair(r.home_score, r.away_score) : null;
    const status: TournamentMatchStatus = r.status === 'finished' || r.status === 'postponed' ? r.status : 'scheduled';
    return {
      externalKey: r.external_key,
      round: r.round_name as string,
      roundNumber: r.round_number,
      matchNumber: r.match_number,
      group: r.group_name,
      home: storedSide(r.home_club_id, r.home_team, r.home_placeholder, fileNameOfClub),
      away: storedSide(r.away_club_id, r.away_team, r.away_placeholder, fileNameOfClub),
      kickoffAt: new Date(r.kickoff_at),
      kickoffConfirmed: r.kickoff_confirmed,
      ground: r.ground,
      status: ft === null && status === 'finished' ? 'scheduled' : status,
      awarded: r.awarded,
      score: ft === null ? null : { ft, ht: same?.score?.ht ?? null, et: pair(r.et_home, r.et_away), p: pair(r.pen_home, r.pen_away) },
      goals: storedGoals ? storedGoalsOf(storedGoals.get(r.external_key), same?.goals) : (same?.goals ?? null),
      tie: r.tie_key === null ? null : { key: r.tie_key, leg: r.tie_leg as 1 | 2 },
    };
  });
  return { name, rounds: roundsOf(matches), matches };
}

// ---------------------------------------------------------------------------------------
// A merged match → the row written
// ---------------------------------------------------------------------------------------

/** The row of a match; its teams' ids by the file's names (every real team of the merge is resolved). */
export function fixtureWriteOf(m: TournamentMatch, gameweekId: number, teamIdOf: ReadonlyMap<string, number>, id: number | null): TournamentFixtureWrite {
  const side = (s: TournamentSide) => (s.placeholder === null ? { club: teamIdOf.get(s.name) as number, placeholder: null } : { club: null, placeholder: s.name });
  const home = side(m.home);
  const away = side(m.away);
  return {
    id,
    external_key: m.externalKey,
    gameweek_id: gameweekId,
    home_club_id: home.club,
    away_club_id: away.club,
    home_placeholder: home.placeholder,
    away_placeholder: away.placeholder,
    group_name: m.group,
    match_number: m.matchNumber,
    ground: m.ground,
    kickoff_at: m.kickoffAt.toISOString(),
    kickoff_confirmed: m.kickoffConfirmed,
    status: m.status,
    home_score: m.score?.ft[0] ?? null,
    away_score: m.score?.ft[1] ?? null,
    et_home: m.score?.et?.[0] ?? null,
    et_away: m.score?.et?.[1] ?? null,
    pen_home: m.score?.p?.[0] ?? null,
    pen_away: m.score?.p?.[1] ?? null,
    awarded: m.awarded,
    tie_key: m.tie?.key ?? null,
    tie_leg: m.tie?.leg ?? null,
  };
}

/** Whether the result moved between two writes of a fixture: status, full time, extra time or penalties. */
export function resultMoved(before: Pick<StoredTournamentFixture, 'status' | 'home_score' | 'away_score' | 'et_home' | 'et_away' | 'pen_home' | 'pen_away'>, after: TournamentFixtureWrite): boolean {
  return (
    before.status !== after.status ||
    before.home_score !== after.home_score ||
    before.away_score !== after.away_score ||
    before.et_home !== after.et_home ||
    before.et_away !== after.et_away ||
    before.pen_home !== after.pen_home ||
    before.pen_away !== after.pen_away
  );
}

// ---------------------------------------------------------------------------------------
// Refusals of the merge, in the import's report
// ---------------------------------------------------------------------------------------

/**
 * A match the snapshot may not change, named as a refused row of the file (its index in
 * `matches`, its round, date and teams); null when the file no longer has the match.
 * `rowOfKey`: each read match's index in the file.
 */
export function refusedMergeRow(refusal: SnapshotRefusal, rowOfKey: ReadonlyMap<string, number>, rawRows: readonly unknown[]): ImportRefusedRow | null {
  const row = rowOfKey.get(refusal.key);
  if (row === undefined) return null;
  const raw = isPlainObject(rawRows[row]) ? (rawRows[row] as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return { row, round: text(raw.round), date: text(raw.date), home: text(raw.team1), away: text(raw.team2), reason: `kept as stored: ${refusal.reason}` };
}

/** Each read match's index in the file: the reader keeps the rows it did not refuse, in order. */
export function rowsOfKeys(tournament: NormalisedTournament, refused: readonly ImportRefusedRow[], rowCount: number): Map<string, number> {
  const refusedRows = new Set(refused.map((r) => r.row));
  const kept = Array.from({ length: rowCount }, (_, i) => i).filter((i) => !refusedRows.has(i));
  return new Map(tournament.matches.map((m, i) => [m.externalKey, kept[i]]));
}
