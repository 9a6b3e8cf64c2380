/**
 * Which active season a fan's request is about when it names no competition (issue 34's
 * resolver, docs/competitions.md): their current competition while they still play it
 * and it is active; else the first competition they play that is active; else the first active
 * season. With one active season every branch lands on it (the answer of before).
 */
export function seasonForFan<S extends { league_code: string }>(
  active: readonly S[],
  fan: { currentCompetition: string | null; playedCompetitions: readonly string[] },
): S | null {
  const of = (code: string | null) => (code === null ? undefined : active.find((s) => s.league_code === code));
  const played = fan.playedCompetitions;
  const current = played.includes(fan.currentCompetition ?? '') ? of(fan.currentCompetition) : undefined;
  return current ?? played.map(of).find((s) => s !== undefined) ?? active[0] ?? null;
}
