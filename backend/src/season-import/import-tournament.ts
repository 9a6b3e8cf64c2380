import type { EntityManager } from 'typeorm';
import type { ImportRefusedRow, ImportSeasonResult } from '@scoreline/contracts/api/admin';
import type { DomainEventMap } from '@scoreline/contracts/events';
import type { OutboxService } from '../platform/outbox/outbox.service';
import { ApiError } from '../platform/common/api-error';
import { createMissingClubs, createMissingNationalTeams, ensureCompetition, selectClubIdsByName } from '../platform/database/reference-data.queries';
import { lockGameweeksForChange } from '../fixtures/gameweek-lock';
import { insertTournamentFixtures, selectTournamentFixturesForUpdate, updateTournamentFixtures, type TournamentFixtureWrite } from '../fixtures/fixture-import-store';
import {
  activateSeason,
  ensureSeason,
  lockImports,
  refreshTournamentRoundSpans,
  replaceFixtureGoals,
  selectGameweekIdsTouchedByImport,
  selectSeasonFormat,
  selectSeasonGoals,
  updateNationalTeamCodes,
  upsertTournamentRounds,
  writeSquadPlayers,
} from '../seasons/season-import-store';
import { leagueNameOf } from './prepare-season-import';
import { clubNameOf, fixtureWriteOf, refusedMergeRow, resultMoved, rowsOfKeys, storedTournamentOf, tournamentIdentityOf, TOURNAMENT_CODE_RE, type TournamentIdentity } from './stored-tournament';
import { readTournament, tournamentTimeZone, type NormalisedTournament } from './tournament-json';
import { mergeSnapshot } from './tournament-snapshot';
import type { Squad, TournamentGroup } from './tournament-teams';
import { goalRowsOf, goalsChanged, storedGoalsByKey } from './tournament-goals';
import { readTournamentSquads, squadPlayerWrites } from './tournament-squads';

export interface TournamentImportPlan {
  identity: TournamentIdentity;
  tournament: NormalisedTournament;
  /** Rows the reader refused; nothing of them is written. */
  refused: ImportRefusedRow[];
  /** The file's rows, to name the matches the merge refuses. */
  rawRows: readonly unknown[];
  /** The squads file read beside it (tournament-squads.ts), each squad linked to its team; null without one. */
  squads?: Squad[] | null;
  /** Squads and players of that file that could not be read, each with its reason (the rest is stored). */
  squadsRefused?: string[];
}

export type PrepareTournamentResult = { ok: true; plan: TournamentImportPlan } | { ok: false; errors: Record<string, string[]>; message: string };

/**
 * The pure half: which tournament (its code and label), read through the tournament reader, and
 * its squads file when one is given (`squads`: refused whole, naming `squads`, when no squad of it
 * can be read).
 */
export function prepareTournamentImport(
  raw: unknown,
  opts: { leagueCode?: string; groups?: readonly TournamentGroup[]; squads?: unknown } = {},
): PrepareTournamentResult {
  const rows = (raw as { matches?: unknown }).matches as unknown[];
  const name = (raw as { name?: unknown }).name;
  const code = opts.leagueCode?.trim().toLowerCase();
  if (code !== undefined && !TOURNAMENT_CODE_RE.test(code)) {
    const msg = `league_code must look like "uefa.cl" or "fifa.wc" for a tournament, got "${opts.leagueCode}".`;
    return { ok: false, message: msg, errors: { league_code: [msg] } };
  }
  const dates = rows.flatMap((r) => (typeof (r as { date?: unknown })?.date === 'string' ? [(r as { date: string }).date] : []));
  const identity = typeof name === 'string' ? tournamentIdentityOf(name, dates, code) : null;
  if (identity === null && typeof name === 'string') {
    const msg = `Cannot tell the tournament of "${name}"; please give its league_code (e.g. "uefa.cl").`;
    return { ok: false, message: msg, errors: { league_code: [msg] } };
  }
  const timeZone = identity ? tournamentTimeZone(identity.code) : null;
  const reading = readTournament(raw, { localTimeZone: timeZone ?? undefined, groups: opts.groups });
  if (!reading.ok) return { ok: false, message: `The tournament file is not valid: ${reading.errors[0]}`, errors: { season: reading.errors } };
  const plan: TournamentImportPlan = { identity: identity as TournamentIdentity, tournament: reading.tournament, refused: reading.refused, rawRows: rows };
  if (opts.squads === undefined) return { ok: true, plan };
  const squads = readTournamentSquads(opts.squads, reading.tournament, opts.groups);
  if (!squads.ok) return { ok: false, message: `The squads file is not valid: ${squads.errors[0]}`, errors: { squads: squads.errors } };
  return { ok: true, plan: { ...plan, squads: squads.squads, squadsRefused: squads.refused } };
}

/** Each real team's id by the file's name; teams missing are created only when `create`. */
async function teamIds(tx: EntityManager, names: string[], identity: TournamentIdentity, leagueName: string, create: boolean): Promise<{ ids: Map<string, number>; created: string[] }> {
  const lookup = identity.teams === 'national' ? names : names.map(clubNameOf);
  let created: string[] = [];
  if (create && lookup.length > 0) {
    created =
      identity.teams === 'national' ? await createMissingNationalTeams(tx, [...new Set(lookup)]) : await createMissingClubs(tx, [...new Set(lookup)], identity.code, leagueName);
  }
  const byLookup = await selectClubIdsByName(tx, [...new Set(lookup)], identity.teams);
  const ids = new Map<string, number>();
  names.forEach((n, i) => {
    const id = byLookup.get(lookup[i]);
    if (id !== undefined) ids.set(n, id);
  });
  return { ids, created };
}

const realTeams = (t: { matches: readonly { home: { name: string; placeholder: unknown }; away: { name: string; placeholder: unknown } }[] }) => [
  ...new Set(t.matches.flatMap((m) => [m.home, m.away].filter((s) => s.placeholder === null).map((s) => s.name))),
];

/**
 * Writes a tournament file in the caller's transaction, as a season of its own, made its
 * competition's active season when `activate` (other competitions' stay active): the file is merged into what is stored (tournament-snapshot.ts), so a newer snapshot fills
 * placeholders, moves kick-offs (and the deadline of a round not started at `now`) and records
 * or corrects results, and a change the feed may not make is refused and named. Only matches the
 * merge changed are written; a result that moved raises `result.recorded`, as the league import
 * does. Each written match's goals replace its stored ones where they differ (`fixture_goals`),
 * and the squads read beside the file (`plan.squads`) are written for the season's teams. The
 * same file twice writes nothing.
 */
export async function writeTournamentImport(
  tx: EntityManager,
  plan: TournamentImportPlan,
  opts: { now: Date; activate?: boolean },
  outbox: Pick<OutboxService, 'publishMany'>,
): Promise<ImportSeasonResult> {
  const { identity, tournament: incoming } = plan;
  const leagueName = leagueNameOf(incoming.name, identity.label);
  await lockImports(tx);
  if ((await selectSeasonFormat(tx, identity.code, identity.label)) === 'league') {
    throw ApiError.badRequest(`The season ${identity.code} ${identity.label} holds a league's matchdays; a tournament file cannot be merged into it.`);
  }
  await ensureCompetition(tx, identity.code, leagueName);
  const season = await ensureSeason(tx, { name: incoming.name, label: identity.label, leagueCode: identity.code });
  await lockGameweeksForChange(tx, await selectGameweekIdsTouchedByImport(tx, season.id));
  if (opts.activate) await activateSeason(tx, season.id);

  // What is stored, in the reader's shape, its teams named as this file names them.
  const storedRows = await selectTournamentFixturesForUpdate(tx, season.id);
  const known = await teamIds(tx, realTeams(incoming), identity, leagueName, false);
  const fileNameOfClub = new Map<number, string>();
  for (const [name, id] of known.ids) if (!fileNameOfClub.has(id)) fileNameOfClub.set(id, name);
  const storedGoals = storedGoalsByKey(await selectSeasonGoals(tx, season.id));
  const stored = storedTournamentOf(incoming.name, storedRows, incoming, fileNameOfClub, storedGoals);

  const merge = mergeSnapshot(stored, incoming);
  if (!merge.ok) throw ApiError.badRequest(`The tournament file cannot be merged: ${merge.reason}`);
  const changedKeys = new Set(merge.changes.map((c) => c.key));
  const toWrite = merge.tournament.matches.filter((m) => changedKeys.has(m.externalKey));

  const rounds = await upsertTournamentRounds(
    tx,
    season.id,
    merge.tournament.rounds.map((r) => ({ number: r.number, name: r.name, kind: r.kind, two_legged: r.twoLegged })),
  );
  const gameweekIdOf = new Map(rounds.map((r) => [r.number, r.id]));
  const teams = await teamIds(tx, realTeams({ matches: toWrite }), identity, leagueName, true);

  const unlinked = realTeams({ matches: toWrite }).find((name) => !teams.ids.has(name));
  if (unlinked !== undefined) throw ApiError.badRequest(`The team "${unlinked}" cannot be stored: a ${identity.teams === 'national' ? 'club' : 'national team'} has that name.`);

  const storedByKey = new Map(storedRows.map((r) => [r.external_key, r]));
  const inserts: TournamentFixtureWrite[] = [];
  const updates: TournamentFixtureWrite[] = [];
  const events: DomainEventMap['result.recorded'][] = [];
  for (const m of toWrite) {
    const before = storedByKey.get(m.externalKey);
    const row = fixtureWriteOf(m, gameweekIdOf.get(m.roundNumber) as number, teams.ids, before?.id ?? null);
    if (!before) {
      inserts.push(row);
      continue;
    }
    updates.push(row);
    if (resultMoved(before, row) || before.minute !== null) {
      events.push({
        fixtureId: before.id,
        seasonId: season.id,
        gameweekId: row.gameweek_id,
        status: row.status as DomainEventMap['result.recorded']['status'],
        homeScore: row.home_score,
        awayScore: row.away_score,
        minute: null,
        scoreMoved: resultMoved(before, row),
      });
    }
  }
  if (inserts.length > 0) await insertTournamentFixtures(tx, season.id, inserts);
  if (updates.length > 0) await updateTournamentFixtures(tx, season.id, updates);
  // The goals with their results: replaced only where the merged match's differ from the stored.
  const goalWrites = toWrite.map((m) => ({ key: m.externalKey, goals: goalRowsOf(m) })).filter((m) => goalsChanged(m.goals, storedGoals.get(m.key)));
  await replaceFixtureGoals(tx, season.id, goalWrites);
  if (plan.squads) {
    // Only squads of teams that play in the season: a squad is a team's, and a team is the season's.
    const ofSeason = new Set(realTeams(merge.tournament));
    const squads = plan.squads.filter((sq) => ofSeason.has(sq.team));
    const squadTeams = await teamIds(tx, squads.map((sq) => sq.team), identity, leagueName, false);
    await writeSquadPlayers(tx, season.id, squadPlayerWrites(squads, squadTeams.ids));
    if (identity.teams === 'national') {
      const codes = squads.flatMap((sq) => {
        const teamId = squadTeams.ids.get(sq.team);
        return teamId === undefined ? [] : [{ teamId, fifaCode: sq.fifaCode }];
      });
      await updateNationalTeamCodes(tx, codes);
    }
  }
  await refreshTournamentRoundSpans(tx, season.id, opts.now);
  await outbox.publishMany(tx, 'result.recorded', events);

  const rowOfKey = rowsOfKeys(incoming, plan.refused, plan.rawRows.length);
  const mergeRefused = merge.refused.flatMap((r) => refusedMergeRow(r, rowOfKey, plan.rawRows) ?? []);
  const missing = merge.refused.filter((r) => !rowOfKey.has(r.key));
  const refusedKeys = new Set(merge.refused.map((r) => r.key));
  const inFile = incoming.matches.filter((m) => !refusedKeys.has(m.externalKey)).length;
  return {
    season: { id: season.id, name: incoming.name, label: identity.label, league_code: identity.code, is_active: season.is_active || opts.activate === true },
    gameweeks: merge.tournament.rounds.length,
    fixtures: { total: incoming.matches.length, created: inserts.length, updated: updates.length, unchanged: inFile - inserts.length - updates.length },
    refused: [...plan.refused, ...mergeRefused].sort((a, b) => a.row - b.row),
    clubs_created: teams.created,
    results_recorded: events.length,
    shift_days: 0,
    tournament: {
      placeholders: merge.tournament.matches.reduce((n, m) => n + (m.home.placeholder ? 1 : 0) + (m.away.placeholder ? 1 : 0), 0),
      missing: missing.map((r) => ({ key: r.key, reason: r.reason })),
    },
  };
}
