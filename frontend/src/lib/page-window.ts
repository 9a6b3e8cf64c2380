/** The page buttons to show: at most `size` (5, spec section 9) consecutive pages, the current one centred where the ends allow. */
export function pageWindow(current: number, totalPages: number, size = 5): number[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const count = Math.min(size, totalPages);
  let start = page - Math.floor((count - 1) / 2);
  start = Math.max(1, Math.min(start, totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}
