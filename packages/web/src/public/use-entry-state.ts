import { useState, useSyncExternalStore, type Dispatch, type SetStateAction } from 'react';
import { useLocation, useNavigate } from 'react-router';

const subscribeNothing = () => () => {};

/**
 * A list's filter, tab and page kept with this history entry (not in the address): Back from a
 * record opened from the list finds the list as it was left. The server has no history, so the
 * first render after a reload starts from `initial` as the server's did, and the kept value
 * follows at once after hydration; a page reached in the browser starts from it.
 */
export function useEntryState<T>(key: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const location = useLocation();
  const navigate = useNavigate();
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
    const state = { ...((location.state as Record<string, unknown> | null) ?? {}), [key]: resolved };
    void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state, preventScrollReset: true });
  };
  return [value, set];
}
