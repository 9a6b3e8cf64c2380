/**
 * Placeholders: how a tournament file names a team that is not known yet ("1A", "W73", …).
 * Shared by the importer (a placeholder slot is not a team) and the screens (shown as such).
 */

export type Placeholder =
  /** "1A": the winner of group A. */
  | { kind: 'groupWinner'; group: string }
  /** "2B": the runner-up of group B. */
  | { kind: 'groupRunnerUp'; group: string }
  /** "3C/E/F/H/I": one of the best third-placed teams, from one of these groups. */
  | { kind: 'thirdPlaced'; groups: string[] }
  /** "W73": the winner of match 73 (the official match number, `num` in the file). */
  | { kind: 'matchWinner'; match: number }
  /** "L101": the loser of match 101. */
  | { kind: 'matchLoser'; match: number }
  /**
   * "UEFA Path A winner", "IC Path 2 winner": the winner of a qualifying play-off path (UEFA's
   * paths A–D, the intercontinental "IC" paths 1–2), written in group slots until March 2026.
   */
  | { kind: 'qualifierWinner'; playoff: string; path: string };

const GROUP_PLACE_RE = /^([12])([A-Z])$/;
const THIRD_PLACED_RE = /^3([A-Z](?:\/[A-Z])*)$/;
const MATCH_RESULT_RE = /^([WL])([1-9]\d{0,2})$/;
const QUALIFIER_RE = /^([A-Z]{2,10}) Path ([A-Z0-9]{1,3}) winner$/;

/** "3C/E/F/H/I" → ["C", "E", "F", "H", "I"], or null when a group is repeated. */
function thirdPlacedGroups(list: string): string[] | null {
  const groups = list.split('/');
  return new Set(groups).size === groups.length ? groups : null;
}

/** The placeholder a team slot holds, or null for a real team's name (or anything else). */
export function parsePlaceholder(text: string): Placeholder | null {
  const place = GROUP_PLACE_RE.exec(text);
  if (place) return place[1] === '1' ? { kind: 'groupWinner', group: place[2] } : { kind: 'groupRunnerUp', group: place[2] };
  const third = THIRD_PLACED_RE.exec(text);
  if (third) {
    const groups = thirdPlacedGroups(third[1]);
    return groups ? { kind: 'thirdPlaced', groups } : null;
  }
  const result = MATCH_RESULT_RE.exec(text);
  if (result) return { kind: result[1] === 'W' ? 'matchWinner' : 'matchLoser', match: Number(result[2]) };
  const qualifier = QUALIFIER_RE.exec(text);
  if (qualifier) return { kind: 'qualifierWinner', playoff: qualifier[1], path: qualifier[2] };
  return null;
}

export function isPlaceholder(text: string): boolean {
  return parsePlaceholder(text) !== null;
}

/** The text the file writes for a placeholder (parsePlaceholder's inverse). */
export function formatPlaceholder(p: Placeholder): string {
  switch (p.kind) {
    case 'groupWinner':
      return `1${p.group}`;
    case 'groupRunnerUp':
      return `2${p.group}`;
    case 'thirdPlaced':
      return `3${p.groups.join('/')}`;
    case 'matchWinner':
      return `W${p.match}`;
    case 'matchLoser':
      return `L${p.match}`;
    case 'qualifierWinner':
      return `${p.playoff} Path ${p.path} winner`;
  }
}

/** The group letters a placeholder depends on ("1A" → ["A"]); empty for the other kinds. */
export function placeholderGroups(p: Placeholder): string[] {
  if (p.kind === 'groupWinner' || p.kind === 'groupRunnerUp') return [p.group];
  return p.kind === 'thirdPlaced' ? p.groups : [];
}
