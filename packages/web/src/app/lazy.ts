import { CHUNK_LOAD_TIMEOUT_MS } from '@land/shared/constants';

/**
 * Wraps a page import with the SPEC §9 chunk time-out, so a stalled download ends in the
 * route error page (with a reload button) instead of an endless wait.
 */
export function withChunkTimeout<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = window.setTimeout(
        () => reject(new Error(`页面资源加载超时（${CHUNK_LOAD_TIMEOUT_MS / 1000} 秒）`)),
        CHUNK_LOAD_TIMEOUT_MS,
      );
      load().then(
        (value) => {
          window.clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          window.clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}
