/**
 * Parcel data exchange: the parcel Excel round trip as background jobs
 * (/openApi/ExcelMainDispose/readWriterExcel with async=1, /api/jobs/status, /api/jobs/download),
 * the one-click surroundings from the map service, and the pipe-network import of one parcel.
 */
import type { QueryCondition } from '@land/shared';
import type { DownloadedFile } from '../../../lib/request';
import { ApiError, downloadFile, post, postMultipart } from '../../../lib/request';
import type { ImportResult } from '../../entities/api';

import type { JobStatus } from '@land/shared/jobs';
import type { CrsReading } from '../api';

export type { JobState, JobStatus } from '@land/shared/jobs';

const PARCEL_EXCEL = '/openApi/ExcelMainDispose/readWriterExcel';

/** Starts exporting the parcels of the current query (same params as the list) in the background. */
export async function startParcelExport(params: QueryCondition[]): Promise<string> {
  return (await post<{ jobId: string }>(PARCEL_EXCEL, { params, async: 1 })).data.jobId;
}

/** The empty parcel import template, at once (it is only a header). */
export function parcelTemplate(): Promise<DownloadedFile> {
  return downloadFile(PARCEL_EXCEL, { template: 1 }, '地块导入模板.xlsx');
}

/** Uploads a filled parcel template and starts importing it in the background. */
export async function startParcelImport(file: File, onProgress?: (fraction: number) => void): Promise<string> {
  const data = new FormData();
  data.append('async', '1');
  data.append('file', file);
  return (await postMultipart<{ jobId: string }>(`${PARCEL_EXCEL}?async=1`, data, { onProgress })).data.jobId;
}

/** How often a running job is asked about. */
export const JOB_POLL_MS = 500;

export async function jobStatus(jobId: string, signal?: AbortSignal): Promise<JobStatus> {
  return (await post<JobStatus>('/api/jobs/status', { jobId }, { signal })).data;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        window.clearTimeout(timer);
        reject(new DOMException('已取消', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * Polls a job every ~500 ms, handing each status to `onStatus`, until it is done (answers the
 * final status) or failed (rejects with its error, as the synchronous call would have).
 */
export async function waitForJob(jobId: string, onStatus: (status: JobStatus) => void, signal?: AbortSignal): Promise<JobStatus> {
  for (;;) {
    const status = await jobStatus(jobId, signal);
    onStatus(status);
    if (status.state === 'done') return status;
    if (status.state === 'failed') throw jobError(status);
    await sleep(JOB_POLL_MS, signal);
  }
}

/** A failed job's error as the synchronous call would have rejected with it. */
export function jobError(status: JobStatus): ApiError {
  const e = status.error;
  return new ApiError(e?.code ?? '', e?.msg || '任务失败', { data: e?.data });
}

/** The file of a finished export job. */
export function downloadJob(jobId: string, fallbackName: string): Promise<DownloadedFile> {
  return downloadFile('/api/jobs/download', { jobId }, fallbackName);
}

export type { ImportResult };

// ------------------------------------------------------------------ surroundings

export interface FillSurroundingsResult {
  source: string;
  requests: number;
  failed: number;
  facilities: Record<string, unknown>[];
  distances: Record<string, unknown>[];
  replaced: number;
}

/** Replaces the parcel's auto-filled 周边配套 and 距离 with what the map service finds around it. */
export async function fillSurroundings(dkid: string): Promise<FillSurroundingsResult> {
  return (await post<FillSurroundingsResult>('/api/tLandinfo/fillSurroundings', { dkid })).data;
}

// ------------------------------------------------------------------ pipe networks

export interface PipeImportAnswer {
  /** GIS files: the saved lines; Excel: created/updated counts. */
  list?: unknown[];
  total?: number;
  created?: number;
  updated?: number;
  crs?: { epsg?: number | null; label?: string | null };
  warnings?: string[];
}

/** Imports the pipe lines of a parcel from a zipped line shapefile, GeoJSON, KML or the pipe Excel (all or nothing). */
export async function importPipes(dkid: string, file: File, reading?: Pick<CrsReading, 'epsg' | 'swapXY'>): Promise<{ data: PipeImportAnswer; msg: string }> {
  const data = new FormData();
  // The server reads the fields before the file: dkid and the coordinate system first.
  data.append('dkid', dkid);
  if (reading) {
    data.append('crs', String(reading.epsg));
    if (reading.swapXY) data.append('swapXY', '1');
  }
  data.append('file', file);
  const answer = await postMultipart<PipeImportAnswer>('/api/tPipenetwork/importFile', data);
  return { data: answer.data, msg: answer.msg };
}
