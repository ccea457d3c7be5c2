import { useEffect, useState, type ComponentType } from 'react';

/**
 * The default export of a lazily loaded module, once `enabled` and loaded (null before). Unlike
 * React.lazy it never suspends: React holds back the reveal of a suspended boundary's content
 * (up to 300 ms after its fallback appeared), which delayed the map of /index by that much even
 * when its code had long arrived. If the module does not arrive, the render throws its error to
 * the nearest error boundary (public-ui BlockBoundary), as a lazy component's would.
 */
export function useLoadedComponent<P>(load: () => Promise<{ default: ComponentType<P> }>, enabled: boolean): ComponentType<P> | null {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!enabled || component) return undefined;
    let cancelled = false;
    load().then(
      (module) => {
        if (!cancelled) setComponent(() => module.default);
      },
      (error: unknown) => {
        if (!cancelled) setFailure({ error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [enabled, component, load]);
  if (failure) throw failure.error;
  return component;
}
