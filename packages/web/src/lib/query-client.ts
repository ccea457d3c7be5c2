import { MutationCache, QueryCache, QueryClient, type QueryMeta } from '@tanstack/react-query';
import { keepQuiet, showError } from './request';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** A failed first load shows where its data would be (LoadFailed, a list's own error and 重试). */
      shownInPlace?: boolean;
    };
    mutationMeta: {
      /** The mutation shows its own errors (e.g. on form fields); skip the central toast. */
      ownErrors?: boolean;
    };
  }
}

/** For a query whose failed first load is shown in place: `useQuery({ ...options, meta: SHOWN_IN_PLACE })`. */
export const SHOWN_IN_PLACE = { shownInPlace: true } as const;

/**
 * Whether a failed query is already shown to the user where its data would be: one with no data
 * yet that says so in place (SHOWN_IN_PLACE), or a suspense query, whose error goes to its
 * boundary (a route's error page, a BlockBoundary) exactly when it has no data. A toast as well
 * would say it twice; a failed refresh of data still on screen is toasted, as nothing else says it.
 */
export function shownInPlace(query: { state: { data: unknown }; meta: QueryMeta | undefined; options: object }): boolean {
  if (query.state.data !== undefined) return false;
  // useSuspenseQuery puts `suspense: true` into the options it builds the query with.
  return query.meta?.shownInPlace === true || (query.options as { suspense?: boolean }).suspense === true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (shownInPlace(query)) keepQuiet(error);
        else showError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.ownErrors) showError(error);
      },
    }),
    defaultOptions: {
      // A failed call has already been reported to the user; repeating it would repeat the toast.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
