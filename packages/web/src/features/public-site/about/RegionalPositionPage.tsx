import { useSuspenseQueries } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { BlockBoundary } from '../../../public-ui';
import { PageHead } from '../../../public/head';
import { useMapWanted } from '../../../public/use-map-wanted';
import { districtOutlinesQuery, facilitiesQuery, settingsQuery } from '../../public-map/api';
import { placeColor } from '../../public-map/colors';
import { MapPreview } from '../../public-map/MapPreview';
import { NoData, PageBanner, Panel, Section } from '../ui';
import styles from './about.module.css';

const ParcelMiniMap = lazy(() => import('../../public-map/ParcelMiniMap'));
const MAP_HEIGHT = 520;

/** Kinds of place that make a location: transport first, then services. */
const KEY_TYPES = ['airport', 'railway', 'highwayExit', 'port', 'centre', 'metro', 'hospital', 'school', 'government', 'talentHousing'];

/** 区位优势 (regionalPosition): the zone's districts and the transport and services around them. */
export function RegionalPositionPage() {
  const [{ data: settings }, { data: outlines }, { data: facilities }] = useSuspenseQueries({ queries: [settingsQuery, districtOutlinesQuery, facilitiesQuery] });
  const groups = useMemo(() => facilities.filter((g) => KEY_TYPES.includes(g.type)).sort((a, b) => KEY_TYPES.indexOf(a.type) - KEY_TYPES.indexOf(b.type)), [facilities]);
  const places = useMemo(() => groups.flatMap((g) => g.list.map((f) => ({ id: f.id, name: f.name, type: f.type, lon: f.lon, lat: f.lat, note: g.label }))), [groups]);
  const shapes = useMemo(() => outlines.map((d) => ({ id: d.areacode, name: d.areaname, geometry: d.boundary, color: '#1677ff' })), [outlines]);
  // The map (OpenLayers) loads when its reserved box comes into view (on a phone, when asked
  // for); until then the box shows the districts and places drawn.
  const { ref: mapRef, load: mapWanted, ask: askMap } = useMapWanted<HTMLDivElement>();
  const previewPoints = useMemo(() => places.map((p) => ({ id: p.id, lon: p.lon, lat: p.lat, color: placeColor(p.type) })), [places]);
  const zone = settings?.siteName?.replace(/土地信息平台$/, '') || '开发区';
  const subtitle = `${zone}交通便捷、配套完善：机场、高铁、高速与港口一览。`;

  return (
    <div>
      <PageHead title="区位优势" description={`${subtitle}${groups.map((g) => `${g.label}${g.list.length}处`).join('、')}`} />
      <PageBanner title="区位优势" crumbs={[{ title: '区位优势' }]} subtitle={subtitle} />
      <div className={styles.mapColumns}>
        <Section title="区位图">
          <div ref={mapRef} className={styles.mapBox} data-testid="regional-map-box">
            {mapWanted ? (
              <BlockBoundary label="地图">
                <Suspense fallback={<MapPreview shapes={shapes} points={previewPoints} label="区位示意图" asked />}>
                  <ParcelMiniMap shapes={shapes} places={places} height={MAP_HEIGHT} districts={false} />
                </Suspense>
              </BlockBoundary>
            ) : (
              <MapPreview shapes={shapes} points={previewPoints} label="区位示意图：各片区与交通、配套位置" onAsk={askMap} fillOpacity={0.12} />
            )}
          </div>
        </Section>
        <div>
          <Section title="交通与配套">
            {groups.length === 0 ? (
              <NoData text="暂无配套设施信息" />
            ) : (
              <div className={styles.placeGroups}>
                {groups.map((g) => (
                  <div key={g.type} className={styles.placeGroup}>
                    <h3>
                      <span className={styles.dot} style={{ background: placeColor(g.type) }} />
                      {g.label}（{g.list.length}）
                    </h3>
                    <ul>
                      {g.list.slice(0, 6).map((f) => (
                        <li key={f.id}>
                          {f.name}
                          {f.address ? <span className={styles.placeAddress}> · {f.address}</span> : null}
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            )}
          </Section>
          <Panel>
            <p className={styles.lead} style={{ margin: 0 }}>
              {settings?.contactAddress ? `管理机构地址：${settings.contactAddress}。` : ''}
              各片区到机场、高铁站、高速出口、港口的距离与车程，可在每个地块的详情页“区位与周边”中查看。
            </p>
          </Panel>
        </div>
      </div>
    </div>
  );
}
