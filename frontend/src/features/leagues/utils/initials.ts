/** Up to two capital letters from a name ('Ada Lovelace' → 'AL', 'gooner7' → 'GO'). */
export function initialsOf(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const letters = parts.length === 1 ? parts[0].slice(0, 2) : `${parts[0][0]}${parts[parts.length - 1][0]}`;
  return letters.toUpperCase();
}

/** 'Manchester United' → 'MU', 'Arsenal' → 'ARS': a club badge when there is no logo. */
export function clubInitials(name: string | null | undefined): string {
  const words = (name ?? '')
    .split(/[\s\-/]+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((w) => w.length > 0 && !['FC', 'AFC', 'CF', 'SC', 'AC'].includes(w.toUpperCase()));
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0].slice(0, 3).toUpperCase();
  return words
    .slice(0, 3)
    .map((w) => w[0])
    .join('')
    .toUpperCase();
}
