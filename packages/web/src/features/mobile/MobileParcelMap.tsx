/**
 * The mobile index's map: the published parcels of the current filters on the zone's outlines.
 * OpenLayers' default interactions handle touch (one finger pans, two pinch-zoom, double tap
 * zooms in); nothing here sets touch-action or stops pointer events over the map. Loaded lazily,
 * so OpenLayers arrives with the map and not with the list.
 */
import { useQuery } from '@tanstack/react-query';
import { transformExtent } from 'ol/proj';
import { useEffect, useRef } from 'react';
import { districtOutlinesQuery, useSiteSettings, type Parcel } from '../public-map/api';
import { text } from '../public-map/format';
import { outlineLayer } from '../public-map/ol/base';
import { ParcelLayers } from '../public-map/ol/parcelLayers';
import { ResultMarkers } from '../public-map/ol/resultMarkers';
import { ParcelTileLayer, parcelFromTile, tileMetaQuery } from '../public-map/ol/tiles';
import { useOlMap } from '../public-map/ol/useOlMap';
import styles from './mobile.module.css';

interface MobileParcelMapProps {
  parcels: Parcel[];
  /** Above the tile threshold: every parcel from the server's tiles, `parcels` pinned over them when `filtered`. */
  tiled: boolean;
  /** A filter narrows the list (with tiles its parcels are then pinned on the map and framed). */
  filtered: boolean;
  selectedId: string | null;
  /** A parcel of `parcels` by id, one tapped on a tile, or none. */
  onSelect: (picked: string | Parcel | null) => void;
}

export default function MobileParcelMap({ parcels, tiled, filtered, selectedId, onSelect }: MobileParcelMapProps) {
  const settings = useSiteSettings().data;
  const outlines = useQuery(districtOutlinesQuery).data;
  const tileMeta = useQuery({ ...tileMetaQuery('public'), enabled: tiled }).data;
  const { ref, map } = useOlMap({ settings });
  const layersRef = useRef<ParcelLayers | null>(null);
  const tilesRef = useRef<ParcelTileLayer | null>(null);
  const markersRef = useRef<ResultMarkers | null>(null);
  /** The pinned parcels last framed (their ids), '' for none. */
  const framedPins = useRef('');
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    if (!map) return;
    const layers = new ParcelLayers(map);
    layersRef.current = layers;
    const onClick = (evt: { pixel: number[] }) => {
      const pinned = markersRef.current?.idAt(evt.pixel);
      if (pinned) {
        onSelectRef.current(pinned);
        return;
      }
      const tiles = tilesRef.current;
      if (tiles) {
        const hit = tiles.hit(evt.pixel);
        if (hit && 'parcel' in hit) onSelectRef.current(parcelFromTile(hit.parcel));
        else if (hit) map.getView().animate({ center: hit.group, zoom: Math.min(16, (map.getView().getZoom() ?? 12) + 2), duration: 300 });
        else onSelectRef.current(null);
        return;
      }
      const cluster = layers.clusterExtentAt(evt.pixel);
      if (cluster) {
        map.getView().fit(cluster, { padding: [48, 48, 48, 48], maxZoom: 16, duration: 300 });
        return;
      }
      onSelectRef.current(layers.parcelAt(evt.pixel));
    };
    map.on('singleclick', onClick);
    return () => {
      map.un('singleclick', onClick);
      layers.dispose();
      layersRef.current = null;
    };
  }, [map]);

  useEffect(() => {
    if (!map || !outlines?.length) return;
    const layer = outlineLayer(outlines.map((d) => ({ id: d.id, name: d.areaname, geometry: d.boundary })));
    map.addLayer(layer);
    return () => {
      map.removeLayer(layer);
    };
  }, [map, outlines]);

  // Above the threshold the parcels come as tiles: framed once, as on the map search.
  useEffect(() => {
    if (!map || !tiled) return;
    const layer = new ParcelTileLayer(map);
    tilesRef.current = layer;
    const markers = new ResultMarkers(map);
    markersRef.current = markers;
    return () => {
      layer.dispose();
      markers.dispose();
      tilesRef.current = null;
      markersRef.current = null;
      framedPins.current = '';
    };
  }, [map, tiled]);
  useEffect(() => {
    const box = tileMeta?.parcelExtent;
    if (!map || !tiled || !box || framedPins.current) return;
    map.getView().fit(transformExtent(box, 'EPSG:4326', 'EPSG:3857'), { padding: [24, 24, 24, 24], maxZoom: 16, duration: 0 });
  }, [map, tiled, tileMeta]);
  // With tiles a filtered list's parcels are pinned over them, and a new set of them is framed.
  useEffect(() => {
    const markers = markersRef.current;
    if (!map || !tiled || !markers) return;
    markers.set(filtered ? parcels : []);
    map.getTargetElement()?.setAttribute('data-result-markers', String(markers.count()));
    const set = filtered ? parcels.map((p) => p.id).sort().join(',') : '';
    if (set === framedPins.current) return;
    framedPins.current = set;
    const pins = markers.extent();
    if (set && pins) map.getView().fit(pins, { padding: [32, 32, 32, 32], maxZoom: 16, duration: 0 });
  }, [map, tiled, filtered, parcels]);

  // New results: draw them and frame them (after the configured view has been applied). In a task
  // of its own: on a phone, reading the parcels and the map's first frame together were one long task.
  useEffect(() => {
    const layers = layersRef.current;
    if (!map || !layers || tiled) return;
    const task = setTimeout(() => {
      layers.setParcels(parcels.map((p) => ({ id: p.id, name: text(p.dkmc) || text(p.dkbh), dlcode: p.dlcode, tradeState: p.tradeState, geometry: p.geometry, centre: p.centre })));
      const extent = layers.fullExtent();
      if (extent && settings) map.getView().fit(extent, { padding: [24, 24, 24, 24], maxZoom: 16, duration: 0 });
    }, 0);
    return () => clearTimeout(task);
  }, [map, parcels, settings, tiled]);

  useEffect(() => {
    const layers = tilesRef.current ?? layersRef.current;
    layers?.setSelected(selectedId);
    layers?.setHover(selectedId);
    markersRef.current?.setSelected(selectedId);
  }, [selectedId, parcels, tiled]);

  return <div ref={ref} className={styles.map} data-testid="mobile-map" data-parcel-source={tiled ? 'tiles' : 'geojson'} />;
}
