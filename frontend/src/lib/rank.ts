/** Rank colours: 1 gold, 2 silver, 3 bronze, up to 10 primary, others white (the page text colour). */
export function rankTextClass(rank: number | null | undefined): string {
  if (!rank || rank < 1) return 'text-muted';
  if (rank === 1) return 'text-yellow-400 light:text-yellow-800';
  if (rank === 2) return 'text-slate-300 light:text-slate-600';
  if (rank === 3) return 'text-orange-400 light:text-orange-800';
  if (rank <= 10) return 'text-accent';
  return 'text-fg';
}
