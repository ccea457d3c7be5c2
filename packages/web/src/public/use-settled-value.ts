import { useQueryClient, type FetchQueryOptions } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { SHOWN_IN_PLACE } from '../lib/query-client';

export interface Settled<V> {
  /** The value to render with: the one asked for once its data is there, until then the last shown. */
  shown: V;
  /** The value asked for is loading (the shown one stays on screen meanwhile). */
  pending: boolean;
  /** Why the value asked for could not be loaded; the shown one stays. */
  error: unknown;
  /** Asks for the failed value's data again. */
  retry: () => void;
}

// Any query's options: each page asks for its own row types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyQuery = FetchQueryOptions<any, any, any, any, never>;

/**
 * For a page whose list follows the visitor's choices (filters, page, 加载更多): what to show while
 * the next list loads and when it cannot. Like `useDeferredValue`, the list on screen stays until
 * the next one is there; unlike it, a list that fails to load does not take the page down to the
 * route's error page (its render suspended and then threw): the page keeps the visitor's choices,
 * the list says why and offers 重试 (`error`, `retry`). `queriesOf` names the queries a value's
 * render reads; on the first render (the page's own load, server-rendered) they are read as
 * before, so a page that cannot load at all still shows the route's error page.
 */
export function useSettledValue<V>(value: V, queriesOf: (value: V) => readonly AnyQuery[]): Settled<V> {
  const client = useQueryClient();
  const [settled, setSettled] = useState(value);
  const [failure, setFailure] = useState<{ value: V; error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const queriesRef = useRef(queriesOf);
  queriesRef.current = queriesOf;
  const ready = Object.is(value, settled) || queriesOf(value).every((q) => client.getQueryData(q.queryKey) !== undefined);
  const shown = ready ? value : settled;

  // What is shown now is what stays when the next value is asked for.
  useEffect(() => {
    if (ready) setSettled(value);
  }, [ready, value]);

  useEffect(() => {
    if (ready) return;
    let live = true;
    // The list says why in its own place: no toast as well.
    Promise.all(queriesRef.current(value).map((q) => client.fetchQuery({ ...q, meta: { ...q.meta, ...SHOWN_IN_PLACE } }))).then(
      () => {
        if (!live) return;
        setFailure(null);
        setSettled(value);
      },
      (error: unknown) => {
        if (live) setFailure({ value, error });
      },
    );
    return () => {
      live = false;
    };
  }, [ready, value, attempt, client]);

  const error = failure && Object.is(failure.value, value) ? failure.error : null;
  return {
    shown,
    pending: !ready && !error,
    error,
    retry: () => {
      setFailure(null);
      setAttempt((n) => n + 1);
    },
  };
}
