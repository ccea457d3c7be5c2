/**
 * The offline base map: the zone's own main roads and water (served by the platform,
 * /openApi/selectBaseMapFeatures) drawn on a plain background under district outlines and
 * parcels. A configured tile source (XYZ / WMTS, base.ts) replaces it. Its own module so other
 * layers (vector-tile parcels…) stack over it without knowing it.
 */
import Feature from 'ol/Feature';
import type { FeatureLike } from 'ol/Feature';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import type { BaseMapCollection, BaseMapKind } from '../api';
import { readGeometry } from './base';

/** What the map element's data-basemap says: "tiles", "vector:roads,water", "vector:none"… */
export type BaseMapState = string;

const PLURAL: Record<BaseMapKind, string> = { road: 'roads', water: 'water' };

/** Below the district outlines (zIndex 1) and every thematic layer. */
const Z_INDEX = 0;

const FONT = '12px "PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif';

const WATER = new Style({ fill: new Fill({ color: '#b9d9f2' }), stroke: new Stroke({ color: '#8fc0e6', width: 1 }) });
const ROAD_CASING = new Style({ stroke: new Stroke({ color: '#d4d0c8', width: 7, lineCap: 'round', lineJoin: 'round' }), zIndex: 1 });
const ROAD_FILL = new Style({ stroke: new Stroke({ color: '#ffffff', width: 4.5, lineCap: 'round', lineJoin: 'round' }), zIndex: 2 });

function label(text: string, placement: 'line' | 'point', color: string): Text {
  return new Text({
    text,
    font: FONT,
    placement,
    fill: new Fill({ color }),
    stroke: new Stroke({ color: 'rgba(255,255,255,0.95)', width: 3 }),
    overflow: placement === 'point',
  });
}

/** Road and water styles; names from a middling zoom (a road name on a 40 m line only clutters). */
function styleOf(feature: FeatureLike, resolution: number): Style[] {
  const name = String(feature.get('name') ?? '');
  const named = resolution < 20 && name !== '';
  if (feature.get('kind') === 'water') {
    return named ? [WATER, new Style({ text: label(name, 'point', '#3f7fb5'), zIndex: 3 })] : [WATER];
  }
  // Roads widen a little as one zooms in, as on a printed city map.
  const scale = resolution < 5 ? 1.6 : resolution < 12 ? 1.25 : 1;
  const casing = scale === 1 ? ROAD_CASING : new Style({ stroke: new Stroke({ color: '#d4d0c8', width: 7 * scale, lineCap: 'round', lineJoin: 'round' }), zIndex: 1 });
  const fill = scale === 1 ? ROAD_FILL : new Style({ stroke: new Stroke({ color: '#ffffff', width: 4.5 * scale, lineCap: 'round', lineJoin: 'round' }), zIndex: 2 });
  return named ? [casing, fill, new Style({ text: label(name, 'line', '#595959'), zIndex: 3 })] : [casing, fill];
}

/** The offline base as one vector layer (water under roads by style zIndex), and what it draws. */
export function offlineBaseLayer(collection: BaseMapCollection | undefined): { layer: VectorLayer; state: BaseMapState } {
  const source = new VectorSource();
  const kinds = new Set<BaseMapKind>();
  for (const f of collection?.features ?? []) {
    const geometry = readGeometry(f.geometry);
    const kind = f.properties?.kind;
    if (!geometry || (kind !== 'road' && kind !== 'water')) continue;
    const feature = new Feature({ geometry, kind, name: f.properties.name });
    feature.setId(`base:${f.id}`);
    source.addFeature(feature);
    kinds.add(kind);
  }
  const layer = new VectorLayer({
    source,
    zIndex: Z_INDEX,
    properties: { name: 'base' },
    style: styleOf,
    // Road names repeat along the lines; decluttering keeps them from piling up.
    declutter: true,
    updateWhileInteracting: false,
  });
  const drawn = (['road', 'water'] as const).filter((k) => kinds.has(k)).map((k) => PLURAL[k]);
  return { layer, state: `vector:${drawn.length ? drawn.join(',') : 'none'}` };
}
