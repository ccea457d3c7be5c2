/**
 * How the API client reaches the server. In the browser that is `fetch`; while the server renders
 * a public page (public/entry-server) it is the same public API called in-process with the
 * visitor's cookies and headers, so the HTML holds exactly what the API would return.
 */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

let current: ApiFetch | null = null;

/** Set once by the server entry; the browser keeps the global fetch. */
export function setApiFetch(next: ApiFetch): void {
  current = next;
}

export function apiFetch(url: string, init: RequestInit): Promise<Response> {
  return current ? current(url, init) : fetch(url, init);
}
