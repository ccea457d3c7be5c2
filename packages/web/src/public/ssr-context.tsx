/**
 * What the server and the browser share about one rendered public page: the site's origin (for
 * absolute share-card addresses) and, on the server, the HTTP status a page asks for (a parcel
 * that is not published answers 404).
 */
import { createContext, useContext } from 'react';

export interface RenderContext {
  /** https://host, for og:url and og:image. */
  origin: string;
  /** Set during the server render by <NotFoundStatus/>; unused in the browser. */
  status: number;
}

const Ctx = createContext<RenderContext>({ origin: '', status: 200 });

export const RenderContextProvider = Ctx.Provider;

export function useRenderContext(): RenderContext {
  return useContext(Ctx);
}
