import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { showError } from './request';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The mutation shows its own errors (e.g. on form fields); skip the central toast. */
      ownErrors?: boolean;
    };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: showError }),
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
