/** Background jobs (GET /api/jobs/status): what the server reports and the web shows as progress. */

export type JobState = 'running' | 'done' | 'failed';

/**
 * Stages of an import, in order, with the share of the progress bar each takes: the rows are
 * read from the file, their cells checked, then saved. A job that reports no stage fills the
 * bar with processed / total.
 */
export const JOB_STAGES = { read: [0, 0.05], check: [0.05, 0.2], save: [0.2, 1] } as const satisfies Record<string, readonly [number, number]>;
export type JobStage = keyof typeof JOB_STAGES;

/** What GET /api/jobs/status answers: enough for a progress bar and the outcome. */
export interface JobStatus<R = unknown> {
  jobId: string;
  kind: string;
  state: JobState;
  /** 0..1, over all stages */
  progress: number;
  /** Rows done of `total` in the current stage (or of the whole job when it has no stages). */
  processed: number;
  total: number;
  /** The stage a staged job is in (JOB_STAGES), null otherwise. */
  stage: JobStage | null;
  result?: R;
  error?: { code: string; msg: string; data: unknown };
}
