import { useState } from 'react';

/**
 * A list's page that belongs to its search: a page chosen stays while the search is the one it
 * was chosen for, and a new search starts at page 1. No effect resets it, so a search landing
 * late (debounced) cannot undo a page the fan chose meanwhile.
 */
export function useSearchPage(search: string): [page: number, setPage: (page: number) => void] {
  const [chosen, setChosen] = useState({ search, page: 1 });
  const page = chosen.search === search ? chosen.page : 1;
  return [page, (next: number) => setChosen({ search, page: next })];
}
