/**
 * GIS exchange rules: turning an uploaded file into GeoJSON (fileToGeoJson) and writing
 * parcels or supply-plan parcels as shapefile, GeoJSON or KML, read from the database in
 * chunks so that 100,000 rows never sit in memory as objects.
 */
import { Readable } from 'node:stream';
import { sql, type Expression, type QueryResult, type SqlBool } from 'kysely';
import { entityByName } from '@land/shared/entities/index';
import type { EntityDef, FieldDef } from '@land/shared/entity';
import type { FeatureProperties, FeatureValue, ParcelFeature, ParcelGeometry } from '@land/shared/geo/index';
import { formatDate, formatDateTime } from '@land/shared/helpers';
import type { DialectName } from '../db/database';
import { queryColumns } from '../entities/columns';
import type { AnyDb, Row } from '../entities/repository';
import {
  GisFileError,
  refuseEmptyFile,
  KML_FOOTER,
  ShapefileZipWriter,
  isTableFile,
  kmlHeader,
  kmlPlacemark,
  readCoordinateTable,
  readGisFile,
  type RepairedFeature,
  toFeatureCollection,
  type RejectedFeature,
  type ShapefileStreamOptions,
  type StreamField,
} from '../gis/index';
import { compileConditions, type Condition, type QueryColumns } from '../lib/pagedQuery';
import { validationError } from '../lib/errors';
import { sniff } from './files';
import { PARCEL_DETAIL_COLUMNS, publicParcelScope } from './publicParcels';

// ---------------------------------------------------------------- fileToGeoJson

export interface ConvertOptions {
  /** EPSG code of the file's coordinates, overriding its .prj (or the guess for tables) */
  crs?: number;
  /** read the file's X as Y and Y as X */
  swapXY?: boolean;
  /** repair self-intersecting boundaries (MakeValid) instead of refusing them */
  repair?: boolean;
  /** longitude the office works at: orders the coordinate systems offered for a file */
  nearLon?: number;
  /** largest file read, bytes */
  maxFileBytes?: number;
  /** declared size of a zip's extracted entries, bytes */
  maxUncompressedBytes?: number;
}

export interface ConvertResult {
  type: 'FeatureCollection';
  features: ReturnType<typeof toFeatureCollection>['features'];
  crs: { epsg: number | null; label: string };
  warnings: string[];
  rejected: RejectedFeature[];
  /** with `repair`: the self-intersecting boundaries repaired, with their areas before and after (m²) */
  repaired?: RepairedFeature[];
}

/** Most rejected features listed in the answer (the count is in the warnings). */
const MAX_REJECTED_LISTED = 1000;

/**
 * Reads a zipped shapefile, GeoJSON, KML/KMZ, or a CSV/Excel coordinate table into lon-lat
 * GeoJSON. The bytes decide over the name where they disagree: a zip named .geojson is read
 * as a zip, and a picture or PDF is refused whatever it is called.
 */
export async function convertToGeoJson(buffer: Uint8Array, filename: string, options: ConvertOptions = {}): Promise<ConvertResult> {
  refuseEmptyFile(buffer, filename);
  const kind = sniff(Buffer.from(buffer.buffer, buffer.byteOffset, Math.min(buffer.byteLength, 16)));
  if (kind && kind !== 'zip') throw new GisFileError(`文件内容是 ${kind.toUpperCase()}，不是 GIS 数据：请上传 zip 压缩的 Shapefile、GeoJSON、KML/KMZ、CSV 或 Excel 文件`);
  const isXlsx = /\.xlsx$/i.test(filename);
  let name = filename;
  if (kind === 'zip' && !/\.(zip|kmz|xlsx)$/i.test(filename)) name = `${filename}.zip`;
  const result =
    isTableFile(name) && !(kind === 'zip' && !isXlsx)
      ? await readCoordinateTable(buffer, name, { crs: options.crs })
      : await readGisFile(buffer, name, { crs: options.crs, swapXY: options.swapXY, repair: options.repair, nearLon: options.nearLon, maxFileBytes: options.maxFileBytes, maxUncompressedBytes: options.maxUncompressedBytes });
  const collection = toFeatureCollection(result.features);
  return {
    type: 'FeatureCollection',
    features: collection.features,
    crs: { epsg: result.crs.epsg, label: result.crs.label },
    warnings: result.warnings,
    rejected: result.rejected.slice(0, MAX_REJECTED_LISTED),
    ...(result.repaired ? { repaired: result.repaired } : {}),
  };
}

// ---------------------------------------------------------------- layer export

export type ExportFormat = 'shp' | 'geojson' | 'kml';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['shp', 'geojson', 'kml'];

/** A field of an exported layer: the entity field, its DBF name and whether visitors get it. */
export interface LayerField {
  name: string;
  /** ASCII, ≤ 10 characters: pinyin initials as in the national land databases (DKBH, TDMJ…) */
  dbf: string;
  public: boolean;
}

export interface LayerSpec {
  entity: string;
  /** Chinese name of the layer, for file names and the readme */
  label: string;
  /** base name of the files inside the zip (ASCII keeps every GIS program happy) */
  baseName: string;
  fields: LayerField[];
  /** visitors' rows: e.g. published parcels only */
  publicScope?: () => Expression<SqlBool>;
  /** property used as the placemark name in KML */
  nameField: string;
}

/**
 * The parcel layer. Field names follow the pinyin-initial convention of the national land
 * databases (三调 DLBM, TBMJ, QSDWMC…): plain ASCII opens alike in ArcGIS (whose older versions
 * garble UTF-8 field names), QGIS, MapGIS and SuperMap, while the values stay Chinese;
 * 字段说明.txt maps each name to its Chinese meaning. Internal columns (owner, appraisal,
 * lifecycle bookkeeping) are staff-only: visitors get the columns of the public parcel detail.
 */
export const PARCEL_LAYER: LayerSpec = {
  entity: 'tLandinfo',
  label: '地块',
  baseName: 'parcels',
  nameField: 'dkmc',
  publicScope: () => publicParcelScope,
  // Visitors get exactly the columns of the public parcel detail (publicParcels.ts).
  fields: ([
    { name: 'id', dbf: 'ID' },
    { name: 'dkbh', dbf: 'DKBH' },
    { name: 'dkmc', dbf: 'DKMC' },
    { name: 'dzjgh', dbf: 'DZJGH' },
    { name: 'areacode', dbf: 'SSPQ' },
    { name: 'jdcode', dbf: 'SSJD' },
    { name: 'xzqdm', dbf: 'XZQDM' },
    { name: 'location', dbf: 'TDZL' },
    { name: 'boundEast', dbf: 'SZ_D' },
    { name: 'boundSouth', dbf: 'SZ_N' },
    { name: 'boundWest', dbf: 'SZ_X' },
    { name: 'boundNorth', dbf: 'SZ_B' },
    { name: 'landArea', dbf: 'TDMJ' },
    { name: 'landAreaMu', dbf: 'TDMJ_MU' },
    { name: 'transferArea', dbf: 'CRMJ' },
    { name: 'geometryArea', dbf: 'TXMJ' },
    { name: 'dlcode', dbf: 'TDYT' },
    { name: 'plannedUse', dbf: 'GHYT' },
    { name: 'zylx', dbf: 'ZYLX' },
    { name: 'plotRatioMin', dbf: 'RJL_XX' },
    { name: 'plotRatioMax', dbf: 'RJL_SX' },
    { name: 'buildingDensityMin', dbf: 'JZMD_XX' },
    { name: 'buildingDensityMax', dbf: 'JZMD_SX' },
    { name: 'greenRatioMin', dbf: 'LDL_XX' },
    { name: 'greenRatioMax', dbf: 'LDL_SX' },
    { name: 'heightLimit', dbf: 'JZXG' },
    { name: 'investmentIntensity', dbf: 'TZQD' },
    { name: 'taxPerMu', dbf: 'MJSS' },
    { name: 'tenureYears', dbf: 'CRNX' },
    { name: 'startingPrice', dbf: 'QSJ' },
    { name: 'deposit', dbf: 'JMBZJ' },
    { name: 'bidIncrement', dbf: 'JJFD' },
    { name: 'appraisedPrice', dbf: 'PGJ' },
    { name: 'landGrade', dbf: 'TDJB' },
    { name: 'supplyMethod', dbf: 'GDFS' },
    { name: 'owner', dbf: 'QSDW' },
    { name: 'currentUse', dbf: 'TDXZ' },
    { name: 'levelled', dbf: 'SFPZ' },
    { name: 'contact', dbf: 'LXR' },
    { name: 'phone', dbf: 'LXDH' },
    { name: 'centerLon', dbf: 'ZXJD' },
    { name: 'centerLat', dbf: 'ZXWD' },
    { name: 'status', dbf: 'ZT' },
    { name: 'tradeState', dbf: 'JYZT' },
    { name: 'publishedAt', dbf: 'FBSJ' },
  ] as { name: string; dbf: string }[]).map((f) => ({ ...f, public: PARCEL_DETAIL_COLUMNS.includes(f.name) })),
};

/** Parcels of the land-supply plan (供地计划) that have a boundary; the plan is public. */
export const SUPPLY_PLAN_LAYER: LayerSpec = {
  entity: 'tGyjsyd',
  label: '供地计划地块',
  baseName: 'supply_plan',
  nameField: 'parcelName',
  fields: [
    { name: 'id', dbf: 'ID', public: true },
    { name: 'planYear', dbf: 'JHND', public: true },
    { name: 'parcelName', dbf: 'DKMC', public: true },
    { name: 'parcelCode', dbf: 'DKBH', public: true },
    { name: 'location', dbf: 'TDZL', public: true },
    { name: 'areacode', dbf: 'SSPQ', public: true },
    { name: 'dlcode', dbf: 'TDYT', public: true },
    { name: 'gdfx', dbf: 'GDFX', public: true },
    { name: 'supplyMethod', dbf: 'GYFS', public: true },
    { name: 'planArea', dbf: 'JHMJ', public: true },
    { name: 'planAreaMu', dbf: 'JHMJ_MU', public: true },
    { name: 'planQuarter', dbf: 'JHJD', public: true },
    { name: 'planSupplyDate', dbf: 'JHGYRQ', public: true },
    { name: 'status', dbf: 'ZXZT', public: true },
    { name: 'remark', dbf: 'BZ', public: false },
  ],
};

/** Most features one export writes; a larger selection is refused with a hint to filter. */
export const MAX_EXPORT_FEATURES = 200_000;
const CHUNK_ROWS = 1000;

const encoder = new TextEncoder();
const bytes = (s: string) => encoder.encode(s).length;

interface ResolvedField {
  field: FieldDef | { name: 'id'; type: 'string'; label: string; maxLength: number };
  dbf: string;
  /** ref / tree: value → name */
  labels?: Map<string, string>;
}

/** Names of the records a ref or tree field points at (districts, streets, land classes). */
async function labelsOf(db: AnyDb, f: FieldDef): Promise<Map<string, string> | undefined> {
  const target = f.type === 'ref' ? f.ref : f.type === 'tree' ? f.tree : undefined;
  const def = target && entityByName(target.entity);
  if (!target || !def) return undefined;
  const valueField = (target as { valueField?: string }).valueField ?? 'id';
  const rows = (await db.selectFrom(def.table).select([`${valueField} as v`, `${target.labelField} as l`]).limit(20_000).execute()) as Row[];
  return new Map(rows.map((r) => [String(r.v), String(r.l ?? r.v)]));
}

/** Cell value of a field as people read it: names for refs and choices, 是/否, dates. */
function exportValue(r: ResolvedField, raw: unknown): FeatureValue {
  if (raw === null || raw === undefined || raw === '') return null;
  const f = r.field;
  switch (f.type) {
    case 'enum':
      return (f as FieldDef).options?.find((o) => o.value === String(raw))?.label ?? String(raw);
    case 'ref':
    case 'tree':
      return r.labels?.get(String(raw)) ?? String(raw);
    case 'boolean':
      return raw === 1 || raw === '1' || raw === true ? '是' : '否';
    case 'integer':
    case 'number': {
      const n = Number(raw);
      return Number.isFinite(n) ? n : null;
    }
    case 'date':
      return formatDate(String(raw)) || String(raw);
    case 'datetime':
      return formatDateTime(String(raw)) || String(raw);
    default:
      return String(raw);
  }
}

function streamField(r: ResolvedField): StreamField {
  const f = r.field;
  const label = 'unit' in f && f.unit ? `${f.label}（${f.unit}）` : f.label;
  const base = { key: f.name, dbfName: r.dbf, label };
  switch (f.type) {
    case 'integer':
      return { ...base, type: 'integer', width: 11 };
    case 'number':
      return { ...base, type: 'number', width: 20, decimals: Math.min(8, (f as FieldDef).precision ?? 2) };
    case 'date':
      return { ...base, type: 'date', width: 8 };
    case 'datetime':
      return { ...base, type: 'string', width: 19 };
    case 'boolean':
      return { ...base, type: 'string', width: 3 };
    case 'enum':
      return { ...base, type: 'string', width: Math.max(1, ...((f as FieldDef).options ?? []).map((o) => bytes(o.label))) };
    case 'ref':
    case 'tree':
      return { ...base, type: 'string', width: Math.min(254, Math.max(8, ...[...(r.labels?.values() ?? [])].map(bytes))) };
    default:
      // UTF-8 Chinese takes 3 bytes a character; the declared length bounds the value.
      return { ...base, type: 'string', width: Math.min(254, Math.max(1, ('maxLength' in f && f.maxLength ? f.maxLength : 200) * 3)) };
  }
}

export interface LayerExportRequest {
  spec: LayerSpec;
  /** visitors get public fields, public columns to filter on and the public scope */
  audience: 'public' | 'staff';
  conditions: { column: string; type: string; val?: unknown }[];
  format: ExportFormat;
  /** A further condition on the layer's table (the public search's named filters). */
  scope?: Expression<SqlBool>;
}

export interface LayerExportFile {
  body: Buffer | Readable;
  contentType: string;
  fileName: string;
  asciiName: string;
}

const FORMAT_INFO: Record<ExportFormat, { ext: string; type: string }> = {
  shp: { ext: 'zip', type: 'application/zip' },
  geojson: { ext: 'geojson', type: 'application/geo+json; charset=utf-8' },
  kml: { ext: 'kml', type: 'application/vnd.google-earth.kml+xml; charset=utf-8' },
};

/**
 * Exports a layer: the rows matching the conditions (the selectByPage query language, on the
 * audience's columns) that have a boundary. Rows are read by keyset (id order), CHUNK_ROWS at a
 * time; the shapefile is encoded as they come, GeoJSON and KML are streamed to the client.
 */
/** A feature on its way into a shapefile: the boundary and attributes keyed by field name. */
export interface ShapefileFeature {
  geometry: ParcelGeometry;
  properties: FeatureProperties;
}

/**
 * Writes a zipped shapefile from features that arrive chunk by chunk. The server passes the
 * worker pool's (WorkerPool.writeShapefile); without one it is written in this thread.
 */
export type ShapefileBuilder = (fields: StreamField[], options: ShapefileStreamOptions, chunks: AsyncIterable<ShapefileFeature[]>) => Promise<Buffer>;

export async function writeShapefileChunks(fields: StreamField[], options: ShapefileStreamOptions, chunks: AsyncIterable<ShapefileFeature[]>): Promise<Buffer> {
  const writer = new ShapefileZipWriter(fields, options);
  for await (const list of chunks) for (const f of list) writer.add(f.geometry, f.properties);
  return writer.finish();
}

export async function exportLayer(
  db: AnyDb,
  dialect: DialectName,
  req: LayerExportRequest,
  buildShapefile: ShapefileBuilder = writeShapefileChunks,
): Promise<LayerExportFile> {
  const def = entityByName(req.spec.entity) as EntityDef;
  const publicView = req.audience === 'public';
  const chosen = req.spec.fields.filter((f) => !publicView || f.public);
  const allowed = new Set(chosen.map((f) => f.name));
  const columns: QueryColumns = Object.fromEntries(Object.entries(queryColumns(def)).filter(([k]) => !publicView || allowed.has(k)));
  const { where } = compileConditions(req.conditions as Condition[], columns, dialect);
  const scope = publicView ? req.spec.publicScope?.() : undefined;
  const filters = [scope, where, req.scope].filter((x): x is Expression<SqlBool> => x !== undefined);
  const hasGeometry = sql<SqlBool>`${sql.ref('geometry')} is not null`;

  const count = async (extra: Expression<SqlBool>) => {
    const all = [...filters, extra];
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(def.table)} where ${sql.join(all, sql` and `)}`.execute(db);
    return Number(row.rows[0]?.n ?? 0);
  };
  const total = await count(hasGeometry);
  if (total > MAX_EXPORT_FEATURES) {
    throw validationError('params', `符合条件的${req.spec.label}共${total}个，超过${MAX_EXPORT_FEATURES}个的导出上限，请缩小查询范围后再导出`);
  }
  const withoutGeometry = await count(sql<SqlBool>`${sql.ref('geometry')} is null`);

  const resolved: ResolvedField[] = [];
  for (const f of chosen) {
    const field = f.name === 'id' ? ({ name: 'id', type: 'string', label: '记录编号', maxLength: 26 } as const) : def.fields.find((x) => x.name === f.name);
    if (!field) continue;
    resolved.push({ field, dbf: f.dbf, labels: field.type === 'ref' || field.type === 'tree' ? await labelsOf(db, field as FieldDef) : undefined });
  }
  const selected = ['id', 'geometry', ...resolved.map((r) => r.field.name).filter((n) => n !== 'id')];

  async function* chunks(): AsyncGenerator<{ geometry: ParcelGeometry; row: Row }[]> {
    let last: string | null = null;
    for (;;) {
      const parts: Expression<SqlBool>[] = [...filters, hasGeometry, ...(last ? [sql<SqlBool>`${sql.ref('id')} > ${last}`] : [])];
      const page: QueryResult<Row> = await sql<Row>`select ${sql.join(selected.map((c) => sql.ref(c)))} from ${sql.table(def.table)} where ${sql.join(parts, sql` and `)} order by ${sql.ref('id')} asc limit ${CHUNK_ROWS}`.execute(db);
      if (page.rows.length === 0) return;
      last = String(page.rows[page.rows.length - 1].id);
      const out: { geometry: ParcelGeometry; row: Row }[] = [];
      for (const row of page.rows) {
        try {
          const g = JSON.parse(String(row.geometry)) as ParcelGeometry;
          if (g && (g.type === 'Polygon' || g.type === 'MultiPolygon')) out.push({ geometry: g, row });
        } catch {
          // A stored boundary that is not JSON is skipped rather than failing the whole export.
        }
      }
      yield out;
      if (page.rows.length < CHUNK_ROWS) return;
    }
  }

  /** Attributes keyed by field name (the shapefile maps them to DBF names) or by Chinese label. */
  const props = (row: Row, keys: 'name' | 'label'): FeatureProperties => {
    const out: FeatureProperties = {};
    for (const r of resolved) out[keys === 'name' ? r.field.name : r.field.label] = exportValue(r, row[r.field.name]);
    return out;
  };

  const stamp = formatDate(new Date());
  const title = `${publicView ? '' : '全部'}${req.spec.label}`;
  const info = FORMAT_INFO[req.format];
  const fileName = `${title}_${stamp}.${info.ext}`;
  const asciiName = `${req.spec.baseName}_${stamp}.${info.ext}`;
  const notes = [
    `导出时间：${formatDateTime(new Date())}`,
    `导出范围：${publicView ? `已公开的${req.spec.label}` : `全部${req.spec.label}（后台导出）`}${req.conditions.length ? `，查询条件 ${JSON.stringify(req.conditions)}` : ''}`,
    ...(withoutGeometry ? [`另有 ${withoutGeometry} 个符合条件的${req.spec.label}尚无边界，未导出`] : []),
  ];

  if (req.format === 'shp') {
    async function* features(): AsyncGenerator<ShapefileFeature[]> {
      for await (const list of chunks()) yield list.map(({ geometry, row }) => ({ geometry, properties: props(row, 'name') }));
    }
    const body = await buildShapefile(resolved.map(streamField), { baseName: req.spec.baseName, notes }, features());
    return { body, contentType: info.type, fileName, asciiName };
  }

  // GeoJSON and KML carry Chinese labels as attribute names: no 10-byte limit there.
  const nameLabel = resolved.find((r) => r.field.name === req.spec.nameField)?.field.label;
  async function* text(format: 'geojson' | 'kml'): AsyncGenerator<string> {
    let n = 0;
    yield format === 'geojson' ? '{"type":"FeatureCollection","features":[\n' : kmlHeader(title);
    for await (const list of chunks()) {
      const parts: string[] = [];
      for (const { geometry, row } of list) {
        const feature: ParcelFeature = { type: 'Feature', id: String(row.id), geometry, properties: props(row, 'label') };
        parts.push(format === 'geojson' ? `${n ? ',' : ''}${JSON.stringify(feature)}` : kmlPlacemark(feature, n, nameLabel));
        n++;
      }
      if (parts.length) yield parts.join('\n') + '\n';
    }
    yield format === 'geojson' ? ']}\n' : KML_FOOTER;
  }
  return { body: Readable.from(text(req.format)), contentType: info.type, fileName, asciiName };
}
