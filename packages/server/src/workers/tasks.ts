/**
 * The heavy file work, run in the worker pool (pool.ts): pure functions of their input, no
 * database and no request. Each runs in a worker thread with its own heap limit, so a file that
 * explodes in memory or takes too long ends that worker, never the server. An AppError (a
 * refusal with a Chinese message) comes back as data and is thrown again on the main thread.
 * Each task imports what it needs when first run, so a worker only holds the libraries of the
 * work it has done (a worker's memory is part of the server's).
 */
import { entityByName } from '@land/shared/entities/index';
import { on } from 'node:events';
import type { MessagePort } from 'node:worker_threads';
import type { EntityDef } from '@land/shared/entity';
import type { ManualDocument } from '../documents/model';
import type { ExcelOptions, ExportLookups, SheetData } from '../entities/excel';
import type { Row } from '../entities/repository';
import type { LineFeature, ReadGisOptions, RejectedFeature, ShapefileStreamOptions, StreamField } from '../gis/index';
import { AppError } from '../lib/errors';
import type { ConvertOptions, ConvertResult, ShapefileFeature } from '../services/gisExchange';

export interface TaskFailure {
  code: AppError['code'];
  message: string;
  httpStatus: number;
  data: unknown;
}

export type TaskOutcome<T> = { ok: true; value: T } | { ok: false; error: TaskFailure };

/** Added to every task's input by the pool: told when the task starts in a worker, so that its time limit counts the work only, not the wait in the queue. */
export interface TaskStart {
  started?: MessagePort;
}

async function guarded<T>(input: object, work: () => Promise<T>): Promise<TaskOutcome<T>> {
  (input as TaskStart).started?.postMessage('started');
  try {
    return { ok: true, value: await work() };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, error: { code: e.code, message: e.message, httpStatus: e.httpStatus, data: e.data } };
    throw e;
  }
}

function entity(name: string): EntityDef {
  const def = entityByName(name);
  if (!def) throw new Error(`unknown entity ${name}`);
  return def;
}

/** /openApi/ConvertController/fileToGeoJson */
export function convert(input: { data: Uint8Array; filename: string; options: ConvertOptions }): Promise<TaskOutcome<ConvertResult>> {
  return guarded(input, async () => (await import('../services/gisExchange')).convertToGeoJson(input.data, input.filename, input.options));
}

export interface LineLayer {
  features: LineFeature[];
  crs: { epsg: number | null; label: string };
  warnings: string[];
  rejected: RejectedFeature[];
}

/** A GIS line layer (pipe import): the file read, reprojected and checked. */
export function readLines(input: { data: Uint8Array; filename: string; options: Omit<ReadGisOptions, 'geometry'> }): Promise<TaskOutcome<LineLayer>> {
  return guarded(input, async () => {
    const { readGisFile } = await import('../gis/read');
    const read = await readGisFile(input.data, input.filename, { ...input.options, geometry: 'line' });
    return { features: read.features, crs: { epsg: read.crs.epsg, label: read.crs.label }, warnings: read.warnings, rejected: read.rejected };
  });
}

/**
 * The rows of an uploaded import workbook, read with a streaming reader and posted on `port` in
 * batches, then a null: the worker never holds the sheet. Answers the sheet's columns.
 */
export function readSheet(input: { data: Uint8Array; entity: string; options: ExcelOptions; port: MessagePort }): Promise<TaskOutcome<Omit<SheetData, 'rows'>>> {
  return guarded(input, async () => {
    const { columns } = await (await import('../entities/excel')).readSheetRows(input.data, entity(input.entity), input.options, (rows) => input.port.postMessage(rows));
    input.port.postMessage(null);
    return { columns };
  });
}

/** An export workbook from rows and their ref labels. */
export function writeWorkbook(input: { entity: string; rows: Row[]; lookups: ExportLookups; options: ExcelOptions }): Promise<TaskOutcome<Uint8Array>> {
  return guarded(input, async () => (await import('../entities/excel')).writeWorkbook(entity(input.entity), input.rows, input.lookups, input.options));
}

/** The investment manual as Word or PDF. */
export function renderManual(input: { manual: ManualDocument; format: 'docx' | 'pdf' }): Promise<TaskOutcome<Uint8Array>> {
  return guarded(input, async () =>
    input.format === 'pdf' ? (await import('../documents/pdf')).manualPdf(input.manual) : (await import('../documents/docx')).manualDocx(input.manual),
  );
}

/** Chunks of features posted on `port` until a null: the main thread reads them from the database as the file grows here. */
async function* received(port: MessagePort): AsyncGenerator<ShapefileFeature[]> {
  try {
    for await (const [chunk] of on(port, 'message') as AsyncIterable<[ShapefileFeature[] | null]>) {
      if (chunk === null) return;
      yield chunk;
    }
  } finally {
    port.close();
  }
}

/** A zipped shapefile (layer export) from features streamed over a message port. */
export function writeShapefile(input: { fields: StreamField[]; options: ShapefileStreamOptions; port: MessagePort }): Promise<TaskOutcome<Uint8Array>> {
  return guarded(input, async () => (await import('../services/gisExchange')).writeShapefileChunks(input.fields, input.options, received(input.port)));
}
