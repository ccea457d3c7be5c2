/** GIS file import and export (Node only). Import from '@land/server/gis/index'. */
export { GisFileError, GIS_MESSAGES, refuseEmptyFile } from './errors';
export {
  readGisFile,
  finishFeatures,
  type ReadGisOptions,
  type GisReadResult,
  type RejectedFeature,
  type RepairedFeature,
  type LineFeature,
  type LineGeometry,
} from './read';
export {
  writeShapefileZip,
  dbfFieldNames,
  type ShapefileField,
  type ShapefileFieldType,
  type WriteShapefileOptions,
  type WritableFeature,
} from './write';
export { ShapefileZipWriter, type StreamField, type ShapefileStreamOptions } from './shapefileStream';
export { readCoordinateTable, isTableFile, parseCsv, TABLE_MESSAGES, MAX_TABLE_ROWS, type TableReadOptions } from './table';
export { parseWkt, toWkt, looksLikeWkt, type WktGeometry } from './wkt';
export { toKml, kmlHeader, kmlPlacemark, KML_FOOTER, type KmlOptions } from './kml';
export { toGeoJson, toFeatureCollection, type GeoJsonOutputOptions } from './geojson';
export { readDbf, writeDbf, type DbfField, type DbfTable, type DbfWriteField } from './dbf';
export { readShp, writeShp, groupRings, type ShapeKind } from './shp';
export { readZipEntries, buildZip } from './zip';
export { encodingFromCpg, isUtf8 } from './text';
