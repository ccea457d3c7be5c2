import { LandTransactionError, transactionSchema, type ExternalTransaction, type LandTransactionClient } from './types';

export interface HttpClientOptions {
  /** e.g. https://jyxt.example.gov.cn/api/land */
  baseUrl: string;
  /** Per request; default 10 s. */
  timeoutMs?: number;
  /** For tests and proxies; default the global fetch. */
  fetch?: typeof fetch;
}

/** Largest answer read (a whole year's deals is far below this). */
const MAX_BODY_BYTES = 20 * 1024 * 1024;

/** The list inside the usual answer shapes: a bare array, {data:[…]}, {data:{list:[…]}}, {list:[…]}. */
function listOf(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  if (Array.isArray(b.list)) return b.list;
  if (Array.isArray(b.data)) return b.data;
  if (b.data && typeof b.data === 'object' && Array.isArray((b.data as Record<string, unknown>).list)) return (b.data as Record<string, unknown>).list as unknown[];
  return undefined;
}

/**
 * Client of a remote land-transaction system speaking JSON over GET:
 *   GET {base}/listed            → parcels on sale (挂牌中)
 *   GET {base}/deals             → concluded deals (已成交)
 *   GET {base}/transactions/{id} → one record (404 when unknown)
 * Answers may be a bare array or wrapped as {code, data: {list}}. Every request has a time-out;
 * failures become LandTransactionError with a message naming the request.
 */
export class HttpLandTransactionClient implements LandTransactionClient {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(options: HttpClientOptions) {
    let url: URL;
    try {
      url = new URL(options.baseUrl);
    } catch {
      throw new LandTransactionError(`土地交易系统地址不正确：${options.baseUrl}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new LandTransactionError(`土地交易系统地址须为 http(s)：${options.baseUrl}`);
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetchFn = options.fetch ?? fetch;
  }

  private async getJson(path: string, allow404 = false): Promise<unknown> {
    const url = `${this.base}${path}`;
    let res: Response;
    try {
      res = await this.fetchFn(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new LandTransactionError(`土地交易系统无响应（${url} 超过${Math.round(this.timeoutMs / 1000)}秒）`, { cause: err });
      }
      throw new LandTransactionError(`无法连接土地交易系统（${url}）：${(err as Error)?.message ?? String(err)}`, { cause: err });
    }
    if (allow404 && res.status === 404) return undefined;
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new LandTransactionError(`土地交易系统返回错误（${url}）：HTTP ${res.status}`);
    }
    let text: string;
    try {
      const declared = Number(res.headers.get('content-length') ?? 0);
      if (declared > MAX_BODY_BYTES) throw new Error('too large');
      text = await res.text();
      if (text.length > MAX_BODY_BYTES) throw new Error('too large');
    } catch (err) {
      const timeout = (err as Error)?.name === 'TimeoutError' || (err as Error)?.name === 'AbortError';
      throw new LandTransactionError(
        timeout ? `土地交易系统响应超时（${url}）` : `土地交易系统的响应无法读取或过大（${url}）`,
        { cause: err },
      );
    }
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new LandTransactionError(`土地交易系统返回的数据不是有效的 JSON（${url}）`, { cause: err });
    }
  }

  private async list(path: string, status: ExternalTransaction['status']): Promise<ExternalTransaction[]> {
    const body = await this.getJson(path);
    const list = listOf(body);
    if (!list) throw new LandTransactionError(`土地交易系统返回的数据格式不正确（${this.base}${path}）：应为记录列表`);
    const schema = transactionSchema(status);
    return list.map((item, i) => {
      const r = schema.safeParse(item);
      if (!r.success) {
        const issue = r.error.issues[0];
        throw new LandTransactionError(`土地交易系统返回的第${i + 1}条记录不正确（${path}）：${issue.path.join('.') || '记录'} ${issue.message}`);
      }
      return r.data as ExternalTransaction;
    });
  }

  listListed(): Promise<ExternalTransaction[]> {
    return this.list('/listed', 'listing');
  }

  listDeals(): Promise<ExternalTransaction[]> {
    return this.list('/deals', 'dealt');
  }

  async getById(id: string): Promise<ExternalTransaction | undefined> {
    const body = await this.getJson(`/transactions/${encodeURIComponent(id)}`, true);
    if (body === undefined) return undefined;
    const record = body && typeof body === 'object' && 'data' in body && !Array.isArray(body) ? (body as { data: unknown }).data : body;
    const r = transactionSchema('listing').safeParse(record);
    if (!r.success) throw new LandTransactionError(`土地交易系统返回的记录不正确（/transactions/${id}）：${r.error.issues[0].message}`);
    return r.data as ExternalTransaction;
  }
}
