import { useQueryClient, type Query, type QueryClient, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { useStore } from 'jotai';
import { useEffect } from 'react';
import type { Competition } from '@scoreline/contracts/api/competitions';
import { competitionsQueryKey } from '@/lib/api/get-competitions';
import { competitionChoiceAtom } from './competition-choice.atom';
import { carriesDefaultAnswers } from './competition-choice';

const DEFAULT_ANSWER = 'answersForDefaultCompetition';

interface DefaultAnswer {
  /** The season an answer says it is for, when it says (null or undefined: it does not). */
  seasonOf?: (data: never) => number | null | undefined;
}

/**
 * `meta` of a per-competition query (its key ends with the competition) whose request naming
 * none answers for the server's default competition: a fresh device's answer under the null key
 * is carried to the competition's key once that is named (carryDefaultAnswers), not asked again.
 * Not for the league lists, which answer every competition when none is named.
 */
export function defaultCompetitionAnswerMeta<T>(seasonOf?: (data: T) => number | null | undefined) {
  return { [DEFAULT_ANSWER]: { seasonOf } as DefaultAnswer };
}

function defaultAnswerOf(query: Query): DefaultAnswer | undefined {
  return query.meta?.[DEFAULT_ANSWER] as DefaultAnswer | undefined;
}

/** Whether an answer is for the competition's season, as far as it says (a list unknown: no say). */
function forSeason(entry: DefaultAnswer, data: unknown, competition: Competition | undefined): boolean {
  const season = entry.seasonOf?.(data as never);
  return season == null || competition === undefined || season === competition.season.id;
}

/**
 * The answers asked naming no competition (under null keys) stand under `code`'s keys, their
 * time kept (so they go stale when they would have): the screens, now keyed by `code`, do not
 * ask again. One still on its way is followed, not asked twice. When any answer says it is for
 * another season (the server answered for another competition), none is carried: the screens ask.
 */
export function carryDefaultAnswers(queryClient: QueryClient, code: string, competitions: readonly Competition[] | undefined): void {
  const competition = competitions?.find((c) => c.code === code);
  const early = queryClient
    .getQueryCache()
    .findAll({ predicate: (q) => q.queryKey.at(-1) === null && defaultAnswerOf(q) !== undefined })
    .map((query) => ({ query, entry: defaultAnswerOf(query)!, key: [...query.queryKey.slice(0, -1), code] as QueryKey }))
    .filter(({ key }) => queryClient.getQueryState(key)?.data === undefined && queryClient.getQueryState(key)?.fetchStatus !== 'fetching');
  if (early.some(({ query, entry }) => query.state.data !== undefined && !forSeason(entry, query.state.data, competition))) return;

  // Answers still on their way are followed, not asked twice; carried only if none of them says
  // it is for another season either (all or none, as above).
  const onTheirWay = early.filter(({ query }) => query.state.data === undefined && query.state.fetchStatus === 'fetching' && query.promise);
  const allTheirs = Promise.all(
    onTheirWay.map(({ query, entry }) => query.promise!.then((data) => forSeason(entry, data, competition), () => true)),
  ).then((each) => each.every(Boolean));

  for (const { query, key } of early) {
    if (query.state.data !== undefined && query.state.status === 'success') {
      queryClient.setQueryData(key, query.state.data, { updatedAt: query.state.dataUpdatedAt });
    } else if (onTheirWay.some((way) => way.query === query)) {
      const onItsWay = query.promise!;
      const follow = (context: QueryFunctionContext): Promise<unknown> =>
        allTheirs.then((carried) => (carried ? onItsWay.catch(() => askItself(context)) : askItself(context)));
      // The key's own request (its observer's, once it mounts) if the answer fails or is another season's.
      const askItself = (context: QueryFunctionContext) => {
        const own = queryClient.getQueryCache().find({ queryKey: key, exact: true })?.options.queryFn;
        if (typeof own !== 'function' || own === follow) throw new Error('No request for this competition.');
        return own(context);
      };
      void queryClient.prefetchQuery({ queryKey: key, queryFn: follow });
    }
  }
}

/**
 * Mounted once, by AppProvider (before any answer can arrive). On a fresh device the first screens
 * ask naming no competition (the server's default, shown as soon as it answers) under null keys;
 * when the preferences and the list then name the competition, its keys take those answers if
 * they are its own (carriesDefaultAnswers) instead of asking again. Done as the choice changes (a
 * store subscription), before the screens render under the new keys.
 */
export function useCarryDefaultAnswers(): void {
  const store = useStore();
  const queryClient = useQueryClient();
  useEffect(() => {
    let before = store.get(competitionChoiceAtom);
    return store.sub(competitionChoiceAtom, () => {
      const after = store.get(competitionChoiceAtom);
      const competitions = queryClient.getQueryData<Competition[]>(competitionsQueryKey);
      if (after.chosen !== null && carriesDefaultAnswers(before, after, competitions)) carryDefaultAnswers(queryClient, after.chosen, competitions);
      before = after;
    });
  }, [store, queryClient]);
}
