/**
 * The map of the map land search (MapSearchPage): OpenLayers, the parcel and tile layers, the
 * district outlines and the popup's overlay. Loaded lazily, so the filters and the result list
 * render before OpenLayers has arrived.
 */
import { useQuery } from '@tanstack/react-query';
import { containsExtent, type Extent } from 'ol/extent';
import Feature from 'ol/Feature';
import GeoJSON from 'ol/format/GeoJSON';
import type Polygon from 'ol/geom/Polygon';
import type Draw from 'ol/interaction/Draw';
import VectorLayer from 'ol/layer/Vector';
import Overlay from 'ol/Overlay';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';
import { transformExtent } from 'ol/proj';
import type { ReactNode, Ref } from 'react';
import { createPortal } from 'react-dom';
import { useCallback, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { districtOutlinesQuery, useSiteSettings, type Parcel } from './api';
import { outlineLayer, lonLat, readGeometry } from './ol/base';
import { ParcelLayers, type ColorMode } from './ol/parcelLayers';
import { setCursor, useOlMap } from './ol/useOlMap';
import { ResultMarkers } from './ol/resultMarkers';
import { ParcelTileLayer, parcelFromTile, tileMetaQuery } from './ol/tiles';

/** What the page asks of its map. */
export interface MapSearchMapHandle {
  /** Flies to a parcel, selects it and opens its popup. */
  locate(p: Parcel): void;
  /** Frames every parcel of the result. */
  fitAll(): void;
}

export interface MapSearchMapProps {
  ref?: Ref<MapSearchMapHandle>;
  className: string;
  /** Parcels from vector tiles (true), the result as GeoJSON (false), not known yet (undefined). */
  tiled: boolean | undefined;
  results: Parcel[];
  resultsReady: boolean;
  /** A filter or a drawn area narrows the search (with tiles its results are then pinned on the map). */
  filtered: boolean;
  colorMode: ColorMode;
  showDistricts: boolean;
  hoverId: string | null;
  selectedId: string | null;
  selected: Parcel | null | undefined;
  /** The selected parcel's popup; the map places it. */
  popup: ReactNode;
  onHover(id: string | null): void;
  onSelect(id: string | null): void;
  /** A parcel clicked on a tile (not in the list's page). */
  onTileHit(p: Parcel): void;
  /** A parcel of the list clicked on the map. */
  onPicked(id: string): void;
  /** The drawn search area (lon-lat GeoJSON Polygon), shown on the map; null for none. */
  area: SearchArea | null;
  /** Drawing a search area: clicks add vertices, a double click closes it. */
  drawing: boolean;
  onAreaDrawn(area: SearchArea): void;
}

/** A drawn search area, lon-lat. */
export interface SearchArea {
  type: 'Polygon';
  coordinates: number[][][];
}

const AREA_STYLE = new Style({ stroke: new Stroke({ color: '#fa541c', width: 2, lineDash: [6, 4] }), fill: new Fill({ color: 'rgba(250, 84, 28, 0.06)' }) });
const areaFormat = new GeoJSON({ dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' });
/** Lon-lat to 6 decimals (about 0.1 m): the server keeps at most 200 vertices, not their noise. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The parcel's centre in map coordinates. */
function centreOf(p: Parcel | null | undefined): number[] | undefined {
  const c = Array.isArray(p?.centre) ? p.centre : null;
  return (c && lonLat(c[0], c[1])) ?? undefined;
}

export default function MapSearchMap(props: MapSearchMapProps) {
  const { ref, className, tiled, results, resultsReady, filtered, colorMode, showDistricts, hoverId, selectedId, selected, popup, area, drawing } = props;
  const popupEl = useMemo(() => document.createElement('div'), []);
  const settings = useSiteSettings().data;
  const tileMeta = useQuery(tileMetaQuery('public'));
  const outlines = useQuery(districtOutlinesQuery).data;
  // The callbacks change with every render of the page; the map's listeners read the latest.
  const callbacks = useRef(props);
  useLayoutEffect(() => {
    callbacks.current = props;
  });

  const { ref: mapRef, map } = useOlMap({ settings, inPage: 'phone' });
  const layersRef = useRef<ParcelLayers | null>(null);
  const overlayRef = useRef<Overlay | null>(null);
  const fittedOnce = useRef(false);

  useEffect(() => {
    if (!map) return;
    const layers = new ParcelLayers(map);
    layersRef.current = layers;
    // The auto-pan margin keeps a popup clear of the map's toolbar (12 px from the top, 44 px tall):
    // with 40 a parcel near the top got its popup's first row under the toolbar.
    const overlay = new Overlay({ element: popupEl, positioning: 'bottom-center', offset: [0, -14], stopEvent: true, autoPan: { margin: 64 } });
    map.addOverlay(overlay);
    overlayRef.current = overlay;
    if (import.meta.env.DEV) (window as unknown as { __landMap?: unknown }).__landMap = map;
    return () => {
      layers.dispose();
      map.removeOverlay(overlay);
      layersRef.current = null;
      overlayRef.current = null;
    };
  }, [map, popupEl]);

  const tileLayerRef = useRef<ParcelTileLayer | null>(null);
  const markersRef = useRef<ResultMarkers | null>(null);
  /** The pinned result set last framed (its ids), '' for none. */
  const framedResults = useRef('');
  useEffect(() => {
    if (!map || !tiled) return;
    const layer = new ParcelTileLayer(map);
    tileLayerRef.current = layer;
    const markers = new ResultMarkers(map);
    markersRef.current = markers;
    // As with GeoJSON: the configured view wins when parcels are in it, else frame them all.
    const box = tileMeta.data?.parcelExtent;
    const size = map.getSize();
    if (box && size) {
      const [w, s, e, n] = transformExtent(box, 'EPSG:4326', 'EPSG:3857');
      const v = map.getView().calculateExtent(size);
      if (!(w < v[2] && e > v[0] && s < v[3] && n > v[1])) map.getView().fit([w, s, e, n], { padding: [48, 48, 48, 48], maxZoom: 17, duration: 0 });
    }
    return () => {
      layer.dispose();
      markers.dispose();
      tileLayerRef.current = null;
      markersRef.current = null;
      framedResults.current = '';
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- framed once, when the tile layer is made
  }, [map, tiled]);

  // District outlines: the base of the offline map.
  const districtLayerRef = useRef<VectorLayer | null>(null);
  useEffect(() => {
    if (!map) return;
    const layer = outlineLayer((outlines ?? []).map((d) => ({ id: d.id, name: d.areaname, geometry: d.boundary })));
    map.addLayer(layer);
    districtLayerRef.current = layer;
    return () => {
      map.removeLayer(layer);
      districtLayerRef.current = null;
    };
  }, [map, outlines]);
  useEffect(() => districtLayerRef.current?.setVisible(showDistricts), [showDistricts, outlines]);

  // The drawn search area, and the drawing of a new one.
  const areaSourceRef = useRef<VectorSource | null>(null);
  useEffect(() => {
    if (!map) return;
    const source = new VectorSource();
    const layer = new VectorLayer({ source, style: AREA_STYLE, zIndex: 20 });
    map.addLayer(layer);
    areaSourceRef.current = source;
    return () => {
      map.removeLayer(layer);
      areaSourceRef.current = null;
    };
  }, [map]);
  useEffect(() => {
    const source = areaSourceRef.current;
    if (!source) return;
    source.clear();
    const geometry = area ? readGeometry(area) : null;
    if (geometry) source.addFeature(new Feature(geometry));
  }, [area, map]);
  const drawingRef = useRef(false);
  // Set once the draw tool is on the map (its code loads on first use): clicks are vertices from then on.
  const [drawReady, setDrawReady] = useState(false);
  useEffect(() => {
    drawingRef.current = drawing;
    if (!map || !drawing) return;
    // The draw tool loads when first asked for, not with the map.
    let draw: Draw | null = null;
    let cancelled = false;
    void import('ol/interaction/Draw').then(({ default: DrawTool }) => {
      if (cancelled) return;
      draw = new DrawTool({ type: 'Polygon', style: AREA_STYLE });
      draw.on('drawend', (event) => {
        const g = areaFormat.writeGeometryObject(event.feature.getGeometry() as Polygon) as SearchArea;
        callbacks.current.onAreaDrawn({ type: 'Polygon', coordinates: g.coordinates.map((ring) => ring.map(([x, y]) => [round6(x), round6(y)])) });
      });
      map.addInteraction(draw);
      setDrawReady(true);
    });
    return () => {
      cancelled = true;
      setDrawReady(false);
      if (draw) map.removeInteraction(draw);
    };
  }, [map, drawing]);

  const fit = useCallback(
    (extent: Extent | null, duration = 400) => {
      if (!map || !extent) return;
      map.getView().cancelAnimations();
      map.getView().fit(extent, { padding: [48, 48, 48, 48], maxZoom: 17, duration });
    },
    [map],
  );

  // The parcels shown follow the filters; a new search frames its results.
  useEffect(() => {
    const layers = layersRef.current;
    if (!layers || !map) return;
    // With tiles the map already shows every parcel; the list's page is not drawn twice.
    layers.setParcels(tiled ? [] : results.map((p) => ({ id: p.id, name: p.dkmc ?? p.dkbh ?? '', dlcode: p.dlcode, tradeState: p.tradeState, geometry: p.geometry, centre: p.centre })));
    const markers = markersRef.current;
    if (tiled && markers) {
      // A filtered search's results are pinned over the tiles; a new set of them is framed (not a new order).
      markers.set(filtered && resultsReady ? results : []);
      map.getTargetElement()?.setAttribute('data-result-markers', String(markers.count()));
      const set = filtered && resultsReady ? results.map((p) => p.id).sort().join(',') : '';
      if (set === framedResults.current) return;
      framedResults.current = set;
      const pins = markers.extent();
      if (set && pins) {
        fit(pins, fittedOnce.current ? 400 : 0);
        // The map element says whether every pin is in view once the map has moved (tests read it).
        const target = map.getTargetElement();
        target?.removeAttribute('data-results-in-view');
        map.once('moveend', () => {
          const size = map.getSize();
          if (size) target?.setAttribute('data-results-in-view', containsExtent(map.getView().calculateExtent(size), pins) ? '1' : '0');
        });
      }
      fittedOnce.current = true;
      return;
    }
    if (tiled || !resultsReady || results.length === 0) return;
    // The map element says when parcels are first on screen (tests and the browser bench wait for it).
    map.once('rendercomplete', () => map.getTargetElement()?.setAttribute('data-parcels-drawn', '1'));
    if (!fittedOnce.current) {
      fittedOnce.current = true;
      // The configured view wins when parcels are visible in it; otherwise frame the zone's parcels.
      const view = map.getView();
      const size = map.getSize();
      const ext = layers.fullExtent();
      if (size && ext) {
        const viewExtent = view.calculateExtent(size);
        const visible = results.some((p) => {
          const e = layers.extentOf(p.id);
          return e && e[0] < viewExtent[2] && e[2] > viewExtent[0] && e[1] < viewExtent[3] && e[3] > viewExtent[1];
        });
        if (!visible) fit(ext, 0);
      }
      return;
    }
    fit(layers.fullExtent());
    // Only a changed result set reframes the map, not hover or selection.
  }, [results, map, resultsReady, fit, tiled, filtered]);

  useEffect(() => {
    layersRef.current?.setColorMode(colorMode);
    tileLayerRef.current?.setColorMode(colorMode);
  }, [colorMode, map, tiled]);
  useEffect(() => {
    layersRef.current?.setHover(hoverId);
    tileLayerRef.current?.setHover(hoverId);
    markersRef.current?.setHover(hoverId);
  }, [hoverId, map, tiled]);
  // While the view flies to a parcel the popup waits: placing it earlier would start the
  // overlay's auto-pan against the zoom animation and the map would end up off the parcel.
  const flying = useRef(false);
  useEffect(() => {
    layersRef.current?.setSelected(selectedId);
    tileLayerRef.current?.setSelected(selectedId);
    markersRef.current?.setSelected(selectedId);
    const overlay = overlayRef.current;
    if (!overlay || flying.current) return;
    overlay.setPosition(selectedId ? layersRef.current?.anchorOf(selectedId) ?? centreOf(selected) : undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the selection (not each render's object) moves the popup
  }, [selectedId, map, results]);

  // Pointer on the map: hover highlight both sides; click opens the popup; clusters zoom in.
  useEffect(() => {
    if (!map) return;
    let frame = 0;
    const onMove = (evt: { pixel: number[]; dragging: boolean }) => {
      if (evt.dragging) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const pinned = markersRef.current?.idAt(evt.pixel);
        if (pinned) {
          setCursor(map, 'pointer');
          callbacks.current.onHover(pinned);
          return;
        }
        const tileHit = tileLayerRef.current?.hit(evt.pixel);
        if (tileLayerRef.current) {
          setCursor(map, tileHit ? 'pointer' : '');
          callbacks.current.onHover(tileHit && 'parcel' in tileHit ? tileHit.parcel.id : null);
          return;
        }
        const id = layersRef.current?.parcelAt(evt.pixel) ?? null;
        const cluster = id ? null : layersRef.current?.clusterExtentAt(evt.pixel);
        setCursor(map, id || cluster ? 'pointer' : '');
        callbacks.current.onHover(id);
      });
    };
    const onClick = (evt: { pixel: number[] }) => {
      const layers = layersRef.current;
      // While an area is drawn, clicks are its vertices.
      if (!layers || drawingRef.current) return;
      const pinned = markersRef.current?.idAt(evt.pixel);
      if (pinned) {
        callbacks.current.onSelect(pinned);
        callbacks.current.onPicked(pinned);
        return;
      }
      const tiles = tileLayerRef.current;
      if (tiles) {
        const hit = tiles.hit(evt.pixel);
        if (hit && 'parcel' in hit) {
          callbacks.current.onTileHit(parcelFromTile(hit.parcel));
          callbacks.current.onSelect(hit.parcel.id);
        } else if (hit) {
          map.getView().animate({ center: hit.group, zoom: Math.min(16, (map.getView().getZoom() ?? 12) + 2), duration: 400 });
        } else callbacks.current.onSelect(null);
        return;
      }
      const id = layers.parcelAt(evt.pixel);
      if (id) {
        callbacks.current.onSelect(id);
        callbacks.current.onPicked(id);
        return;
      }
      const extent = layers.clusterExtentAt(evt.pixel);
      if (extent) {
        map.getView().fit(extent, { padding: [80, 80, 80, 80], maxZoom: 16, duration: 400 });
        return;
      }
      callbacks.current.onSelect(null);
    };
    map.on('pointermove', onMove);
    map.on('singleclick', onClick);
    const target = map.getTargetElement();
    const onLeave = () => callbacks.current.onHover(null);
    target?.addEventListener('mouseleave', onLeave);
    return () => {
      cancelAnimationFrame(frame);
      map.un('pointermove', onMove);
      map.un('singleclick', onClick);
      target?.removeEventListener('mouseleave', onLeave);
    };
  }, [map]);

  const locate = (p: Parcel) => {
    const layers = layersRef.current;
    if (!layers) return;
    flying.current = true;
    overlayRef.current?.setPosition(undefined);
    callbacks.current.onSelect(p.id);
    const centre = centreOf(p);
    if (tiled && map && centre) {
      // The list's page is not on the map as features: fly to the parcel's centre.
      map.getView().cancelAnimations();
      map.getView().animate({ center: centre, zoom: 16, duration: 450 }, () => {
        flying.current = false;
        // Placed once the map has drawn the new view: earlier, the popup's auto-pan measures it
        // where it was and throws the map kilometres off the parcel.
        map.once('rendercomplete', () => {
          overlayRef.current?.setPosition(centre);
        });
      });
      return;
    }
    void layers.zoomTo(p.id).then(() => {
      flying.current = false;
      overlayRef.current?.setPosition(layers.anchorOf(p.id) ?? undefined);
    });
  };

  const fitAll = () => {
    if (!tiled) return fit(layersRef.current?.fullExtent() ?? null);
    // With tiles: the pinned results, or every public parcel when nothing narrows the search.
    const box = tileMeta.data?.parcelExtent;
    fit(markersRef.current?.extent() ?? (box ? transformExtent(box, 'EPSG:4326', 'EPSG:3857') : null));
  };
  useImperativeHandle(ref, () => ({ locate, fitAll }));

  return (
    <>
      <div ref={mapRef} className={className} data-testid="land-map" data-drawing={drawing && drawReady ? '1' : undefined} data-parcel-source={tiled === undefined ? undefined : tiled ? 'tiles' : 'geojson'} />
      {createPortal(popup, popupEl)}
    </>
  );
}
