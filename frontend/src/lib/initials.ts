/** Up to two capital letters from a person's name ('Ada Lovelace' → 'AL', 'gooner7' → 'GO'). */
export function initialsOf(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const letters = parts.length === 1 ? parts[0].slice(0, 2) : `${parts[0][0]}${parts[parts.length - 1][0]}`;
  return letters.toUpperCase();
}

/** Affixes that say "club" rather than which club: left out of the initials. */
const AFFIXES = new Set([
  'FC', 'AFC', 'CF', 'SC', 'AC', 'SV', 'VFB', 'VFL', 'TSG', 'SSC', 'US', 'AS', 'RC', 'CD', 'UD', 'SD', 'RCD', 'CA',
  'FK', 'SK', 'BK', 'IF', 'KV', 'KRC', 'OGC', 'SCO', 'ACF', 'SS', 'FSV', 'SPVGG', 'BSC', 'CP', 'SL', 'SAD', 'DE', 'DEL',
  'DI', 'LA', 'LE', 'OF', 'THE', 'Y', '&',
]);

/**
 * A short badge text for a club without a logo: a 2–4 letter short name when the server gives
 * one, else the initials of its significant words ('Manchester United FC' → 'MU',
 * 'Paris Saint-Germain FC' → 'PSG'), else its first three letters ('Arsenal FC' → 'ARS').
 */
export function clubInitials(name: string | null | undefined, shortName?: string | null): string {
  const short = shortName?.trim();
  if (short && short.length >= 2 && short.length <= 4 && !/\s/.test(short)) return short.toUpperCase();
  if (!name) return '?';
  const words = name
    .split(/[\s\-/]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w.length > 0 && !/^\d+$/.test(w) && !AFFIXES.has(w.toUpperCase()));
  if (words.length === 0) return name.replace(/[^\p{L}\p{N}]/gu, '').slice(0, 3).toUpperCase() || '?';
  if (words.length === 1) return words[0].slice(0, 3).toUpperCase();
  return words
    .slice(0, 3)
    .map((w) => w[0])
    .join('')
    .toUpperCase();
}

/** A stable hue for a club name, so its badge keeps its colour everywhere. */
export function clubHue(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % 360;
}
