/**
 * ThemeMap behind React.lazy: the thematic map pages (supply plan, stock land) render their list
 * and the map's legend first (on the server too); OpenLayers loads once the map's reserved box is
 * in view on a desktop; on a phone, where the map follows the list, when asked for (查看地图), so
 * the phone's first load stays within the public pages' script budget.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useMapWanted } from '../../public/use-map-wanted';
import { BlockBoundary, Button } from '../../public-ui';
import { EnvironmentOutlined } from '../../public-ui/icons/EnvironmentOutlined';
import styles from './MapSearchPage.module.css';
import type { ComponentProps } from 'react';
import type { ThemeMap as EagerThemeMap } from './ThemeMap';

const ThemeMapImpl = lazy(() => import('./ThemeMap').then((m) => ({ default: m.ThemeMap })));

/** The map's place, in the base map's plain colour, until OpenLayers has arrived. */
const PLACEHOLDER = { position: 'absolute', inset: 0, background: 'linear-gradient(180deg,#f4f6f0,#eef1ea)' } as const;

/** `asked`: the page asked for the map (a record picked in its list), as 查看地图 does. */
export function ThemeMap({ asked: pageAsked, ...props }: ComponentProps<typeof EagerThemeMap> & { asked?: boolean }) {
  // The map needs the browser: the server and the hydration render show the placeholder.
  const { ref, load, asked, ask } = useMapWanted<HTMLDivElement>('0px');
  useEffect(() => {
    if (pageAsked) ask();
  }, [pageAsked, ask]);
  const placeholder = (
    <div ref={ref} style={PLACEHOLDER}>
      {props.children}
      {!asked && (
        <Button kind="primary" icon={<EnvironmentOutlined />} className={styles.showMap} onClick={ask}>
          查看地图
        </Button>
      )}
    </div>
  );
  if (!load) return placeholder;
  return (
    <BlockBoundary label="地图">
      <Suspense fallback={placeholder}>
        <ThemeMapImpl {...props} />
      </Suspense>
    </BlockBoundary>
  );
}
