import type { ReactNode } from 'react';
import { useState } from 'react';
import { useOutlet } from 'react-router';

interface KeepAliveOutletProps {
  /**
   * Cache key of the current page when it is to be kept alive (e.g. its pathname), or null
   * for an ordinary page.
   */
  activeKey: string | null;
}

/**
 * An <Outlet> that keeps visited keep-alive pages mounted and only hides the inactive ones,
 * so a map page keeps its view, layers and scroll position while the visitor looks elsewhere.
 */
export function KeepAliveOutlet({ activeKey }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const [cache, setCache] = useState<ReadonlyMap<string, ReactNode>>(() => new Map());

  // Adding to the cache during render (not in an effect) avoids a frame without the page.
  if (activeKey !== null && outlet && !cache.has(activeKey)) {
    setCache(new Map(cache).set(activeKey, outlet));
  }

  return (
    <>
      {[...cache].map(([key, element]) => (
        <div key={key} style={key === activeKey ? undefined : { display: 'none' }} data-keep-alive={key}>
          {element}
        </div>
      ))}
      {activeKey === null && outlet}
    </>
  );
}
