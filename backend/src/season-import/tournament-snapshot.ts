/**
 * A newer snapshot of a tournament file against what is stored: what changes (new matches,
 * placeholders that became teams, kick-offs moved, results arrived or corrected), and what is
 * refused because a feed of one tournament cannot do it. Pure: the caller stores the result.
 *
 * The stored version of a refused match is kept whole, so nothing half-changed is stored.
 * Refused:
 * - a match gone from the snapshot (a match does not vanish; a cancelled one is voided by an operator);
 * - a match moved to another round or group, or its official number changed once given;
 * - a team slot that named a real team and now names another team or a placeholder: a slot once
 *   decided stays decided (in a knockout slot the team came from a result; a typo in the source is
 *   an operator's correction, not a feed's);
 * - a placeholder replaced by another placeholder ("W73" → "W74"): the bracket does not change;
 * - a placeholder filled with a team that does not fit it: "W73"/"L73" by other than the winner/
 *   loser of match 73 as the merged state has it (so a refused result refuses the slot it would
 *   fill), "1A"/"2A"/"3A/B/…" by a team that plays none of those groups' matches;
 * - a recorded result taken away.
 * Not checked here: whether "1A" is really group A's winner (that needs the group tables).
 */
import { placeholderGroups } from '@scoreline/contracts/game/placeholders';
import { matchWinner } from '@scoreline/contracts/game/knockout';
import { roundsOf, type NormalisedTournament, type TournamentMatch, type TournamentScore, type TournamentSide } from './tournament-json';

export type SnapshotChange =
  | { kind: 'matchAdded'; key: string }
  | { kind: 'teamDecided'; key: string; side: 'home' | 'away'; placeholder: string; team: string }
  | { kind: 'kickoffMoved'; key: string; from: Date; to: Date }
  | { kind: 'resultRecorded'; key: string; score: TournamentScore }
  | { kind: 'resultCorrected'; key: string; from: TournamentScore; to: TournamentScore }
  /** Scorers, minutes or flags changed; the goals' order within a minute is not a change. */
  | { kind: 'goalsCorrected'; key: string }
  /** Anything else: ground, official number, status (postponed), awarded, confirmed kick-off, tie. */
  | { kind: 'detailsChanged'; key: string; fields: string[] };

export interface SnapshotRefusal {
  key: string;
  reason: string;
}

export type SnapshotMerge =
  | { ok: true; tournament: NormalisedTournament; changes: SnapshotChange[]; refused: SnapshotRefusal[] }
  | { ok: false; reason: string };

const SIDES = ['home', 'away'] as const;

/** Nothing stored yet: the first snapshot merged into it adds every match. */
export function emptyTournament(name: string): NormalisedTournament {
  return { name, rounds: [], matches: [] };
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

// ---------------------------------------------------------------------------------------
// What a snapshot may not do to one match
// ---------------------------------------------------------------------------------------

function slotChangeProblem(before: TournamentSide, after: TournamentSide): string | null {
  if (before.name === after.name) return null;
  if (before.placeholder === null) return `a team once set stays: ${before.name} cannot become ${after.name}`;
  if (after.placeholder !== null) return `a placeholder stays until its team is known: ${before.name} cannot become ${after.name}`;
  return null;
}

/** The change of one stored match the snapshot makes, judged on the match alone; null when it may. */
export function matchChangeProblem(before: TournamentMatch, after: TournamentMatch): string | null {
  if (before.round !== after.round) return `the match cannot move from "${before.round}" to "${after.round}"`;
  if (before.group !== after.group) return `the match cannot move from ${before.group ?? 'no group'} to ${after.group ?? 'no group'}`;
  if (before.matchNumber !== null && before.matchNumber !== after.matchNumber) {
    return `the official match number ${before.matchNumber} cannot become ${after.matchNumber ?? 'none'}`;
  }
  for (const side of SIDES) {
    const problem = slotChangeProblem(before[side], after[side]);
    if (problem) return `${side}: ${problem}`;
  }
  if (before.score !== null && after.score === null) return `a recorded result (${before.score.ft.join('–')}) does not go away`;
  return null;
}

// ---------------------------------------------------------------------------------------
// Placeholders filled with the team they stand for
// ---------------------------------------------------------------------------------------

/** What the merged state tells about the teams that fill placeholders. */
interface MergedFacts {
  byNumber: ReadonlyMap<number, TournamentMatch>;
  /** Group letter → the real teams of its group matches. */
  teamsOfGroup: ReadonlyMap<string, ReadonlySet<string>>;
}

function factsOf(matches: Iterable<TournamentMatch>): MergedFacts {
  const byNumber = new Map<number, TournamentMatch>();
  const teamsOfGroup = new Map<string, Set<string>>();
  for (const m of matches) {
    if (m.matchNumber !== null) byNumber.set(m.matchNumber, m);
    const letter = m.group?.replace(/^Group /, '');
    if (letter === undefined) continue;
    const teams = teamsOfGroup.get(letter) ?? new Set<string>();
    for (const side of SIDES) if (m[side].placeholder === null) teams.add(m[side].name);
    teamsOfGroup.set(letter, teams);
  }
  return { byNumber, teamsOfGroup };
}

/** The team a finished match sent on as its winner or loser; null while it has none. */
function teamOutOf(m: TournamentMatch | undefined, outcome: 'winner' | 'loser'): string | null {
  if (!m?.score || m.tie !== null) return null;
  const winner = matchWinner(m.score);
  if (winner === null) return null;
  const side = outcome === 'winner' ? winner : winner === 'home' ? 'away' : 'home';
  return m[side].placeholder === null ? m[side].name : null;
}

/** A placeholder slot filled with a team: the team must be the one it stands for, as far as the merged state tells. */
export function filledSlotProblem(placeholder: TournamentSide, team: string, facts: MergedFacts): string | null {
  const p = placeholder.placeholder;
  if (p === null) return null;
  if (p.kind === 'matchWinner' || p.kind === 'matchLoser') {
    const outcome = p.kind === 'matchWinner' ? 'winner' : 'loser';
    const expected = teamOutOf(facts.byNumber.get(p.match), outcome);
    if (expected === team) return null;
    return `${placeholder.name} became ${team}, but match ${p.match} ${expected === null ? 'has no decided result yet' : `has ${expected} as its ${outcome}`}`;
  }
  const groups = placeholderGroups(p);
  if (groups.length === 0 || groups.some((g) => facts.teamsOfGroup.get(g)?.has(team))) return null;
  return `${placeholder.name} became ${team}, which plays in none of group${groups.length > 1 ? 's' : ''} ${groups.join('/')}`;
}

function filledSlotsProblem(before: TournamentMatch, after: TournamentMatch, facts: MergedFacts): string | null {
  for (const side of SIDES) {
    if (before[side].placeholder === null || after[side].placeholder !== null) continue;
    const problem = filledSlotProblem(before[side], after[side].name, facts);
    if (problem) return `${side}: ${problem}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// What changed
// ---------------------------------------------------------------------------------------

const DETAIL_FIELDS = ['ground', 'matchNumber', 'status', 'awarded', 'kickoffConfirmed', 'tie'] as const;

function resultChanges(key: string, before: TournamentMatch, after: TournamentMatch): SnapshotChange[] {
  if (after.score === null || sameJson(before.score, after.score)) {
    return before.score !== null && !sameJson(before.goals, after.goals) ? [{ kind: 'goalsCorrected', key }] : [];
  }
  if (before.score === null) return [{ kind: 'resultRecorded', key, score: after.score }];
  const corrected: SnapshotChange = { kind: 'resultCorrected', key, from: before.score, to: after.score };
  return sameJson(before.goals, after.goals) ? [corrected] : [corrected, { kind: 'goalsCorrected', key }];
}

/** Everything that differs between an accepted new version of a match and the stored one. */
export function matchChanges(before: TournamentMatch, after: TournamentMatch): SnapshotChange[] {
  const key = after.externalKey;
  const changes: SnapshotChange[] = [];
  for (const side of SIDES) {
    if (before[side].placeholder !== null && after[side].placeholder === null) {
      changes.push({ kind: 'teamDecided', key, side, placeholder: before[side].name, team: after[side].name });
    }
  }
  if (before.kickoffAt.getTime() !== after.kickoffAt.getTime()) changes.push({ kind: 'kickoffMoved', key, from: before.kickoffAt, to: after.kickoffAt });
  changes.push(...resultChanges(key, before, after));
  const fields = DETAIL_FIELDS.filter((f) => !sameJson(before[f], after[f]) && !(f === 'status' && before.score === null && after.score !== null));
  if (fields.length > 0) changes.push({ kind: 'detailsChanged', key, fields: [...fields] });
  return changes;
}

// ---------------------------------------------------------------------------------------
// The snapshot
// ---------------------------------------------------------------------------------------

/**
 * Merges a newer snapshot of the same tournament into the stored one (see the top of the file
 * for what is refused). The merged matches come in the snapshot's order, then any stored match
 * the snapshot lost (kept, and refused). Filled placeholders are checked against the merged
 * state until no more is refused, so a refused result also refuses the slot it would fill.
 */
export function mergeSnapshot(stored: NormalisedTournament, incoming: NormalisedTournament): SnapshotMerge {
  if (stored.matches.length > 0 && stored.name !== incoming.name) {
    return { ok: false, reason: `the snapshot is of "${incoming.name}", not of "${stored.name}"` };
  }
  const storedByKey = new Map(stored.matches.map((m) => [m.externalKey, m]));
  const merged = new Map<string, TournamentMatch>();
  const refused: SnapshotRefusal[] = [];
  const refuse = (key: string, reason: string) => {
    merged.set(key, storedByKey.get(key) as TournamentMatch);
    refused.push({ key, reason });
  };

  for (const after of incoming.matches) {
    const before = storedByKey.get(after.externalKey);
    const problem = before ? matchChangeProblem(before, after) : null;
    if (problem) refuse(after.externalKey, problem);
    else merged.set(after.externalKey, after);
  }
  refuseUnfitFills(storedByKey, merged, refuse);
  for (const [key, before] of storedByKey) {
    if (!merged.has(key)) {
      merged.set(key, before);
      refused.push({ key, reason: 'the snapshot no longer has this match' });
    }
  }

  const changes = [...merged.values()].flatMap((m) => {
    const before = storedByKey.get(m.externalKey);
    if (!before) return [{ kind: 'matchAdded', key: m.externalKey } as SnapshotChange];
    return before === m ? [] : matchChanges(before, m);
  });
  const matches = [...merged.values()];
  return { ok: true, tournament: { name: incoming.name, rounds: roundsOf(matches), matches }, changes, refused };
}

/** Refuses accepted versions whose filled placeholders do not fit, again and again until none is left (each pass refuses at least one, or stops). */
function refuseUnfitFills(storedByKey: ReadonlyMap<string, TournamentMatch>, merged: ReadonlyMap<string, TournamentMatch>, refuse: (key: string, reason: string) => void): void {
  for (;;) {
    const facts = factsOf(merged.values());
    const unfit = [...merged.values()].flatMap((after) => {
      const before = storedByKey.get(after.externalKey);
      const problem = before && before !== after ? filledSlotsProblem(before, after, facts) : null;
      return problem ? [{ key: after.externalKey, problem }] : [];
    });
    if (unfit.length === 0) return;
    for (const { key, problem } of unfit) refuse(key, problem);
  }
}
