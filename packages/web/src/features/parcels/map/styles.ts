/** Map styles of the parcel editor: the parcel, its neighbours and the district boundaries. */
import type { FeatureLike } from 'ol/Feature';
import { MultiPoint, Polygon, MultiPolygon } from 'ol/geom';
import type { Geometry } from 'ol/geom';
import { Circle as CircleStyle, Fill, Stroke, Style, Text } from 'ol/style';

export const COLORS = {
  parcel: '#1677ff',
  overlap: '#cf1322',
  neighbour: '#5b6b7d',
  district: '#d46b08',
  background: '#eef1f5',
} as const;

/** The parcel's vertices, drawn as handles while it can be edited. */
function vertices(feature: FeatureLike): Geometry | undefined {
  const g = feature.getGeometry();
  if (g instanceof Polygon) return new MultiPoint(g.getCoordinates().flat());
  if (g instanceof MultiPolygon) return new MultiPoint(g.getCoordinates().flat(2));
  return undefined;
}

const parcelFill = new Style({
  fill: new Fill({ color: 'rgba(22, 119, 255, 0.18)' }),
  stroke: new Stroke({ color: COLORS.parcel, width: 2.5 }),
});

const vertexHandles = new Style({
  image: new CircleStyle({ radius: 4, fill: new Fill({ color: '#fff' }), stroke: new Stroke({ color: COLORS.parcel, width: 2 }) }),
  geometry: vertices,
});

export const parcelStyle = (editable: boolean): Style[] => (editable ? [parcelFill, vertexHandles] : [parcelFill]);

/** Where the parcel overlaps other parcels: red, above the parcel. */
export const overlapStyle = new Style({
  fill: new Fill({ color: 'rgba(207, 19, 34, 0.35)' }),
  stroke: new Stroke({ color: COLORS.overlap, width: 2 }),
});

/** The sketch while drawing: a dashed outline and the clicked vertices. */
export const drawStyle = [
  new Style({
    fill: new Fill({ color: 'rgba(22, 119, 255, 0.12)' }),
    stroke: new Stroke({ color: COLORS.parcel, width: 2, lineDash: [6, 4] }),
    image: new CircleStyle({ radius: 5, fill: new Fill({ color: COLORS.parcel }), stroke: new Stroke({ color: '#fff', width: 1.5 }) }),
  }),
];

const FONT = '12px "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

/** Parcels around: grey outlines, named once zoomed in far enough to read them. */
export function neighbourStyle(feature: FeatureLike, resolution: number): Style {
  const name = feature.get('name') as string | undefined;
  return new Style({
    fill: new Fill({ color: 'rgba(91, 107, 125, 0.08)' }),
    stroke: new Stroke({ color: COLORS.neighbour, width: 1.2 }),
    text:
      name && resolution < 4
        ? new Text({
            text: name,
            font: FONT,
            fill: new Fill({ color: '#34495e' }),
            stroke: new Stroke({ color: 'rgba(255,255,255,0.9)', width: 3 }),
            overflow: false,
          })
        : undefined,
  });
}

/** District (片区) boundaries: the offline basemap. */
export function districtStyle(feature: FeatureLike): Style {
  return new Style({
    fill: new Fill({ color: 'rgba(250, 173, 20, 0.06)' }),
    stroke: new Stroke({ color: COLORS.district, width: 1.6, lineDash: [10, 6] }),
    text: new Text({
      text: (feature.get('name') as string | undefined) ?? '',
      font: `bold 13px ${FONT.replace(/^12px /, '')}`,
      fill: new Fill({ color: COLORS.district }),
      stroke: new Stroke({ color: 'rgba(255,255,255,0.9)', width: 3 }),
      overflow: true,
    }),
  });
}

/** Pipe lines by kind (tPipenetwork.type), in the colours pipeline maps usually give them. */
export const PIPE_COLORS: Record<string, string> = {
  water: '#1890ff',
  drainage: '#8c6d1f',
  rain: '#13c2c2',
  sewage: '#7a4f2a',
  gas: '#faad14',
  power: '#f5222d',
  telecom: '#52c41a',
  heat: '#eb2f96',
};
const PIPE_OTHER = '#595959';

export const pipeColor = (type: unknown): string => (typeof type === 'string' && PIPE_COLORS[type]) || PIPE_OTHER;

const pipeStyles = new Map<string, Style[]>();

/** A pipe line: a white casing under the kind's colour, named when zoomed in. */
export function pipeStyle(feature: FeatureLike, resolution: number): Style[] {
  const color = pipeColor(feature.get('type'));
  let base = pipeStyles.get(color);
  if (!base) {
    base = [new Style({ stroke: new Stroke({ color: 'rgba(255,255,255,0.9)', width: 5 }) }), new Style({ stroke: new Stroke({ color, width: 3 }) })];
    pipeStyles.set(color, base);
  }
  const name = feature.get('name') as string | undefined;
  if (!name || resolution > 2) return base;
  return [
    ...base,
    new Style({
      text: new Text({ text: name, font: FONT, placement: 'line', fill: new Fill({ color }), stroke: new Stroke({ color: 'rgba(255,255,255,0.95)', width: 3 }) }),
    }),
  ];
}
