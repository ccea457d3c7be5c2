import { ERROR_CODES } from '@land/shared/api';
import { AppError } from '../lib/errors';

/**
 * A GIS file that cannot be read, with a Chinese message for the user. It is an AppError
 * (A0400, or A0413 for size limits), so a route that lets it through answers 400/413 with the
 * message and `data.field = 'file'`.
 */
export class GisFileError extends AppError {
  constructor(message: string, kind: 'invalid' | 'too-large' = 'invalid', extra: Record<string, unknown> = {}) {
    const tooLarge = kind === 'too-large';
    super(
      tooLarge ? ERROR_CODES.TOO_LARGE : ERROR_CODES.VALIDATION,
      message,
      tooLarge ? 413 : 400,
      { field: 'file', errors: [{ field: 'file', msg: message }], ...extra },
    );
    this.name = 'GisFileError';
  }
}

/** What a boundary file should be, said wherever one is refused for what it is. */
export const GIS_EXPECTED = '请上传 zip 压缩的 Shapefile、GeoJSON 或 KML/KMZ 文件';
/** What a zipped shapefile must hold. */
export const SHAPEFILE_PARTS = 'Shapefile 须将同名的 .shp、.shx、.dbf、.prj（及 .cpg）文件一起压缩为 zip 后上传';

export const GIS_MESSAGES = {
  missingDbf: '压缩包中缺少 .dbf 文件',
  missingShp: '压缩包中缺少 .shp 文件',
  missingPrj: '缺少 .prj 文件，无法确定坐标系',
  unknownCrs: '无法识别的坐标系',
  notZip: '文件不是有效的 zip 压缩包',
  unsupported: '不支持的文件类型',
  tooLarge: '文件过大',
} as const;

/** What an uploaded file is called when it is empty: “GeoJSON 文件是空的，没有任何内容”. */
const EMPTY_NAMES: Record<string, string> = {
  '.zip': 'zip 压缩包',
  '.kmz': 'KMZ 文件',
  '.kml': 'KML 文件',
  '.geojson': 'GeoJSON 文件',
  '.json': 'GeoJSON 文件',
  '.csv': 'CSV 文件',
  '.xlsx': 'Excel 文件',
};

/** A file of 0 bytes (a failed export or copy) is said to be empty, whatever its type. */
export function refuseEmptyFile(buffer: Uint8Array, filename: string): void {
  if (buffer.byteLength > 0) return;
  const ext = /\.[^.]+$/.exec(filename)?.[0].toLowerCase() ?? '';
  throw new GisFileError(`${EMPTY_NAMES[ext] ?? '文件'}是空的，没有任何内容`);
}

/** What a layer of the other kind holds, and what was wanted: 不是面图层：文件中只有点… */
export function wrongLayerError(kind: 'polygon' | 'line', found: string[]): GisFileError {
  const [name, wanted, types] = kind === 'polygon' ? ['面', '面（多边形）', 'Polygon 或 MultiPolygon'] : ['线', '线', 'LineString 或 MultiLineString'];
  return new GisFileError(`不是${name}图层：文件中只有${found.join('、')}，没有${wanted}。请上传${name}图层（${types}）`);
}

/** A file with no feature at all (an empty FeatureCollection, a layer of empty records). */
export function noFeaturesError(kind: 'polygon' | 'line'): GisFileError {
  return new GisFileError(`文件中没有任何要素：须至少含有一个${kind === 'polygon' ? '面（地块边界）' : '线'}`);
}

/** Office documents are ZIPs too: named by what they are, not by the .shp they lack. */
const OFFICE_PARTS: [part: string, what: string][] = [
  ['word/document.xml', 'Word 文档'],
  ['xl/workbook.xml', 'Excel 表格'],
  ['ppt/presentation.xml', 'PowerPoint 演示文稿'],
];

/** The answer to a zip without a .shp (nor GeoJSON or KML): what it holds instead, and what is needed. */
export function missingShpError(names: string[]): GisFileError {
  const office = OFFICE_PARTS.find(([part]) => names.includes(part));
  if (office) return new GisFileError(`文件内容是 ${office[1]}，不是 GIS 数据：${GIS_EXPECTED}`);
  if (names.length === 0) return new GisFileError(`压缩包是空的，没有任何文件：${SHAPEFILE_PARTS}`);
  const shown = names.slice(0, 5).join('、') + (names.length > 5 ? ` 等 ${names.length} 个文件` : '');
  return new GisFileError(`${GIS_MESSAGES.missingShp}（压缩包中只有 ${shown}）：${SHAPEFILE_PARTS}`);
}
