import { useCallback } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';

/**
 * The address's query, for a page whose controls (filters, tabs, paging) live in it and whose
 * results follow it through `useDeferredValue`. A change is applied at once, not as the router's
 * default transition: in a transition React showed nothing new until the next results had
 * arrived, so a 片区 the visitor had just picked sprang back to the old one for the length of
 * the request and the dimmed "updating" state never appeared. Applied at once, the controls show
 * the choice and the deferred results stay on screen, dimmed, until the next ones are there.
 */
export function useAddressParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const set = useCallback<SetURLSearchParams>((next, options) => setParams(next, { flushSync: true, ...options }), [setParams]);
  return [params, set];
}
