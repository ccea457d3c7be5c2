import { useState, useSyncExternalStore, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from 'react-router';

const subscribeNothing = () => () => {};

/**
 * A list's filter, tab and page kept with this history entry (not in the address): Back from a
 * record opened from the list finds the list as it was left. The server has no history, so the
 * first render after a reload starts from `initial` as the server's did, and the kept value
 * follows at once after hydration; a page reached in the browser starts from it.
 */
export function useEntryState<T>(key: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const location = useLocation();
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const kept = hydrated ? ((location.state as Record<string, unknown> | null)?.[key] as T | undefined) : undefined;
  const [own, setOwn] = useState<{ value: T } | null>(null);
  const value = own ? own.value : (kept ?? initial);
  const set: Dispatch<SetStateAction<T>> = (next) => {
    const resolved = typeof next === 'function' ? (next as (prev: T) => T)(value) : next;
    setOwn({ value: resolved });
    // Written into the entry's state as React Router keeps it (history.state.usr), without a
    // navigation: a page that also changes its address in the same step (a keyword in the query)
    // must not have that change replaced by this one. Back to this entry, the router reads it.
    const current = (window.history.state ?? {}) as { usr?: Record<string, unknown> | null };
    window.history.replaceState({ ...current, usr: { ...(current.usr ?? {}), [key]: resolved } }, '');
  };
  return [value, set];
}
