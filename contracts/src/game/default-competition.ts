/**
 * The competition a fan's request is about when it names none (issue 34's resolver,
 * docs/competitions.md): their current competition while they still play it and it is active;
 * else the first competition they play that is active (`played` in the order they started); else
 * the first active one. With one active competition every branch lands on it. The server answers
 * by this rule and the screens name the same competition by it, so they never disagree.
 */
export function defaultCompetition(active: readonly string[], fan: { current: string | null; played: readonly string[] }): string | null {
  const isActive = (code: string | null): code is string => code !== null && active.includes(code);
  if (isActive(fan.current) && fan.played.includes(fan.current)) return fan.current;
  return fan.played.find(isActive) ?? active[0] ?? null;
}
