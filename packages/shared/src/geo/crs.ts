/**
 * Coordinate reference systems met in Chinese land data, recognised from EPSG codes and from
 * .prj WKT (ESRI WKT1, OGC/GDAL WKT1 and WKT2), with transforms to and from lon-lat.
 *
 * Supported: geographic CGCS2000 (4490), WGS84 (4326), Xi'an 80 (4610), Beijing 54 (4214);
 * Gauss-Krüger 3° and 6° zones on CGCS2000 (4491–4554), Xi'an 80 (2327–2390) and Beijing 54
 * (2401–2442, 21413–21423, 21473–21483), with or without the zone number in the easting;
 * any other transverse Mercator on those ellipsoids (UTM WGS84 32601–32760 included); Web
 * Mercator (3857). Xi'an 80 and Beijing 54 are converted without a datum shift and carry a
 * warning (see `datumWarning`).
 */
import {
  DATUM_ELLIPSOID,
  DATUM_LABEL,
  datumWarning,
  type Ellipsoid,
  type GeodeticDatum,
} from './ellipsoid';
import {
  gaussKrugerCentralMeridian,
  transverseMercatorForward,
  transverseMercatorInverse,
  type TransverseMercatorParams,
  type ZoneWidth,
} from './gaussKruger';
import { mapPositions, type ParcelGeometry, type Position } from './types';

export type CrsKind = 'geographic' | 'transverse-mercator' | 'web-mercator';

export interface GaussKrugerZoneInfo {
  width: ZoneWidth;
  zone: number;
  /** whether the false easting carries the zone number (e.g. 40 500 000) */
  zonePrefix: boolean;
}

export interface CrsInfo {
  kind: CrsKind;
  /** EPSG code when the system is a known one */
  epsg: number | null;
  /** name as in the EPSG registry or the .prj, e.g. "CGCS2000 / 3-degree Gauss-Kruger zone 40" */
  name: string;
  /** Chinese description for messages, e.g. "CGCS2000 3度带高斯-克吕格投影 第40带（中央经线120°）" */
  label: string;
  datum: GeodeticDatum;
  ellipsoid: Ellipsoid;
  /** transverse-Mercator parameters (metres, degrees) for kind 'transverse-mercator' */
  tm: TransverseMercatorParams | null;
  /** Gauss-Krüger zone when the projection is a standard 3° or 6° zone */
  gk: GaussKrugerZoneInfo | null;
  /** metres per unit of projected coordinates (1 for metres) */
  unitMeters: number;
  /** e.g. the datum warning of Xi'an 80 / Beijing 54 */
  warnings: string[];
  /** file coordinates → [lon, lat] degrees */
  toLonLat(x: number, y: number): Position;
  /** [lon, lat] degrees → file coordinates */
  fromLonLat(lon: number, lat: number): Position;
}

const WEB_MERCATOR_R = 6378137;
const RAD = 180 / Math.PI;

// ---------------------------------------------------------------- builders

function warningsOf(datum: GeodeticDatum): string[] {
  const w = datumWarning(datum);
  return w ? [w] : [];
}

export function geographicCrs(datum: GeodeticDatum, name?: string): CrsInfo {
  const epsg = { CGCS2000: 4490, WGS84: 4326, Xian80: 4610, Beijing54: 4214 }[datum];
  const names = {
    CGCS2000: 'China Geodetic Coordinate System 2000',
    WGS84: 'WGS 84',
    Xian80: 'Xian 1980',
    Beijing54: 'Beijing 1954',
  };
  return {
    kind: 'geographic',
    epsg,
    name: name ?? names[datum],
    label: `${DATUM_LABEL[datum]} 经纬度`,
    datum,
    ellipsoid: DATUM_ELLIPSOID[datum],
    tm: null,
    gk: null,
    unitMeters: 1,
    warnings: warningsOf(datum),
    toLonLat: (x, y) => [x, y],
    fromLonLat: (lon, lat) => [lon, lat],
  };
}

export function webMercatorCrs(name = 'WGS 84 / Pseudo-Mercator'): CrsInfo {
  return {
    kind: 'web-mercator',
    epsg: 3857,
    name,
    label: 'Web 墨卡托（EPSG:3857）',
    datum: 'WGS84',
    ellipsoid: DATUM_ELLIPSOID.WGS84,
    tm: null,
    gk: null,
    unitMeters: 1,
    warnings: [],
    toLonLat: (x, y) => [(x / WEB_MERCATOR_R) * RAD, (2 * Math.atan(Math.exp(y / WEB_MERCATOR_R)) - Math.PI / 2) * RAD],
    fromLonLat: (lon, lat) => [
      (lon / RAD) * WEB_MERCATOR_R,
      Math.log(Math.tan(Math.PI / 4 + Math.max(-85.06, Math.min(85.06, lat)) / RAD / 2)) * WEB_MERCATOR_R,
    ],
  };
}

export interface TransverseMercatorCrsOptions {
  datum: GeodeticDatum;
  centralMeridian: number;
  scaleFactor?: number;
  /** metres */
  falseEasting?: number;
  /** metres */
  falseNorthing?: number;
  latitudeOfOrigin?: number;
  /** metres per unit of the coordinates (1 for metres) */
  unitMeters?: number;
  epsg?: number | null;
  name?: string;
  gk?: GaussKrugerZoneInfo | null;
}

function gkName(datum: GeodeticDatum, gk: GaussKrugerZoneInfo, cm: number): string {
  const d = { CGCS2000: 'CGCS2000', WGS84: 'WGS 84', Xian80: 'Xian 1980', Beijing54: 'Beijing 1954' }[datum];
  const deg = gk.width === 3 ? '3-degree ' : '';
  return `${d} / ${deg}Gauss-Kruger ${gk.zonePrefix ? `zone ${gk.zone}` : `CM ${cm}E`}`;
}

export function transverseMercatorCrs(o: TransverseMercatorCrsOptions): CrsInfo {
  const tm: TransverseMercatorParams = {
    ellipsoid: DATUM_ELLIPSOID[o.datum],
    centralMeridian: o.centralMeridian,
    scaleFactor: o.scaleFactor ?? 1,
    falseEasting: o.falseEasting ?? 500000,
    falseNorthing: o.falseNorthing ?? 0,
    latitudeOfOrigin: o.latitudeOfOrigin ?? 0,
  };
  const unit = o.unitMeters ?? 1;
  const gk = o.gk ?? null;
  const cmText = `中央经线${o.centralMeridian}°`;
  const label = gk
    ? `${DATUM_LABEL[o.datum]} ${gk.width}度带高斯-克吕格投影 第${gk.zone}带（${cmText}，${gk.zonePrefix ? '横坐标含带号' : '横坐标不含带号'}）`
    : `${DATUM_LABEL[o.datum]} 横轴墨卡托投影（${cmText}）`;
  return {
    kind: 'transverse-mercator',
    epsg: o.epsg ?? (gk ? gaussKrugerEpsg(o.datum, gk) : null),
    name: o.name ?? (gk ? gkName(o.datum, gk, o.centralMeridian) : `${o.datum} / Transverse Mercator ${o.centralMeridian}E`),
    label,
    datum: o.datum,
    ellipsoid: tm.ellipsoid,
    tm,
    gk,
    unitMeters: unit,
    warnings: warningsOf(o.datum),
    toLonLat: (x, y) => transverseMercatorInverse(x * unit, y * unit, tm),
    fromLonLat: (lon, lat) => {
      const [x, y] = transverseMercatorForward(lon, lat, tm);
      return [x / unit, y / unit];
    },
  };
}

/** A standard Gauss-Krüger zone as a CrsInfo. */
export function gaussKrugerCrs(datum: GeodeticDatum, width: ZoneWidth, zone: number, zonePrefix = true): CrsInfo {
  return transverseMercatorCrs({
    datum,
    centralMeridian: gaussKrugerCentralMeridian(zone, width),
    falseEasting: 500000 + (zonePrefix ? zone * 1_000_000 : 0),
    gk: { width, zone, zonePrefix },
  });
}

// ---------------------------------------------------------------- EPSG table

interface GkRange {
  datum: GeodeticDatum;
  width: ZoneWidth;
  zonePrefix: boolean;
  first: number;
  firstZone: number;
  count: number;
}

/** A datum's four EPSG ranges: 6° with and without zone prefix, then 3° likewise. */
const gkRanges = (datum: GeodeticDatum, [six, sixBare, three, threeBare]: [number, number, number, number]): GkRange[] => [
  { datum, width: 6, zonePrefix: true, first: six, firstZone: 13, count: 11 },
  { datum, width: 6, zonePrefix: false, first: sixBare, firstZone: 13, count: 11 },
  { datum, width: 3, zonePrefix: true, first: three, firstZone: 25, count: 21 },
  { datum, width: 3, zonePrefix: false, first: threeBare, firstZone: 25, count: 21 },
];

const GK_RANGES: GkRange[] = [
  ...gkRanges('CGCS2000', [4491, 4502, 4513, 4534]),
  ...gkRanges('Xian80', [2327, 2338, 2349, 2370]),
  ...gkRanges('Beijing54', [21413, 21473, 2401, 2422]),
];

const GEOGRAPHIC_EPSG: Record<number, GeodeticDatum> = { 4490: 'CGCS2000', 4326: 'WGS84', 4610: 'Xian80', 4214: 'Beijing54' };
const WEB_MERCATOR_CODES = new Set([3857, 900913, 102100, 102113, 3785]);

/** The EPSG code of a standard Gauss-Krüger zone, or null. */
export function gaussKrugerEpsg(datum: GeodeticDatum, gk: GaussKrugerZoneInfo): number | null {
  for (const r of GK_RANGES) {
    if (r.datum === datum && r.width === gk.width && r.zonePrefix === gk.zonePrefix) {
      const i = gk.zone - r.firstZone;
      if (i >= 0 && i < r.count) return r.first + i;
    }
  }
  return null;
}

/** The CrsInfo of a supported EPSG code (also ESRI 102100 / 900913 for Web Mercator), or null. */
export function crsFromEpsg(code: number): CrsInfo | null {
  if (!Number.isInteger(code)) return null;
  const geo = GEOGRAPHIC_EPSG[code];
  if (geo) return geographicCrs(geo);
  if (WEB_MERCATOR_CODES.has(code)) return webMercatorCrs();
  for (const r of GK_RANGES) {
    if (code >= r.first && code < r.first + r.count) {
      const crs = gaussKrugerCrs(r.datum, r.width, r.firstZone + (code - r.first), r.zonePrefix);
      return { ...crs, epsg: code };
    }
  }
  if ((code >= 32601 && code <= 32660) || (code >= 32701 && code <= 32760)) {
    const south = code > 32700;
    const zone = code - (south ? 32700 : 32600);
    return transverseMercatorCrs({
      datum: 'WGS84',
      centralMeridian: zone * 6 - 183,
      scaleFactor: 0.9996,
      falseEasting: 500000,
      falseNorthing: south ? 10_000_000 : 0,
      epsg: code,
      name: `WGS 84 / UTM zone ${zone}${south ? 'S' : 'N'}`,
    });
  }
  return null;
}

/**
 * Reads an EPSG code from strings such as "EPSG:4528", "urn:ogc:def:crs:EPSG::4528",
 * "http://www.opengis.net/def/crs/EPSG/0/4528" or "urn:ogc:def:crs:OGC:1.3:CRS84" (→ 4326).
 */
export function epsgFromCrsName(name: string): number | null {
  const s = name.trim();
  if (/CRS:?84$/i.test(s)) return 4326;
  const m = /EPSG(?::|::|\/\d+\/|\/)(?:[\d.]*:)?(\d{4,6})$/i.exec(s) ?? /^(\d{4,6})$/.exec(s);
  return m ? Number(m[1]) : null;
}

// ---------------------------------------------------------------- WKT

export interface WktNode {
  keyword: string;
  args: (string | number | WktNode)[];
}

/** Parses WKT (version 1 or 2, [] or () brackets) into a tree, or returns null. */
export function parseWkt(text: string): WktNode | null {
  let i = 0;
  const s = text;
  const ws = () => {
    while (i < s.length && /\s/.test(s[i])) i++;
  };
  const node = (): WktNode | null => {
    ws();
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(s.slice(i, i + 64));
    if (!m) return null;
    i += m[0].length;
    ws();
    if (s[i] !== '[' && s[i] !== '(') return { keyword: m[0], args: [] };
    const close = s[i] === '[' ? ']' : ')';
    i++;
    const args: (string | number | WktNode)[] = [];
    for (;;) {
      ws();
      if (s[i] === close) {
        i++;
        break;
      }
      if (i >= s.length) return null;
      if (s[i] === '"') {
        let out = '';
        i++;
        for (;;) {
          if (i >= s.length) return null;
          if (s[i] === '"') {
            if (s[i + 1] === '"') {
              out += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          out += s[i++];
        }
        args.push(out);
      } else if (/[-+.\d]/.test(s[i])) {
        const num = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?/.exec(s.slice(i, i + 64));
        if (!num) return null;
        args.push(Number(num[0]));
        i += num[0].length;
      } else {
        const child = node();
        if (!child) return null;
        args.push(child);
      }
      ws();
      if (s[i] === ',') i++;
      else if (s[i] !== close) return null;
    }
    return { keyword: m[0], args };
  };
  const root = node();
  return root && root.args.length > 0 ? root : null;
}

const norm = (v: string) => v.toLowerCase().replace(/[^a-z0-9]/g, '');

function children(n: WktNode, ...keywords: string[]): WktNode[] {
  const set = keywords.map((k) => k.toUpperCase());
  return n.args.filter((a): a is WktNode => typeof a === 'object' && set.includes(a.keyword.toUpperCase()));
}

function child(n: WktNode, ...keywords: string[]): WktNode | null {
  return children(n, ...keywords)[0] ?? null;
}

function nameOf(n: WktNode | null): string {
  const a = n?.args[0];
  return typeof a === 'string' ? a : '';
}

function numArg(n: WktNode | null, i: number): number | null {
  const a = n?.args[i];
  return typeof a === 'number' ? a : typeof a === 'string' && a.trim() !== '' && Number.isFinite(Number(a)) ? Number(a) : null;
}

function authorityCode(n: WktNode): number | null {
  for (const a of children(n, 'AUTHORITY', 'ID')) {
    const auth = nameOf(a).toUpperCase();
    const code = numArg(a, 1);
    if ((auth === 'EPSG' || auth === 'ESRI') && code !== null) return code;
  }
  return null;
}

function datumFromNames(names: string[]): GeodeticDatum | null {
  for (const raw of names) {
    const n = norm(raw);
    if (!n) continue;
    if (/china2000|cgcs2000|chinageodeticcoordinatesystem2000/.test(n)) return 'CGCS2000';
    if (/xian1980|xian80/.test(n)) return 'Xian80';
    if (/beijing1954|beijing54|newbeijing/.test(n)) return 'Beijing54';
    if (/wgs1984|wgs84|worldgeodeticsystem1984/.test(n)) return 'WGS84';
  }
  return null;
}

function datumFromSpheroid(a: number | null, invf: number | null): GeodeticDatum | null {
  if (a === null || invf === null) return null;
  const near = (x: number, y: number, tol: number) => Math.abs(x - y) <= tol;
  if (near(a, 6378137, 0.5) && near(invf, 298.257222101, 1e-6)) return 'CGCS2000';
  if (near(a, 6378137, 0.5) && near(invf, 298.257223563, 1e-6)) return 'WGS84';
  if (near(a, 6378140, 0.5) && near(invf, 298.257, 1e-4)) return 'Xian80';
  if (near(a, 6378245, 0.5) && near(invf, 298.3, 1e-4)) return 'Beijing54';
  return null;
}

function findDeep(n: WktNode, keywords: string[]): WktNode | null {
  for (const a of n.args) {
    if (typeof a !== 'object') continue;
    if (keywords.includes(a.keyword.toUpperCase())) return a;
    const inner = findDeep(a, keywords);
    if (inner) return inner;
  }
  return null;
}

function geodeticDatumOf(geog: WktNode): GeodeticDatum | null {
  const datum = findDeep(geog, ['DATUM', 'GEODETICDATUM', 'TRF', 'ENSEMBLE']);
  const spheroid = findDeep(geog, ['SPHEROID', 'ELLIPSOID']);
  return (
    datumFromNames([nameOf(datum), nameOf(geog), nameOf(spheroid)]) ??
    datumFromSpheroid(numArg(spheroid, 1), numArg(spheroid, 2))
  );
}

/** The name of the (outermost) coordinate system in a WKT string, for messages. */
export function wktName(wkt: string): string | null {
  const root = parseWkt(wkt.trim());
  return root ? nameOf(unwrap(root)) || null : null;
}

function unwrap(root: WktNode): WktNode {
  const k = root.keyword.toUpperCase();
  if (k === 'COMPD_CS' || k === 'COMPOUNDCRS') {
    return children(root, 'PROJCS', 'PROJCRS', 'GEOGCS', 'GEOGCRS', 'GEODCRS')[0] ?? root;
  }
  if (k === 'BOUNDCRS') {
    const src = child(root, 'SOURCECRS');
    const inner = src?.args.find((a): a is WktNode => typeof a === 'object');
    return inner ? unwrap(inner) : root;
  }
  return root;
}

function paramTable(nodes: WktNode[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of nodes) {
    const v = numArg(p, 1);
    if (v === null) continue;
    // WKT2 gives each parameter its own unit; lengths are converted to metres here
    const lu = child(p, 'LENGTHUNIT');
    const factor = lu ? numArg(lu, 1) ?? 1 : 1;
    out.set(norm(nameOf(p)), lu ? v * factor : v);
  }
  return out;
}

function pick(params: Map<string, number>, ...names: string[]): number | undefined {
  for (const n of names) {
    const v = params.get(n);
    if (v !== undefined) return v;
  }
  return undefined;
}

/**
 * Recognises the coordinate system of a .prj file (ESRI or OGC WKT1, or WKT2). Returns null
 * when the system is not one this module can transform (another projection or datum).
 */
export function parsePrj(wkt: string): CrsInfo | null {
  const text = wkt.replace(/^\uFEFF/, '').trim();
  // some tools write an authority code or a PROJ string instead of WKT
  if (/^\+proj=/i.test(text) || /\s\+proj=/i.test(` ${text}`)) return parseProjString(text);
  const code = /^[A-Za-z]/.test(text) && !/[[(]/.test(text) ? epsgFromCrsName(text) : null;
  if (code !== null) return crsFromEpsg(code);
  return parseWktCrs(text);
}

const PROJ_ELLIPSOIDS: Record<string, GeodeticDatum> = { grs80: 'CGCS2000', wgs84: 'WGS84', iau76: 'Xian80', krass: 'Beijing54' };

/** A PROJ string such as "+proj=tmerc +lon_0=120 +k=1 +x_0=40500000 +ellps=GRS80 +units=m". */
export function parseProjString(text: string): CrsInfo | null {
  const params = new Map<string, string>();
  for (const token of text.split(/\s+/)) {
    const m = /^\+([a-z_0-9]+)(?:=(.*))?$/i.exec(token);
    if (m) params.set(m[1].toLowerCase(), m[2] ?? '');
  }
  const proj = params.get('proj');
  const n = (k: string, d: number) => {
    const v = params.get(k);
    return v === undefined || v === '' ? d : Number(v);
  };
  const a = params.get('a');
  const b = params.get('b');
  if (proj === 'merc' && a === '6378137' && b === '6378137') return webMercatorCrs();
  const ellps = (params.get('ellps') ?? params.get('datum') ?? '').toLowerCase();
  const datum = PROJ_ELLIPSOIDS[ellps] ?? (ellps === 'wgs84' ? 'WGS84' : null);
  if (!datum) return null;
  const units = params.get('units');
  if (units !== undefined && units !== 'm') return null;
  if (proj === 'longlat' || proj === 'latlong' || proj === 'lonlat' || proj === 'latlon') return geographicCrs(datum);
  if (proj === 'utm') {
    const zone = n('zone', NaN);
    if (!Number.isInteger(zone)) return null;
    const south = params.has('south');
    return transverseMercatorCrs({
      datum,
      centralMeridian: zone * 6 - 183,
      scaleFactor: 0.9996,
      falseEasting: 500000,
      falseNorthing: south ? 10_000_000 : 0,
      epsg: datum === 'WGS84' ? (south ? 32700 : 32600) + zone : null,
      name: `UTM zone ${zone}${south ? 'S' : 'N'}`,
    });
  }
  if (proj !== 'tmerc' && proj !== 'etmerc') return null;
  const cm = n('lon_0', 0);
  const k0 = n('k', n('k_0', 1));
  const lat0 = n('lat_0', 0);
  const fe = n('x_0', 0);
  const fn = n('y_0', 0);
  const gk = inferGaussKrugerZone(cm, fe, fn, k0, lat0, '');
  return transverseMercatorCrs({
    datum,
    centralMeridian: cm,
    scaleFactor: k0,
    falseEasting: fe,
    falseNorthing: fn,
    latitudeOfOrigin: lat0,
    gk,
    epsg: gk ? gaussKrugerEpsg(datum, gk) : utmEpsg(datum, cm, k0, fe, fn, lat0),
  });
}

function parseWktCrs(text: string): CrsInfo | null {
  const parsed = parseWkt(text);
  if (!parsed) return null;
  const root = unwrap(parsed);
  const keyword = root.keyword.toUpperCase();
  const name = nameOf(root);
  const code = authorityCode(root);
  if (code !== null) {
    const known = crsFromEpsg(code);
    if (known) return known;
  }
  const projected = keyword === 'PROJCS' || keyword === 'PROJCRS' || keyword === 'PROJECTEDCRS';
  const geographic = ['GEOGCS', 'GEOGCRS', 'GEODCRS', 'GEOGRAPHICCRS', 'GEODETICCRS'].includes(keyword);
  if (!projected && !geographic) return null;
  const geog = projected ? child(root, 'GEOGCS', 'BASEGEOGCRS', 'BASEGEODCRS') ?? root : root;
  const datum = geodeticDatumOf(geog) ?? (projected ? datumFromNames([name]) : null);
  if (!datum) return null;
  if (geographic) {
    if (children(root, 'CS').some((cs) => norm(String(cs.args[0] ?? '')) === 'cartesian')) return null;
    return geographicCrs(datum, name || undefined);
  }

  const conversion = child(root, 'CONVERSION');
  const method = conversion ? nameOf(child(conversion, 'METHOD', 'PROJECTION')) : nameOf(child(root, 'PROJECTION'));
  const m = norm(method);
  const n = norm(name);
  if (
    /mercatorauxiliarysphere|pseudomercator|popularvisualisation/.test(m) ||
    (/^mercator/.test(m) && /webmercator|pseudomercator|auxiliarysphere/.test(n))
  ) {
    return webMercatorCrs(name || undefined);
  }
  if (!/^(transversemercator|gausskruger|gausskrueger|gaussianconformal)$/.test(m)) return null;

  const params = paramTable(conversion ? children(conversion, 'PARAMETER') : children(root, 'PARAMETER'));
  // WKT1: the root UNIT; WKT2: a LENGTHUNIT at the root or on the axes
  const unitNode = conversion
    ? child(root, 'LENGTHUNIT') ?? children(root, 'AXIS').map((a) => child(a, 'LENGTHUNIT')).find((u) => u) ?? null
    : child(root, 'UNIT');
  const unitMeters = numArg(unitNode, 1) ?? 1;
  const cm = pick(params, 'centralmeridian', 'longitudeofnaturalorigin', 'longitudeofcenter', 'longitudeoforigin');
  if (cm === undefined) return null;
  const k0 = pick(params, 'scalefactor', 'scalefactoratnaturalorigin') ?? 1;
  const lat0 = pick(params, 'latitudeoforigin', 'latitudeofnaturalorigin', 'latitudeofcenter') ?? 0;
  // WKT1 false easting/northing are in the projected unit, WKT2 ones were converted to metres
  const fe = (pick(params, 'falseeasting', 'eastingatfalseorigin') ?? 0) * (conversion ? 1 : unitMeters);
  const fn = (pick(params, 'falsenorthing', 'northingatfalseorigin') ?? 0) * (conversion ? 1 : unitMeters);
  const gk = inferGaussKrugerZone(cm, fe, fn, k0, lat0, name);
  const crs = transverseMercatorCrs({
    datum,
    centralMeridian: cm,
    scaleFactor: k0,
    falseEasting: fe,
    falseNorthing: fn,
    latitudeOfOrigin: lat0,
    unitMeters,
    gk,
    name: name || undefined,
    epsg: gk && unitMeters === 1 ? gaussKrugerEpsg(datum, gk) : utmEpsg(datum, cm, k0, fe, fn, lat0),
  });
  return crs;
}

function utmEpsg(datum: GeodeticDatum, cm: number, k0: number, fe: number, fn: number, lat0: number): number | null {
  if (datum !== 'WGS84' || k0 !== 0.9996 || fe !== 500000 || lat0 !== 0 || (fn !== 0 && fn !== 10_000_000)) return null;
  const zone = (cm + 183) / 6;
  if (!Number.isInteger(zone) || zone < 1 || zone > 60) return null;
  return (fn === 0 ? 32600 : 32700) + zone;
}

function inferGaussKrugerZone(cm: number, fe: number, fn: number, k0: number, lat0: number, name: string): GaussKrugerZoneInfo | null {
  if (k0 !== 1 || lat0 !== 0 || fn !== 0) return null;
  const k = (fe - 500000) / 1_000_000;
  if (Number.isInteger(k) && k > 0) {
    if (k * 3 === cm) return { width: 3, zone: k, zonePrefix: true };
    if (k * 6 - 3 === cm) return { width: 6, zone: k, zonePrefix: true };
    return null;
  }
  if (fe !== 500000) return null;
  const n = norm(name);
  const says3 = /3degree|3deg|3du|threedegree/.test(n) || /3度/.test(name);
  const says6 = /6degree|6deg|6du|sixdegree/.test(n) || /6度/.test(name);
  const gaussNamed = /gauss|gk/.test(n);
  let width: ZoneWidth | null = null;
  if (says3) width = 3;
  else if (says6 || (gaussNamed && cm % 6 === 3)) width = 6;
  else if (cm % 3 === 0) width = 3;
  if (!width) return null;
  const zone = width === 3 ? cm / 3 : (cm + 3) / 6;
  return Number.isInteger(zone) ? { width, zone, zonePrefix: false } : null;
}

// ---------------------------------------------------------------- output

function esriGeogcs(datum: GeodeticDatum): string {
  const unit = 'PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]';
  switch (datum) {
    case 'CGCS2000':
      return `GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],${unit}]`;
    case 'WGS84':
      return `GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],${unit}]`;
    case 'Xian80':
      return `GEOGCS["GCS_Xian_1980",DATUM["D_Xian_1980",SPHEROID["Xian_1980",6378140.0,298.257]],${unit}]`;
    case 'Beijing54':
      return `GEOGCS["GCS_Beijing_1954",DATUM["D_Beijing_1954",SPHEROID["Krasovsky_1940",6378245.0,298.3]],${unit}]`;
  }
}

const num = (v: number) => (Number.isInteger(v) ? v.toFixed(1) : String(v));

/** ESRI-flavoured WKT, as ArcGIS writes in .prj files (GDAL and QGIS read it too). */
export function crsToEsriWkt(crs: CrsInfo): string {
  if (crs.kind === 'geographic') return esriGeogcs(crs.datum);
  if (crs.kind === 'web-mercator') {
    return (
      'PROJCS["WGS_1984_Web_Mercator_Auxiliary_Sphere",' +
      esriGeogcs('WGS84') +
      ',PROJECTION["Mercator_Auxiliary_Sphere"],PARAMETER["False_Easting",0.0],PARAMETER["False_Northing",0.0],' +
      'PARAMETER["Central_Meridian",0.0],PARAMETER["Standard_Parallel_1",0.0],PARAMETER["Auxiliary_Sphere_Type",0.0],UNIT["Meter",1.0]]'
    );
  }
  const tm = crs.tm as TransverseMercatorParams;
  const prefix = { CGCS2000: 'CGCS2000', WGS84: 'WGS_1984', Xian80: 'Xian_1980', Beijing54: 'Beijing_1954' }[crs.datum];
  const gk = crs.gk;
  const name = gk
    ? `${prefix}_${gk.width === 3 ? '3_Degree_GK' : 'GK'}_${gk.zonePrefix ? `Zone_${gk.zone}` : `CM_${tm.centralMeridian}E`}`
    : crs.name.replace(/[^A-Za-z0-9]+/g, '_');
  const u = crs.unitMeters;
  return (
    `PROJCS["${name}",${esriGeogcs(crs.datum)},PROJECTION["${gk ? 'Gauss_Kruger' : 'Transverse_Mercator'}"],` +
    `PARAMETER["False_Easting",${num(tm.falseEasting / u)}],PARAMETER["False_Northing",${num(tm.falseNorthing / u)}],` +
    `PARAMETER["Central_Meridian",${num(tm.centralMeridian)}],PARAMETER["Scale_Factor",${num(tm.scaleFactor)}],` +
    `PARAMETER["Latitude_Of_Origin",${num(tm.latitudeOfOrigin)}],UNIT["${u === 1 ? 'Meter' : 'Unit'}",${num(u)}]]`
  );
}

/** Converts a geometry in `crs` coordinates to lon-lat (2D). */
export function reprojectGeometry(g: ParcelGeometry, crs: CrsInfo): ParcelGeometry {
  return mapPositions(g, (p) => crs.toLonLat(p[0], p[1]));
}

/** Converts a lon-lat geometry to `crs` coordinates (2D). */
export function projectGeometry(g: ParcelGeometry, crs: CrsInfo): ParcelGeometry {
  return mapPositions(g, (p) => crs.fromLonLat(p[0], p[1]));
}
