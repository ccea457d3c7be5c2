import type { DehydratedState } from '@tanstack/react-query';
import type { PageAssets } from './Document';

/** What the server embeds in a page for the browser to hydrate with. */
export interface EmbeddedData {
  origin: string;
  assets: PageAssets;
  /** The query cache the server rendered with (TanStack Query dehydrate). */
  queries: DehydratedState;
  /** Loader data of the matched routes (react-router hydration). */
  loaderData: Record<string, unknown>;
}
