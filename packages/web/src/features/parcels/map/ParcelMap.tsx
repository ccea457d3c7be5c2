/**
 * The parcel map (OpenLayers, loaded only with the parcel screens): the parcel's boundary over
 * the district boundaries and the neighbouring parcels, on the configured online basemap when
 * there is one. Editable, it draws a new boundary (Draw, polygon: click the corners, double-click
 * to finish), moves, inserts and deletes vertices (Modify) and snaps to the neighbours' edges.
 * Geometry goes in and out as GeoJSON in lon-lat (CGCS2000 ≈ WGS84); the map shows web mercator.
 * With more parcels than the threshold (setting mapTileThreshold) the neighbours are drawn from
 * the staff vector tiles (/api/tiles/parcels, with the session token) instead of GeoJSON.
 */
import 'ol/ol.css';
import { AimOutlined, DeleteOutlined, EditOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import OlMap from 'ol/Map';
import View from 'ol/View';
import Feature from 'ol/Feature';
import { defaults as defaultControls, MousePosition, ScaleLine } from 'ol/control';
import { createStringXY } from 'ol/coordinate';
import { createEmpty, extend, isEmpty } from 'ol/extent';
import type { Extent } from 'ol/extent';
import GeoJSON from 'ol/format/GeoJSON';
import { MultiPolygon, Polygon } from 'ol/geom';
import type { Geometry } from 'ol/geom';
import { defaults as defaultInteractions, Draw, Modify, Snap } from 'ol/interaction';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import { fromLonLat, transformExtent } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { pipeNetworkEntity } from '@land/shared/entities/pipeNetwork';
import type { ParcelGeometry } from '@land/shared/geo/types';
import type { Settings } from '@land/shared/settings';
import { gestures } from '../../public-map/ol/gestures';
import { ParcelTileLayer, tileFeatureId, tileMetaQuery, tilesWanted } from '../../public-map/ol/tiles';
import type { LonLatExtent } from '../api';
import { districtsQuery, mapSettingsQuery, neighboursQuery, recordsOfParcelQuery } from '../api';
import { tileSourceOf } from './basemap';
import { COLORS, districtStyle, drawStyle, neighbourStyle, overlapStyle, parcelStyle, pipeColor, pipeStyle } from './styles';
import styles from './ParcelMap.module.css';

export interface ParcelMapProps {
  geometry: ParcelGeometry | null;
  /** Given: the boundary can be drawn and edited, and every change comes back here. */
  onChange?: (geometry: ParcelGeometry | null) => void;
  /** The parcel itself, left out of the neighbours. */
  parcelId?: string;
  /** The parcel's district (areacode): while there is no boundary the map shows that district. */
  focusArea?: string | null;
  height?: number | string;
  /** More tools after the built-in ones (import from a file). */
  toolbarExtra?: ReactNode;
  /** Draws the parcel's pipe networks (tPipenetwork of `parcelId`), coloured by kind. */
  pipes?: boolean;
  /** Parts of the parcel that overlap other parcels, drawn in red. */
  overlaps?: ParcelGeometry[];
}

/**
 * Snap that does not claim every touch: OpenLayers' starts a down-up sequence on each pointer
 * down (to batch its index updates on the up), and so blocked the drawer's scrolling under a
 * finger on the map. Vertices dragged by Modify still stop the page themselves.
 */
class PageSnap extends Snap {
  constructor(options: ConstructorParameters<typeof Snap>[0]) {
    super(options);
    this.handleDownEvent = () => false;
  }
}

const PIPE_TYPES = pipeNetworkEntity.fields.find((f) => f.name === 'type')?.options ?? [];

const DATA = 'EPSG:4326';
const VIEW = 'EPSG:3857';
const geojson = new GeoJSON({ dataProjection: DATA, featureProjection: VIEW });
/** Below this zoom the neighbours are not fetched (a whole zone of outlines says little). */
const NEIGHBOURS_MIN_ZOOM = 12;
/** With tiles, the neighbours' GeoJSON is only fetched for snapping, in a small (close) view. */
const SNAP_MIN_ZOOM = 15;

function toFeature(geometry: unknown): Feature<Geometry> | null {
  try {
    const g = geojson.readGeometry(geometry);
    return g ? new Feature(g) : null;
  } catch {
    return null;
  }
}

/** The source's polygons as one GeoJSON geometry: a Polygon, or a MultiPolygon for several. */
function geometryOf(source: VectorSource): ParcelGeometry | null {
  const polygons: Polygon[] = [];
  for (const f of source.getFeatures()) {
    const g = f.getGeometry();
    if (g instanceof Polygon) polygons.push(g);
    if (g instanceof MultiPolygon) polygons.push(...g.getPolygons());
  }
  if (polygons.length === 0) return null;
  const olGeometry = polygons.length === 1 ? polygons[0] : new MultiPolygon(polygons);
  return geojson.writeGeometryObject(olGeometry, { decimals: 8 }) as ParcelGeometry;
}

function sourceExtent(source: VectorSource): Extent | null {
  const e = source.getExtent();
  return !e || isEmpty(e) || !Number.isFinite(e[0]) ? null : e;
}

interface OlParts {
  map: OlMap;
  parcel: VectorSource;
  parcelLayer: VectorLayer<VectorSource>;
  neighbours: VectorSource;
  neighbourLayer: VectorLayer<VectorSource>;
  districts: VectorSource;
  pipes: VectorSource;
  overlaps: VectorSource;
  base: TileLayer;
  draw: Draw;
  modify: Modify;
  snap: Snap;
}

export default function ParcelMap({ geometry, onChange, parcelId, focusArea, height = 480, toolbarExtra, pipes = false, overlaps }: ParcelMapProps) {
  const editable = onChange !== undefined;
  const targetRef = useRef<HTMLDivElement>(null);
  const partsRef = useRef<OlParts | null>(null);
  /** The geometry the map shows, as JSON: a prop equal to it is the map's own change coming back. */
  const shownRef = useRef<string | null>(null);
  /** Set once the view was fitted to something (parcel or zone), or the user moved it. */
  const placedRef = useRef(false);
  const onChangeRef = useRef(onChange);
  const [drawing, setDrawing] = useState(false);
  const [extent, setExtent] = useState<LonLatExtent | null>(null);
  const [zoom, setZoom] = useState(0);
  const [tilesFailed, setTilesFailed] = useState(false);
  const hasGeometry = geometry !== null;

  const settings = useQuery(mapSettingsQuery());
  const districts = useQuery(districtsQuery());
  // Above the parcel-count threshold the neighbours come from tiles (undefined until known).
  const tileMeta = useQuery(tileMetaQuery('staff'));
  const threshold = useQuery({ ...mapSettingsQuery(), select: (s: Settings) => ({ mapTileThreshold: s.mapTileThreshold }) });
  const tiled = tileMeta.isError ? false : tilesWanted(tileMeta.data, threshold.data);
  // In tile mode snapping uses the GeoJSON neighbours in the current view, fetched only while
  // editing at close zoom (tiles are simplified and cannot be snapped to).
  const neighboursWanted = extent !== null && (tiled === false || (tiled === true && editable && zoom >= SNAP_MIN_ZOOM));
  const neighbours = useQuery({ ...neighboursQuery(extent ?? [0, 0, 0, 0]), enabled: neighboursWanted });
  // Same cache entry as the 管网 tab: an import or an edit there redraws the lines here.
  const pipeRows = useQuery({ ...recordsOfParcelQuery(pipeNetworkEntity, parcelId ?? ''), enabled: pipes && Boolean(parcelId) });
  const pipeList = pipes && parcelId ? (pipeRows.data ?? []) : [];
  const pipeKinds = PIPE_TYPES.filter((o) => pipeList.some((p) => p.type === o.value && p.geometry));

  useEffect(() => {
    onChangeRef.current = onChange;
  });

  // The map, once per mount.
  useEffect(() => {
    const target = targetRef.current;
    if (!target) return;
    const parcel = new VectorSource();
    const neighboursSource = new VectorSource();
    const districtsSource = new VectorSource();
    const pipesSource = new VectorSource();
    const overlapsSource = new VectorSource();
    const base = new TileLayer({ visible: false, zIndex: 0 });
    const parcelLayer = new VectorLayer({ source: parcel, style: parcelStyle(editable), zIndex: 3 });
    const neighbourLayer = new VectorLayer({ source: neighboursSource, style: neighbourStyle, zIndex: 2, declutter: true });
    const map = new OlMap({
      target,
      layers: [
        base,
        new VectorLayer({ source: districtsSource, style: districtStyle, zIndex: 1, declutter: true }),
        neighbourLayer,
        parcelLayer,
        new VectorLayer({ source: pipesSource, style: pipeStyle, zIndex: 4 }),
        new VectorLayer({ source: overlapsSource, style: overlapStyle, zIndex: 5 }),
      ],
      view: new View({ center: fromLonLat([120.25, 30.25]), zoom: 12, maxZoom: 20, minZoom: 3 }),
      controls: defaultControls({ attribution: false, rotate: false }).extend([
        new ScaleLine({ units: 'metric' }),
        new MousePosition({ coordinateFormat: createStringXY(6), projection: DATA, className: styles.mousePosition, placeholder: '' }),
      ]),
      interactions: defaultInteractions({ dragPan: false, mouseWheelZoom: false }),
    });
    // In a drawer that scrolls: one finger and a bare wheel scroll it (vertices still drag).
    const stopGestures = gestures(map, target, () => true);

    const emit = () => {
      const g = geometryOf(parcel);
      shownRef.current = g ? JSON.stringify(g) : '';
      onChangeRef.current?.(g);
    };
    const modify = new Modify({ source: parcel });
    modify.on('modifyend', emit);
    const draw = new Draw({ type: 'Polygon', style: drawStyle });
    draw.setActive(false);
    draw.on('drawend', (event) => {
      parcel.clear();
      parcel.addFeature(event.feature);
      setDrawing(false);
      emit();
    });
    const snap = new PageSnap({ source: neighboursSource, pixelTolerance: 8 });
    map.addInteraction(modify);
    map.addInteraction(draw);
    map.addInteraction(snap);
    modify.setActive(false);

    map.on('moveend', () => {
      const view = map.getView();
      const zoom = view.getZoom() ?? 0;
      setZoom(zoom);
      if (zoom < NEIGHBOURS_MIN_ZOOM) return setExtent(null);
      const e = transformExtent(view.calculateExtent(map.getSize()), VIEW, DATA) as LonLatExtent;
      // A margin, so a small pan does not fetch again.
      const dx = (e[2] - e[0]) * 0.25;
      const dy = (e[3] - e[1]) * 0.25;
      setExtent([e[0] - dx, e[1] - dy, e[2] + dx, e[3] + dy]);
    });
    map.on('pointerdrag', () => {
      placedRef.current = true;
    });

    const resize = new ResizeObserver(() => map.updateSize());
    resize.observe(target);
    partsRef.current = { map, parcel, parcelLayer, neighbours: neighboursSource, neighbourLayer, districts: districtsSource, pipes: pipesSource, overlaps: overlapsSource, base, draw, modify, snap };
    return () => {
      stopGestures();
      resize.disconnect();
      map.setTarget(undefined);
      map.dispose();
      partsRef.current = null;
      shownRef.current = null;
    };
  }, [editable]);

  // Tile mode: the neighbours are drawn from the staff tiles (the parcel itself left out); the
  // GeoJSON neighbours, when fetched for snapping, stay undrawn.
  const parcelIdRef = useRef(parcelId);
  parcelIdRef.current = parcelId;
  useEffect(() => {
    const parts = partsRef.current;
    if (!parts || !tiled) return;
    const layer = new ParcelTileLayer(parts.map, {
      scope: 'staff',
      zIndex: 2,
      polygonStyle: (feature, resolution) => (tileFeatureId(feature) === parcelIdRef.current ? undefined : neighbourStyle(feature, resolution)),
    });
    parts.neighbourLayer.setVisible(false);
    return () => {
      layer.dispose();
      parts.neighbourLayer.setVisible(true);
    };
  }, [tiled, editable]);

  const fitTo = (e: Extent | null, maxZoom = 18) => {
    const parts = partsRef.current;
    if (!parts || !e) return false;
    parts.map.getView().fit(e, { padding: [40, 40, 40, 40], maxZoom, duration: 0 });
    placedRef.current = true;
    return true;
  };

  // The geometry from outside (the stored one, a file, 清除) replaces what the map shows.
  useEffect(() => {
    const parts = partsRef.current;
    if (!parts) return;
    const json = geometry ? JSON.stringify(geometry) : '';
    if (json === shownRef.current) return;
    shownRef.current = json;
    parts.parcel.clear();
    const feature = geometry ? toFeature(geometry) : null;
    if (feature) {
      parts.parcel.addFeature(feature);
      fitTo(sourceExtent(parts.parcel));
    }
  }, [geometry]);

  useEffect(() => {
    const parts = partsRef.current;
    if (!parts) return;
    parts.parcelLayer.setStyle(parcelStyle(editable));
    parts.draw.setActive(editable && drawing);
    parts.modify.setActive(editable && !drawing && hasGeometry);
    parts.snap.setActive(editable);
    if (!drawing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        parts.draw.abortDrawing();
        setDrawing(false);
      }
      if (event.key === 'Backspace') parts.draw.removeLastPoint();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [editable, drawing, hasGeometry]);

  // Basemap from the settings; the zone's centre until something better is known.
  useEffect(() => {
    const parts = partsRef.current;
    if (!parts || !settings.data) return;
    const source = tileSourceOf(settings.data);
    parts.base.setSource(source);
    parts.base.setVisible(source !== null);
    setTilesFailed(false);
    let failures = 0;
    const onError = () => {
      failures += 1;
      if (failures >= 4) setTilesFailed(true);
    };
    source?.on('tileloaderror', onError);
    if (!placedRef.current) {
      parts.map.getView().setCenter(fromLonLat([settings.data.mapCenterLon, settings.data.mapCenterLat]));
      parts.map.getView().setZoom(settings.data.mapZoom);
    }
    return () => source?.un('tileloaderror', onError);
  }, [settings.data]);

  useEffect(() => {
    const parts = partsRef.current;
    if (!parts || !districts.data) return;
    parts.districts.clear();
    for (const d of districts.data) {
      if (!d.boundary || d.status === '0') continue;
      const feature = toFeature(d.boundary);
      if (!feature) continue;
      feature.set('name', d.areaname);
      feature.set('areacode', d.areacode);
      parts.districts.addFeature(feature);
    }
  }, [districts.data]);

  // No boundary yet: the view shows the parcel's district, or the whole zone.
  useEffect(() => {
    const parts = partsRef.current;
    if (!parts || !districts.data || sourceExtent(parts.parcel)) return;
    const district = focusArea ? parts.districts.getFeatures().find((f) => f.get('areacode') === focusArea) : undefined;
    const e = district?.getGeometry()?.getExtent();
    if (e) fitTo(e, 17);
    else if (!placedRef.current) fitTo(sourceExtent(parts.districts), 15);
  }, [districts.data, focusArea]);

  useEffect(() => {
    const parts = partsRef.current;
    if (!parts) return;
    parts.neighbours.clear();
    if (!extent || !neighbours.data) return;
    for (const p of neighbours.data) {
      if (p.id === parcelId || !p.geometry) continue;
      const feature = toFeature(p.geometry);
      if (!feature) continue;
      feature.set('name', p.dkmc);
      parts.neighbours.addFeature(feature);
    }
  }, [neighbours.data, extent, parcelId]);

  useEffect(() => {
    const parts = partsRef.current;
    if (!parts) return;
    parts.overlaps.clear();
    for (const g of overlaps ?? []) {
      const feature = toFeature(g);
      if (feature) parts.overlaps.addFeature(feature);
    }
  }, [overlaps]);

  useEffect(() => {
    const parts = partsRef.current;
    if (!parts) return;
    parts.pipes.clear();
    for (const p of pipeList) {
      if (!p.geometry) continue;
      const feature = toFeature(p.geometry);
      if (!feature) continue;
      feature.set('name', p.name);
      feature.set('type', p.type);
      parts.pipes.addFeature(feature);
    }
    // A parcel without a boundary yet: its pipes show where it is.
    if (!placedRef.current && !sourceExtent(parts.parcel)) fitTo(sourceExtent(parts.pipes), 17);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pipeRows.data, pipes, parcelId]);

  const clear = () => {
    const parts = partsRef.current;
    if (!parts) return;
    parts.parcel.clear();
    shownRef.current = '';
    onChangeRef.current?.(null);
  };

  const allExtent = () => {
    const parts = partsRef.current;
    if (!parts) return null;
    const e = createEmpty();
    for (const s of [parts.parcel, parts.districts]) {
      const x = sourceExtent(s);
      if (x) extend(e, x);
    }
    return isEmpty(e) ? null : e;
  };

  return (
    <div className={styles.wrap} data-testid="parcel-map-wrap">
      <Space wrap size={8} className={styles.toolbar}>
        {editable && !drawing && (
          <Button type="primary" ghost icon={<EditOutlined />} onClick={() => setDrawing(true)} data-testid="map-draw">
            {hasGeometry ? '重新绘制' : '绘制边界'}
          </Button>
        )}
        {editable && drawing && (
          <>
            <Button icon={<UndoOutlined />} onClick={() => partsRef.current?.draw.removeLastPoint()}>
              撤销上一点
            </Button>
            <Button
              icon={<StopOutlined />}
              onClick={() => {
                partsRef.current?.draw.abortDrawing();
                setDrawing(false);
              }}
            >
              取消绘制
            </Button>
          </>
        )}
        {editable && (
          <Button danger icon={<DeleteOutlined />} disabled={!hasGeometry || drawing} onClick={clear} data-testid="map-clear">
            清除
          </Button>
        )}
        {!drawing && toolbarExtra}
        <Tooltip title={hasGeometry ? '定位到地块' : '显示全部片区'}>
          <Button
            icon={<AimOutlined />}
            onClick={() => fitTo(hasGeometry ? sourceExtent(partsRef.current!.parcel) : allExtent(), hasGeometry ? 18 : 15)}
            aria-label="定位到地块"
          />
        </Tooltip>
      </Space>
      <div
        ref={targetRef}
        className={styles.map}
        style={{ height, background: COLORS.background }}
        data-testid="parcel-map"
        data-parcel-source={tiled ? 'tiles' : 'geojson'}
        data-drawing={drawing ? 'true' : 'false'}
        data-overlaps={overlaps?.length ?? 0}
      />
      {editable && (
        <Typography.Text type="secondary" className={styles.hint}>
          {drawing
            ? '单击地图依次添加拐点，双击或单击起点完成；Backspace 撤销上一点，Esc 取消。靠近相邻地块边界时自动吸附。'
            : hasGeometry
              ? '拖动节点可调整边界，拖动边线可插入节点，Alt+单击节点可删除节点。'
              : '还没有地块边界：点击“绘制边界”在地图上绘制，或从文件导入。'}
        </Typography.Text>
      )}
      <div className={styles.legend} aria-hidden>
        <span>
          <i style={{ background: 'rgba(22,119,255,0.25)', borderColor: COLORS.parcel }} />
          本地块
        </span>
        <span>
          <i style={{ background: 'rgba(91,107,125,0.12)', borderColor: COLORS.neighbour }} />
          相邻地块
        </span>
        <span>
          <i style={{ borderColor: COLORS.district, borderStyle: 'dashed' }} />
          片区边界
        </span>
        {overlaps && overlaps.length > 0 && (
          <span>
            <i style={{ background: 'rgba(207,19,34,0.35)', borderColor: COLORS.overlap }} />
            重叠部分
          </span>
        )}
        {pipeKinds.map((o) => (
          <span key={o.value} data-testid="pipe-legend">
            <i className={styles.line} style={{ background: pipeColor(o.value) }} />
            {o.label}管线
          </span>
        ))}
      </div>
      {tilesFailed && (
        <Alert type="info" showIcon title="在线底图无法加载，已显示本地矢量底图（片区与地块边界）。" className={styles.notice} />
      )}
    </div>
  );
}
