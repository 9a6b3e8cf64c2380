/**
 * Whether a league's member search reads the names first, with one plan kept for every search:
 * in a league holding at least half of all accounts (the global league, a big country's), a
 * name's matches among the members are about as many as among all accounts, so looking each
 * match's membership up is never far from the best plan. In a smaller league a short search can
 * match many more accounts than the league has members: there it is planned per request.
 */
export function searchesNamesFirst(members: number, accounts: number): boolean {
  return members > 0 && members * 2 >= accounts;
}
