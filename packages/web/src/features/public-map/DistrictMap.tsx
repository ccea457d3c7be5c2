/**
 * A district on the map: its outline and its published parcels coloured by land class; clicking
 * a parcel opens it. Loaded lazily by the district page.
 */
import { useQuery } from '@tanstack/react-query';
import { Spin } from '../../public-ui';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { mapParcelsQuery, useSiteSettings } from './api';
import { landClassLegend } from './colors';
import { parcelDetailPath } from './format';
import { outlineLayer } from './ol/base';
import { ParcelLayers } from './ol/parcelLayers';
import { setCursor, useOlMap } from './ol/useOlMap';

export default function DistrictMap({ areacode, name, boundary, height = 420 }: { areacode: string; name: string; boundary: unknown; height?: number }) {
  const settings = useSiteSettings().data;
  const parcels = useQuery(mapParcelsQuery({ areacode }));
  const { ref, map } = useOlMap({ settings, inPage: true });
  const layersRef = useRef<ParcelLayers | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!map) return;
    const outline = outlineLayer([{ id: areacode, name, geometry: boundary }], { labels: false });
    map.addLayer(outline);
    const layers = new ParcelLayers(map, { clusterBelowZoom: 12 });
    layersRef.current = layers;
    const onMove = (evt: { pixel: number[]; dragging: boolean }) => {
      if (evt.dragging) return;
      const id = layers.parcelAt(evt.pixel);
      layers.setHover(id);
      setCursor(map, id ? 'pointer' : '');
    };
    const onClick = (evt: { pixel: number[] }) => {
      const id = layers.parcelAt(evt.pixel);
      if (id) navigate(parcelDetailPath(id, parcels.data?.find((p) => p.id === id)?.tradeState));
    };
    map.on('pointermove', onMove);
    map.on('singleclick', onClick);
    return () => {
      map.un('pointermove', onMove);
      map.un('singleclick', onClick);
      layers.dispose();
      map.removeLayer(outline);
      layersRef.current = null;
    };
  }, [map, areacode, name, boundary, navigate, parcels.data]);

  useEffect(() => {
    const layers = layersRef.current;
    if (!layers || !map || !settings) return;
    const list = parcels.data ?? [];
    layers.setParcels(list.map((p) => ({ id: p.id, name: p.dkmc ?? '', dlcode: p.dlcode, tradeState: p.tradeState, geometry: p.geometry, centre: p.centre })));
    const outline = map.getLayers().getArray().find((l) => l.get('name') === 'districts');
    const source = outline && 'getSource' in outline ? (outline as unknown as { getSource(): { getExtent(): number[] } }).getSource() : null;
    const extent = source?.getExtent();
    const target = extent && Number.isFinite(extent[0]) ? extent : layers.fullExtent();
    if (target) map.getView().fit(target, { padding: [30, 30, 30, 30], duration: 0 });
  }, [parcels.data, map, settings]);

  const legend = landClassLegend((parcels.data ?? []).map((p) => p.dlcode));
  return (
    <div style={{ position: 'relative', height, borderRadius: 8, overflow: 'hidden', border: '1px solid #e8ecf1' }}>
      <div ref={ref} style={{ position: 'absolute', inset: 0, background: 'linear-gradient(180deg,#f4f6f0,#eef1ea)' }} data-testid="district-map" />
      {parcels.isPending && (
        <div style={{ position: 'absolute', top: 12, left: 12 }}>
          <Spin />
        </div>
      )}
      {legend.length > 0 && (
        <div style={{ position: 'absolute', left: 10, bottom: 30, padding: '6px 10px', background: 'rgba(255,255,255,.92)', borderRadius: 6, fontSize: 12, boxShadow: '0 1px 6px rgba(0,0,0,.12)' }}>
          {legend.map((l) => (
            <div key={l.key} style={{ display: 'flex', alignItems: 'center', gap: 6, lineHeight: '20px' }}>
              <span style={{ width: 12, height: 9, background: l.color, borderRadius: 2, opacity: 0.85 }} />
              {l.label}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
