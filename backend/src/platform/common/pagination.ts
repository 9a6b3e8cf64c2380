import type { Paging } from '@scoreline/contracts/api/leagues';

/** How many pages `total` rows fill at `pageSize` a page: at least one, an empty list is one empty page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Rows to skip before page `page` (1-based). */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** The paging fields of a list answer: page `page` of `pageSize` rows, `total` rows in all. */
export function paging(page: number, pageSize: number, total: number): Paging {
  const totalPages = pageCount(total, pageSize);
  return { page, page_size: pageSize, total_count: total, total_pages: totalPages, has_next: page < totalPages, has_previous: page > 1 };
}
