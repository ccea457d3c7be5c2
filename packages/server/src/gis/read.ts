/** Reading uploaded GIS files (zipped shapefile, GeoJSON, KML/KMZ) into lon-lat parcel features. */
import path from 'node:path';
import {
  CHINA_EXTENT,
  crsFromEpsg,
  geodesicArea,
  geographicCrs,
  geometryFromPolygons,
  mapPositions,
  parsePrj,
  rewindRfc7946,
  validateParcelGeometry,
  wktName,
  type CrsInfo,
  type FeatureProperties,
  type ParcelFeature,
  type ParcelGeometry,
  type Position,
  type Ring,
} from '@land/shared/geo/index';
import { union } from 'polyclip-ts';
import { crsReadings } from './crsGuess';
import { readDbf } from './dbf';
import { GIS_MESSAGES, GisFileError, SHAPEFILE_PARTS, missingShpError, noFeaturesError, refuseEmptyFile } from './errors';
import { parseGeoJson, type RawFeature } from './geojson';
import { parseKml } from './kml';
import { groupRings, readShp, type ShapeKind } from './shp';
import { decodeText, encodingFromCpg, isUtf8 } from './text';
import { isZip, readZipEntries } from './zip';

export interface ReadGisOptions {
  /**
   * Coordinate system of the file's coordinates (a CrsInfo or an EPSG code). It overrides the
   * .prj / GeoJSON `crs` member, and is what a user picks when the file has none.
   */
  crs?: CrsInfo | number;
  /**
   * Repair boundaries whose rings cross themselves (as GEOS/PostGIS MakeValid does: the ring is
   * split at its crossings into the polygons it encloses), chosen by the user after seeing them refused.
   */
  repair?: boolean;
  /** Longitude the office works at: readings offered for a file are ordered nearest it first. */
  nearLon?: number;
  /** The file's X and Y are taken the other way round (chosen by the user among the readings). */
  swapXY?: boolean;
  /** default 50 MB */
  maxFileBytes?: number;
  /** total declared size of the extracted zip entries, default 200 MB */
  maxUncompressedBytes?: number;
  /** validate every geometry (default true); invalid ones go to `rejected` */
  validate?: boolean;
  /** with validation, refuse geometry outside China (default true) */
  chinaOnly?: boolean;
  /**
   * The layer's geometry: 'polygon' (default, parcels) or 'line' (pipes, roads). A file of the
   * other kind is refused with "不是面图层" / "不是线图层".
   */
  geometry?: ShapeKind;
}

export type LineGeometry = { type: 'LineString'; coordinates: Position[] } | { type: 'MultiLineString'; coordinates: Position[][] };

/** A line feature in lon-lat (pipes, roads), as read with `geometry: 'line'`. */
export interface LineFeature {
  type: 'Feature';
  id?: string | number;
  geometry: LineGeometry;
  properties: FeatureProperties;
}

export interface RejectedFeature {
  /** position of the feature in the file (0-based) */
  index: number;
  message: string;
  properties: ParcelFeature['properties'];
}

export interface RepairedFeature {
  /** position of the feature in the file (0-based) */
  index: number;
  /** what was wrong, e.g. 第1个环自相交 */
  problem: string;
  /** area of the rings as written (lobes wound the other way subtract), m² */
  areaBefore: number;
  /** area of the repaired boundary, m² */
  areaAfter: number;
}

export interface GisReadResult<F = ParcelFeature> {
  /** lon-lat features, validated and normalised (RFC 7946 winding) unless validate: false */
  features: F[];
  /** the file's coordinate system (with the zone-number reading applied) */
  crs: CrsInfo;
  warnings: string[];
  /** features whose geometry failed validation */
  rejected: RejectedFeature[];
  /** features whose self-intersecting boundary was repaired (with `repair`), areas in m² */
  repaired?: RepairedFeature[];
  /** text encoding of the shapefile attributes */
  encoding?: string;
}

const MB = 1024 * 1024;
const MAX_WARNINGS = 20;

function resolveCrs(c: CrsInfo | number | undefined): CrsInfo | null {
  if (c === undefined) return null;
  if (typeof c === 'number') {
    const crs = crsFromEpsg(c);
    if (!crs) throw new GisFileError(`${GIS_MESSAGES.unknownCrs}：EPSG:${c}`);
    return crs;
  }
  return c;
}

function decodeFileText(bytes: Uint8Array): string {
  return decodeText(bytes, isUtf8(bytes) ? 'utf-8' : 'gbk').replace(/^\uFEFF/, '');
}

type AnyResult = GisReadResult<ParcelFeature | LineFeature>;

export function readGisFile(buffer: Uint8Array, filename: string, options: ReadGisOptions & { geometry: 'line' }): Promise<GisReadResult<LineFeature>>;
export function readGisFile(buffer: Uint8Array, filename: string, options?: ReadGisOptions & { geometry?: 'polygon' }): Promise<GisReadResult>;
export async function readGisFile(buffer: Uint8Array, filename: string, options: ReadGisOptions = {}): Promise<AnyResult> {
  const maxFile = options.maxFileBytes ?? 50 * MB;
  if (buffer.length > maxFile) {
    throw new GisFileError(`${GIS_MESSAGES.tooLarge}：不能超过${Math.round(maxFile / MB)}MB`, 'too-large');
  }
  refuseEmptyFile(buffer, filename);
  const ext = path.extname(filename).toLowerCase();
  const given = resolveCrs(options.crs);
  const limits = { maxUncompressedBytes: options.maxUncompressedBytes ?? 200 * MB, maxEntries: 1000 };
  switch (ext) {
    case '.zip':
      return readZipped(buffer, given, limits, options);
    case '.kmz': {
      const entries = await readZipEntries(buffer, (n) => /\.kml$/i.test(n), limits);
      const kml = [...entries.values()][0];
      if (!kml) throw new GisFileError('KMZ 压缩包中没有 .kml 文件');
      return readKmlText(decodeFileText(kml), options);
    }
    case '.kml':
      return readKmlText(decodeFileText(buffer), options);
    case '.geojson':
    case '.json':
      return readGeoJsonText(decodeFileText(buffer), given, options);
    case '.shp':
    case '.dbf':
    case '.shx':
    case '.prj':
      throw new GisFileError(`不能单独上传 ${ext} 文件：${SHAPEFILE_PARTS}`);
    default:
      if (!ext && isZip(buffer)) return readZipped(buffer, given, limits, options);
      throw new GisFileError(`${GIS_MESSAGES.unsupported}${ext ? `（${ext}）` : ''}：请上传 zip 压缩的 Shapefile、GeoJSON 或 KML/KMZ 文件`);
  }
}

async function readZipped(
  buffer: Uint8Array,
  given: CrsInfo | null,
  limits: { maxUncompressedBytes: number; maxEntries: number },
  options: ReadGisOptions,
): Promise<AnyResult> {
  // Every name is noted: a zip without a layer is answered with what it holds instead.
  const held: string[] = [];
  const entries = await readZipEntries(
    buffer,
    (n) => {
      held.push(n);
      return /\.(shp|shx|dbf|prj|cpg|kml|geojson|json)$/i.test(n);
    },
    limits,
  );
  const names = [...entries.keys()];
  const byExt = (e: string) => names.filter((n) => n.toLowerCase().endsWith(e));
  const shps = byExt('.shp');
  if (shps.length === 0) {
    const other = byExt('.geojson')[0] ?? byExt('.json')[0];
    if (other) return readGeoJsonText(decodeFileText(entries.get(other) as Uint8Array), given, options);
    const kml = byExt('.kml')[0];
    if (kml) return readKmlText(decodeFileText(entries.get(kml) as Uint8Array), options);
    throw missingShpError(held);
  }
  if (shps.length > 1) {
    throw new GisFileError(`压缩包中有多个图层（${shps.join('、')}），请每次只上传一个图层`);
  }
  const shpName = shps[0];
  const stem = shpName.slice(0, -4).toLowerCase();
  const companion = (e: string) => {
    const same = names.find((n) => n.toLowerCase() === stem + e);
    if (same) return same;
    const all = byExt(e);
    return all.length === 1 ? all[0] : undefined;
  };
  const dbfName = companion('.dbf');
  if (!dbfName) throw new GisFileError(`${GIS_MESSAGES.missingDbf}（${shpName} 的属性表）：${SHAPEFILE_PARTS}`);
  const prjName = companion('.prj');
  const cpgName = companion('.cpg');
  const warnings: string[] = [];

  let crs: CrsInfo | null;
  if (given) {
    crs = given;
  } else if (!prjName) {
    crs = null;
  } else {
    const wkt = decodeFileText(entries.get(prjName) as Uint8Array);
    const parsed = parsePrj(wkt);
    if (!parsed) {
      const name = wktName(wkt) ?? (wkt.trim().slice(0, 60) || '空的 .prj 文件');
      throw new GisFileError(`${GIS_MESSAGES.unknownCrs}：${name}`);
    }
    crs = parsed;
  }

  let encoding: string | null = null;
  if (cpgName) {
    const cpg = decodeText(entries.get(cpgName) as Uint8Array, 'utf-8');
    encoding = encodingFromCpg(cpg);
    if (!encoding) warnings.push(`无法识别 .cpg 中的编码“${cpg.trim()}”，已自动判断`);
  }
  const kind = options.geometry ?? 'polygon';
  const shp = readShp(entries.get(shpName) as Uint8Array, kind);
  const dbf = readDbf(entries.get(dbfName) as Uint8Array, encoding);
  warnings.push(...dbf.warnings);
  if (shp.records.length !== dbf.rows.length) {
    warnings.push(`.shp 有 ${shp.records.length} 条记录而 .dbf 有 ${dbf.rows.length} 条，按较少的一方读取`);
  }
  const n = Math.min(shp.records.length, dbf.rows.length);
  const raw: RawFeature[] = [];
  let nullShapes = 0;
  for (let i = 0; i < n; i++) {
    const rings = shp.records[i];
    const props = dbf.rows[i];
    if (props === null) continue; // deleted record
    if (!rings) {
      nullShapes++;
      continue;
    }
    raw.push(kind === 'line' ? { index: i, polygons: [], lines: rings, properties: props } : { index: i, polygons: groupRings(rings), properties: props });
  }
  if (nullShapes) warnings.push(`跳过了 ${nullShapes} 条没有几何图形的记录`);
  if (raw.length === 0) throw noFeaturesError(kind);
  if (!crs) {
    // The user chooses: the likeliest systems, each with where the file would land.
    throw new GisFileError(`${GIS_MESSAGES.missingPrj}，请选择文件所用的坐标系`, 'invalid', { crsReadings: crsReadings(firstPosition(raw), options.nearLon) });
  }
  const result = finish(raw, crs, warnings, options);
  return { ...result, encoding: dbf.encoding };
}

function readGeoJsonText(text: string, given: CrsInfo | null, options: ReadGisOptions): AnyResult {
  const parsed = parseGeoJson(text, options.geometry);
  let crs: CrsInfo;
  if (given) crs = given;
  else if (parsed.crsName) {
    const known = parsed.epsg !== null ? crsFromEpsg(parsed.epsg) : null;
    if (!known) throw new GisFileError(`${GIS_MESSAGES.unknownCrs}：${parsed.crsName}`);
    crs = known;
  } else {
    crs = geographicCrs('CGCS2000');
  }
  return finish(parsed.features, crs, parsed.warnings, options);
}

function readKmlText(text: string, options: ReadGisOptions): AnyResult {
  const parsed = parseKml(text, options.geometry);
  return finish(parsed.features, geographicCrs('WGS84'), parsed.warnings, options);
}

const inChina = (p: Position) =>
  p[0] >= CHINA_EXTENT.minLon && p[0] <= CHINA_EXTENT.maxLon && p[1] >= CHINA_EXTENT.minLat && p[1] <= CHINA_EXTENT.maxLat;

interface Transform {
  to: CrsInfo['toLonLat'];
  from: CrsInfo['fromLonLat'];
  warnings: string[];
}

/** Easting with or without the zone number against what the .prj declares. */
function zonePrefixFix(crs: CrsInfo, easting: number): Transform {
  const gk = crs.gk;
  const plain: Transform = { to: crs.toLonLat, from: crs.fromLonLat, warnings: [] };
  if (!gk) return plain;
  const shift = gk.zone * 1_000_000;
  if (!gk.zonePrefix && Math.floor(easting / 1_000_000) === gk.zone) {
    return {
      to: (x, y) => crs.toLonLat(x - shift, y),
      from: (lon, lat) => {
        const [x, y] = crs.fromLonLat(lon, lat);
        return [x + shift, y];
      },
      warnings: [`横坐标带有带号 ${gk.zone}，而 .prj 声明不带带号：已按第 ${gk.zone} 带换算`],
    };
  }
  if (gk.zonePrefix && easting > 0 && easting < 1_000_000) {
    return {
      to: (x, y) => crs.toLonLat(x + shift, y),
      from: (lon, lat) => {
        const [x, y] = crs.fromLonLat(lon, lat);
        return [x - shift, y];
      },
      warnings: [`横坐标不带带号，而 .prj 声明带号 ${gk.zone}：已按第 ${gk.zone} 带换算`],
    };
  }
  return plain;
}

/**
 * The zone-number slip of projected files (the easting with or without the zone number against
 * what the .prj declares) is read with a warning. Coordinates that do not land in China under the
 * declared system are never moved by a guess (such as swapping X and Y): the import stops and
 * offers the readings that would fit, each with where the file would land.
 */
function checkFits(crs: CrsInfo, sample: Position | undefined, options: ReadGisOptions): CrsInfo {
  if (!sample) return crs;
  const direct = zonePrefixFix(crs, sample[0]);
  const fixed: CrsInfo = direct.warnings.length ? { ...crs, toLonLat: direct.to, fromLonLat: direct.from, warnings: [...crs.warnings, ...direct.warnings] } : crs;
  if ((options.validate ?? true) === false || (options.chinaOnly ?? true) === false) return fixed;
  const lonLat = crs.kind === 'geographic' ? sample : fixed.toLonLat(sample[0], sample[1]);
  if (inChina(lonLat)) return fixed;
  const where = Number.isFinite(lonLat[0]) && Number.isFinite(lonLat[1]) ? `经度 ${lonLat[0].toFixed(4)}、纬度 ${lonLat[1].toFixed(4)}` : '无效的位置';
  throw new GisFileError(
    `坐标与坐标系不符：按“${crs.label}”换算，第一个点位于${where}，不在中国范围内。请确认文件的坐标系后重新读取`,
    'invalid',
    { crsReadings: crsReadings(options.swapXY ? [sample[1], sample[0]] : sample, options.nearLon), declared: { epsg: crs.epsg, label: crs.label, lonLat } },
  );
}

function firstPosition(raw: RawFeature[]): Position | undefined {
  for (const f of raw) {
    const p = f.polygons[0]?.[0]?.[0] ?? f.lines?.[0]?.[0];
    if (p) return p;
  }
  return undefined;
}

/** The features with X and Y exchanged in every position. */
function swapped(raw: RawFeature[]): RawFeature[] {
  const swap = (p: Position): Position => [p[1], p[0]];
  return raw.map((f) => ({
    ...f,
    polygons: f.polygons.map((poly) => poly.map((ring) => ring.map(swap))),
    ...(f.lines ? { lines: f.lines.map((line) => line.map(swap)) } : {}),
  }));
}

function finish(raw0: RawFeature[], crs0: CrsInfo, warnings0: string[], options: ReadGisOptions): AnyResult {
  if (raw0.length === 0) throw noFeaturesError(options.geometry ?? 'polygon');
  const raw = options.swapXY ? swapped(raw0) : raw0;
  const warnings = options.swapXY ? ['已按所选读法将 X、Y 互换', ...warnings0] : warnings0;
  return options.geometry === 'line' ? finishLines(raw, crs0, warnings, options) : finishFeatures(raw, crs0, warnings, options);
}

function rejectionWarnings(rejected: RejectedFeature[], out: string[]): void {
  rejected.slice(0, MAX_WARNINGS).forEach((r) => out.push(`第${r.index + 1}个要素未导入：${r.message}`));
  if (rejected.length > MAX_WARNINGS) out.push(`另有 ${rejected.length - MAX_WARNINGS} 个要素未导入`);
}

/** Largest number of positions one line feature may have (as a parcel boundary). */
const MAX_LINE_VERTICES = 50_000;

/** Reprojects and checks line features: finite positions, at least two distinct per part, inside China. */
function finishLines(raw: RawFeature[], crs0: CrsInfo, warnings: string[], options: ReadGisOptions): GisReadResult<LineFeature> {
  const crs = checkFits(crs0, firstPosition(raw), options);
  const out: string[] = [...crs.warnings, ...warnings];
  const features: LineFeature[] = [];
  const rejected: RejectedFeature[] = [];
  const validate = options.validate ?? true;
  const chinaOnly = options.chinaOnly ?? true;
  for (const f of raw) {
    const parts: Position[][] = [];
    let problem: string | null = null;
    let count = 0;
    for (const part of f.lines ?? []) {
      const clean: Position[] = [];
      for (const p of part) {
        const [lon, lat] = crs.kind === 'geographic' ? [p[0], p[1]] : crs.toLonLat(p[0], p[1]);
        if (!Number.isFinite(lon) || !Number.isFinite(lat)) problem = '坐标不是有效的数字';
        else if (validate && chinaOnly && !inChina([lon, lat])) problem = '坐标不在中国范围内';
        const last = clean[clean.length - 1];
        if (!last || last[0] !== lon || last[1] !== lat) clean.push([lon, lat]);
      }
      count += clean.length;
      if (clean.length >= 2) parts.push(clean);
    }
    if (!problem && parts.length === 0) problem = '线的有效点数少于2个';
    if (!problem && count > MAX_LINE_VERTICES) problem = `点数超过${MAX_LINE_VERTICES}个`;
    if (problem && validate) {
      rejected.push({ index: f.index, message: problem, properties: f.properties });
      continue;
    }
    if (parts.length === 0) continue;
    const geometry: LineGeometry = parts.length === 1 ? { type: 'LineString', coordinates: parts[0] } : { type: 'MultiLineString', coordinates: parts };
    features.push({ type: 'Feature', ...(f.id !== undefined ? { id: f.id } : {}), geometry, properties: f.properties });
  }
  if (features.length === 0 && rejected.length > 0) {
    throw new GisFileError(`文件中没有可导入的线：第${rejected[0].index + 1}个要素${rejected[0].message}`);
  }
  rejectionWarnings(rejected, out);
  return { features, crs, warnings: out, rejected };
}

/**
 * Reprojects polygon features from `crs0` to lon-lat (reading the usual zone-number slip of
 * projected data; coordinates that do not fit `crs0` stop the import), validates them and sorts out the rejected ones. Exported for the
 * readers of other sources (coordinate tables) so that every path checks parcels the same way.
 */
export function finishFeatures(raw: RawFeature[], crs0: CrsInfo, warnings: string[], options: ReadGisOptions): GisReadResult {
  const crs = checkFits(crs0, firstPosition(raw), options);
  const out: string[] = [...crs.warnings, ...warnings];
  const features: ParcelFeature[] = [];
  const rejected: RejectedFeature[] = [];
  const repaired: RepairedFeature[] = [];
  const validate = options.validate ?? true;
  for (const f of raw) {
    if (f.polygons.length === 0) {
      rejected.push({ index: f.index, message: '没有有效的面', properties: f.properties });
      continue;
    }
    let geometry = geometryFromPolygons(f.polygons.map((poly) => poly.map((ring) => ring as Ring)));
    if (crs.kind !== 'geographic') geometry = mapPositions(geometry, (p) => crs.toLonLat(p[0], p[1]));
    if (validate) {
      let v = validateParcelGeometry(geometry, { chinaOnly: options.chinaOnly ?? true });
      if (!v.ok && options.repair && v.message.endsWith('自相交')) {
        const fixed = makeValid(geometry);
        const again = fixed && validateParcelGeometry(fixed, { chinaOnly: options.chinaOnly ?? true });
        if (again?.ok) {
          const r = { index: f.index, problem: v.message, areaBefore: round2(geodesicArea(geometry)), areaAfter: round2(geodesicArea(again.geometry)) };
          repaired.push(r);
          out.push(`第${f.index + 1}个要素${v.message}，已修复：面积 ${r.areaBefore} ㎡ → ${r.areaAfter} ㎡`);
          v = again;
        }
      }
      if (!v.ok) {
        rejected.push({ index: f.index, message: v.message, properties: f.properties });
        continue;
      }
      geometry = v.geometry;
    } else {
      geometry = rewindRfc7946(geometry);
    }
    features.push({ type: 'Feature', ...(f.id !== undefined ? { id: f.id } : {}), geometry, properties: f.properties });
  }
  if (features.length === 0 && rejected.length > 0) {
    throw new GisFileError(`文件中没有可导入的面：第${rejected[0].index + 1}个要素${rejected[0].message}`);
  }
  rejectionWarnings(rejected, out);
  return { features, crs, warnings: out, rejected, ...(options.repair ? { repaired } : {}) };
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * A valid boundary from rings that cross themselves: the union of the polygon with itself
 * (polyclip-ts) splits each ring at its crossings, like GEOS MakeValid, keeping every lobe.
 */
function makeValid(g: ParcelGeometry): ParcelGeometry | null {
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  try {
    const out = union(polygons as Parameters<typeof union>[0]) as Ring[][];
    if (out.length === 0) return null;
    return rewindRfc7946(out.length === 1 ? { type: 'Polygon', coordinates: out[0] } : { type: 'MultiPolygon', coordinates: out });
  } catch {
    return null;
  }
}
