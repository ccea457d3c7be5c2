import type { PageResult } from '@land/shared/api';
import {
  ImageryServiceError,
  imageryRecordSchema,
  indexTypeSchema,
  type ImageryCatalogue,
  type ImageryRecord,
  type ImagerySearch,
  type IndexType,
} from './types';

export interface HttpImageryOptions {
  /** e.g. https://imagery.example.gov.cn/api */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;

function unwrap(body: unknown): unknown {
  // {code, data} envelopes as well as bare answers.
  if (body && typeof body === 'object' && !Array.isArray(body) && 'data' in body) return (body as { data: unknown }).data;
  return body;
}

function listOf(body: unknown): unknown[] | undefined {
  const b = unwrap(body);
  if (Array.isArray(b)) return b;
  if (b && typeof b === 'object' && Array.isArray((b as { list?: unknown }).list)) return (b as { list: unknown[] }).list;
  return undefined;
}

/**
 * Client of a remote imagery catalogue speaking JSON over GET:
 *   GET {base}/indexTypes                      → [{code, name, description}]
 *   GET {base}/search?indexType&yearFrom&yearTo&sensor&maxCloudCover&bbox&keyword&limit → [record]
 *   GET {base}/searchByPage?…&pageNo&pageSize  → {list, total}
 * Answers may be bare or wrapped as {code, data}. Records that fail validation are left out
 * (one bad record must not hide the rest); a failed request is an ImageryServiceError.
 */
export class HttpImageryCatalogue implements ImageryCatalogue {
  readonly source = 'http' as const;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(options: HttpImageryOptions) {
    if (!/^https?:\/\/[^\s]+$/i.test(options.baseUrl)) throw new ImageryServiceError(`影像目录服务地址不正确：${options.baseUrl}`);
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetchFn = options.fetch ?? fetch;
  }

  private async get(path: string, params: Record<string, string | number | undefined>): Promise<unknown> {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') qs.set(k, String(v));
    const url = `${this.base}${path}${qs.size ? `?${qs.toString()}` : ''}`;
    let res: Response;
    try {
      res = await this.fetchFn(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new ImageryServiceError(`影像目录服务无响应（${this.base}${path}）`);
      throw new ImageryServiceError(`无法连接影像目录服务（${this.base}${path}）`);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new ImageryServiceError(`影像目录服务返回错误（${this.base}${path}）：HTTP ${res.status}`);
    }
    try {
      const text = await res.text();
      if (text.length > MAX_BODY_BYTES) throw new Error('too large');
      return JSON.parse(text);
    } catch {
      throw new ImageryServiceError(`影像目录服务的响应无法读取（${this.base}${path}）`);
    }
  }

  private records(list: unknown[]): ImageryRecord[] {
    const out: ImageryRecord[] = [];
    for (const item of list) {
      const parsed = imageryRecordSchema.safeParse(item);
      if (parsed.success) out.push(parsed.data as ImageryRecord);
    }
    return out;
  }

  private params(q: ImagerySearch): Record<string, string | number | undefined> {
    return {
      indexType: q.indexType,
      yearFrom: q.yearFrom,
      yearTo: q.yearTo,
      sensor: q.sensor,
      maxCloudCover: q.maxCloudCover,
      bbox: q.bbox?.join(','),
      keyword: q.keyword,
    };
  }

  async indexTypes(): Promise<IndexType[]> {
    const list = listOf(await this.get('/indexTypes', {}));
    if (!list) throw new ImageryServiceError('影像目录服务的指数类型格式不正确');
    return list.map((x) => indexTypeSchema.safeParse(x)).flatMap((r) => (r.success ? [r.data] : []));
  }

  async search(query: ImagerySearch, limit: number): Promise<ImageryRecord[]> {
    const list = listOf(await this.get('/search', { ...this.params(query), limit }));
    if (!list) throw new ImageryServiceError('影像目录服务的查询结果格式不正确');
    return this.records(list).slice(0, limit);
  }

  async searchByPage(query: ImagerySearch, pageNo: number, pageSize: number): Promise<PageResult<ImageryRecord>> {
    const body = unwrap(await this.get('/searchByPage', { ...this.params(query), pageNo, pageSize }));
    const list = listOf(body);
    if (!list) throw new ImageryServiceError('影像目录服务的分页结果格式不正确');
    const total = Number((body as { total?: unknown }).total);
    const records = this.records(list).slice(0, pageSize);
    return { list: records, total: Number.isFinite(total) ? total : records.length, pageNo, pageSize };
  }
}
