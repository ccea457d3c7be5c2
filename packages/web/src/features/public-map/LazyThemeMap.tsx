/**
 * ThemeMap behind React.lazy: the thematic map pages (supply plan, stock land) render their list
 * and the map's legend first (on the server too); OpenLayers loads after hydration, in the map's
 * reserved box.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ComponentProps } from 'react';
import type { ThemeMap as EagerThemeMap } from './ThemeMap';

const ThemeMapImpl = lazy(() => import('./ThemeMap').then((m) => ({ default: m.ThemeMap })));

/** The map's place, in the base map's plain colour, until OpenLayers has arrived. */
const PLACEHOLDER = { position: 'absolute', inset: 0, background: 'linear-gradient(180deg,#f4f6f0,#eef1ea)' } as const;

export function ThemeMap(props: ComponentProps<typeof EagerThemeMap>) {
  // The map needs the browser: the server and the hydration render show the placeholder.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const placeholder = <div style={PLACEHOLDER}>{props.children}</div>;
  if (!mounted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ThemeMapImpl {...props} />
    </Suspense>
  );
}
