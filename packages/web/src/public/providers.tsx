import { HydrationBoundary, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';
import { ToastHost } from '../public-ui/Toast';
import type { EmbeddedData } from './data';
import { RenderContextProvider, type RenderContext } from './ssr-context';

/**
 * The public site's query cache: one per server render and one in the browser. Data the server
 * rendered with stays fresh for a minute, so hydrating makes no second call for it.
 */
export function createPublicQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, staleTime: 60_000 } });
  return client;
}

interface Props {
  queryClient: QueryClient;
  context: RenderContext;
  queries: EmbeddedData['queries'];
  children: ReactNode;
}

export function PublicProviders({ queryClient, context, queries, children }: Props) {
  return (
    <RenderContextProvider value={context}>
      <QueryClientProvider client={queryClient}>
        <HydrationBoundary state={queries}>{children}</HydrationBoundary>
        <ToastHost />
      </QueryClientProvider>
    </RenderContextProvider>
  );
}
