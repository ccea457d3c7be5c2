/** KML input (Placemarks with Polygon / MultiGeometry, ExtendedData attributes) and output. */
import { XMLParser } from 'fast-xml-parser';
import { polygonsOf, rewindRfc7946, type FeatureProperties, type ParcelFeature, type Position, type Ring } from '@land/shared/geo/index';
import { GisFileError, wrongLayerError } from './errors';
import type { RawFeature } from './geojson';
import type { ShapeKind } from './shp';

type XmlNode = Record<string, unknown>;

const ARRAY_TAGS = new Set(['Placemark', 'Folder', 'Document', 'Polygon', 'MultiGeometry', 'innerBoundaryIs', 'Data', 'SimpleData', 'SchemaData', 'Point', 'LineString', 'LinearRing']);

function isNode(v: unknown): v is XmlNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function list(v: unknown): unknown[] {
  return v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
}

function text(v: unknown): string {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (isNode(v) && v['#text'] !== undefined) return text(v['#text']);
  return '';
}

function parseCoordinates(s: string): Ring {
  const ring: Ring = [];
  for (const tuple of s.trim().split(/\s+/)) {
    if (!tuple) continue;
    const [x, y] = tuple.split(',').map(Number);
    if (Number.isFinite(x) && Number.isFinite(y)) ring.push([x, y]);
  }
  return ring;
}

function ringOf(boundary: unknown): Ring | null {
  if (!isNode(boundary)) return null;
  const lr = list(boundary.LinearRing)[0];
  if (!isNode(lr)) return null;
  const ring = parseCoordinates(text(lr.coordinates));
  return ring.length ? ring : null;
}

function collectGeometry(node: XmlNode, polygons: Ring[][], others: Set<string>, lines?: Position[][]): void {
  for (const p of list(node.Polygon)) {
    if (!isNode(p)) continue;
    if (lines) {
      others.add('面');
      continue;
    }
    const outer = ringOf(p.outerBoundaryIs);
    if (!outer) continue;
    const holes = list(p.innerBoundaryIs).map(ringOf).filter((r): r is Ring => r !== null);
    polygons.push([outer, ...holes]);
  }
  for (const m of list(node.MultiGeometry)) if (isNode(m)) collectGeometry(m, polygons, others, lines);
  if (node.Point !== undefined) others.add('点');
  if (lines) {
    for (const l of list(node.LineString)) {
      const part = isNode(l) ? parseCoordinates(text(l.coordinates)) : [];
      if (part.length) lines.push(part);
    }
  } else if (node.LineString !== undefined || node.LinearRing !== undefined) others.add('线');
  if (node.Model !== undefined) others.add('模型');
  if (node.Track !== undefined || node.MultiTrack !== undefined) others.add('轨迹');
}

function placemarkProperties(pm: XmlNode): FeatureProperties {
  const props: FeatureProperties = {};
  const name = text(pm.name);
  if (name) props.name = name;
  const description = text(pm.description);
  if (description) props.description = description;
  for (const ed of list(pm.ExtendedData)) {
    if (!isNode(ed)) continue;
    for (const d of list(ed.Data)) {
      if (isNode(d) && typeof d['@_name'] === 'string') props[d['@_name']] = text(d.value);
    }
    for (const sd of list(ed.SchemaData)) {
      if (!isNode(sd)) continue;
      for (const s of list(sd.SimpleData)) {
        if (isNode(s) && typeof s['@_name'] === 'string') props[s['@_name']] = text(s);
      }
    }
  }
  return props;
}

function collectPlacemarks(node: XmlNode, out: XmlNode[], depth = 0): void {
  if (depth > 64) return;
  for (const pm of list(node.Placemark)) if (isNode(pm)) out.push(pm);
  for (const key of ['Document', 'Folder']) {
    for (const child of list(node[key])) if (isNode(child)) collectPlacemarks(child, out, depth + 1);
  }
}

export function parseKml(xml: string, kind: ShapeKind = 'polygon'): { features: RawFeature[]; warnings: string[] } {
  if (xml.trim() === '') throw new GisFileError('KML 文件是空的，没有任何内容');
  if (/<!ENTITY/i.test(xml)) throw new GisFileError('KML 文件含有不支持的 DOCTYPE 实体定义');
  let doc: unknown;
  try {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      removeNSPrefix: true,
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: true,
      processEntities: true,
      htmlEntities: false,
      isArray: (name) => ARRAY_TAGS.has(name),
    });
    doc = parser.parse(xml, true);
  } catch {
    // The XML parser speaks English ("Start tag expected."): say it in Chinese.
    throw new GisFileError('KML 文件格式错误：不是有效的 XML 文本（文件可能不完整或已损坏）');
  }
  const root = isNode(doc) ? doc.kml : undefined;
  if (!isNode(root)) throw new GisFileError('KML 文件格式错误：缺少 <kml> 根元素');
  const placemarks: XmlNode[] = [];
  collectPlacemarks(root, placemarks);
  const features: RawFeature[] = [];
  const others = new Map<string, number>();
  const name = kind === 'line' ? '线' : '面';
  placemarks.forEach((pm, index) => {
    const polygons: Ring[][] = [];
    const lines: Position[][] | undefined = kind === 'line' ? [] : undefined;
    const otherTypes = new Set<string>();
    collectGeometry(pm, polygons, otherTypes, lines);
    if (polygons.length === 0 && !lines?.length) {
      for (const t of otherTypes.size ? otherTypes : new Set(['空'])) others.set(t, (others.get(t) ?? 0) + 1);
      return;
    }
    features.push({ index, polygons, ...(lines ? { lines } : {}), properties: placemarkProperties(pm) });
  });
  if (features.length === 0 && others.size > 0) throw wrongLayerError(kind, [...others.keys()]);
  const warnings = [...others].map(([t, n]) => `跳过了 ${n} 个非${name}要素（几何类型：${t}）`);
  return { features, warnings };
}

// ---------------------------------------------------------------- output

function esc(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

function coords(ring: Ring): string {
  return ring.map((p) => `${+p[0].toFixed(9)},${+p[1].toFixed(9)}`).join(' ');
}

function polygonKml(rings: Ring[]): string {
  const [outer, ...holes] = rings;
  return (
    `<Polygon><outerBoundaryIs><LinearRing><coordinates>${coords(outer)}</coordinates></LinearRing></outerBoundaryIs>` +
    holes.map((h) => `<innerBoundaryIs><LinearRing><coordinates>${coords(h)}</coordinates></LinearRing></innerBoundaryIs>`).join('') +
    '</Polygon>'
  );
}

export interface KmlOptions {
  /** document name */
  name?: string;
  /** property shown as the placemark name; default the first of 名称, name, 地块名称, 宗地编号 present */
  nameField?: string;
}

const DEFAULT_NAME_KEYS = ['name', '名称', '地块名称', 'dkmc', '宗地编号', 'zdbh'];

/** One Placemark (lon-lat, attributes as ExtendedData); `i` numbers features without a name. */
export function kmlPlacemark(f: ParcelFeature, i: number, nameField?: string): string {
  const nameKeys = nameField ? [nameField] : DEFAULT_NAME_KEYS;
  const g = rewindRfc7946(f.geometry);
  const key = nameKeys.find((k) => f.properties[k] !== undefined && f.properties[k] !== null);
  const name = key ? String(f.properties[key]) : `地块${i + 1}`;
  const data = Object.entries(f.properties)
    .map(([k, v]) => `<Data name="${esc(k)}"><value>${v === null ? '' : esc(String(v))}</value></Data>`)
    .join('');
  const parts = polygonsOf(g);
  const geometry = parts.length === 1 ? polygonKml(parts[0]) : `<MultiGeometry>${parts.map(polygonKml).join('')}</MultiGeometry>`;
  return `<Placemark><name>${esc(name)}</name><styleUrl>#parcel</styleUrl>${data ? `<ExtendedData>${data}</ExtendedData>` : ''}${geometry}</Placemark>`;
}

/** The document's opening (with the parcel style); close it with KML_FOOTER. Lets a caller stream placemarks. */
export function kmlHeader(name = '地块'): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
    `<name>${esc(name)}</name>` +
    '<Style id="parcel"><LineStyle><color>ff0000ff</color><width>2</width></LineStyle><PolyStyle><color>400000ff</color></PolyStyle></Style>'
  );
}

export const KML_FOOTER = '</Document></kml>\n';

/** KML 2.2 with one Placemark per feature (lon-lat, attributes as ExtendedData). */
export function toKml(features: ParcelFeature[], options: KmlOptions = {}): string {
  return kmlHeader(options.name) + features.map((f, i) => kmlPlacemark(f, i, options.nameField)).join('\n') + KML_FOOTER;
}
