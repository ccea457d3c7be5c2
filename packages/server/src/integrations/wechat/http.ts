import {
  RETRYABLE_ERRCODES,
  TOKEN_ERRCODES,
  WECHAT_ERRORS,
  WechatError,
  type SendResult,
  type SubscribeMessage,
  type WechatClient,
  type WechatSession,
} from './types';

export const WECHAT_DEFAULT_API_BASE = 'https://api.weixin.qq.com';

export interface HttpWechatOptions {
  appId: string;
  secret: string;
  /** Default https://api.weixin.qq.com; a proxy or a fake server in tests. */
  baseUrl?: string;
  /** Per request; default 5 s. */
  timeoutMs?: number;
  /** Further tries of a request that may be repeated safely; default 2. */
  retries?: number;
  /** Pause before the n-th retry: n × this; default 200 ms. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
  /** 'formal' (default), 'trial' or 'developer': which version of the mini-program a message opens. */
  miniprogramState?: 'formal' | 'trial' | 'developer';
}

/** Refresh this long before WeChat's stated expiry, so a token is never used in its last minutes. */
const TOKEN_MARGIN_MS = 5 * 60_000;

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
  [key: string]: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function describe(answer: WechatAnswer): string {
  const code = Number(answer.errcode);
  const known = WECHAT_ERRORS[code];
  return `微信返回 ${code}${known ? `：${known}` : ''}${answer.errmsg ? `（${answer.errmsg}）` : ''}`;
}

/** Whether fetch failed before the request could have reached the server. */
function notSent(err: unknown): boolean {
  const code = (err as { cause?: { code?: string } })?.cause?.code;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}

function isTimeout(err: unknown): boolean {
  const name = (err as Error)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/**
 * Client of the WeChat server API: jscode2session for login, a cached access_token (fetched on
 * first use, refreshed before expiry and after a token error), subscribeMessage.send. Every
 * request has a time-out. GETs (login, token) are retried on time-outs, network errors and 5xx;
 * a send is retried only when the request cannot have reached WeChat, because a lost answer
 * to a delivered message would otherwise deliver it twice.
 */
export class HttpWechatClient implements WechatClient {
  readonly configured = true;
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryDelayMs: number;
  private readonly fetchFn: typeof fetch;
  private token?: { value: string; expiresAt: number };
  private pendingToken?: Promise<string>;

  constructor(private readonly options: HttpWechatOptions) {
    const base = options.baseUrl || WECHAT_DEFAULT_API_BASE;
    let url: URL;
    try {
      url = new URL(base);
    } catch {
      throw new WechatError(`微信接口地址不正确：${base}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WechatError(`微信接口地址须为 http(s)：${base}`);
    this.base = base.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.retries = options.retries ?? 2;
    this.retryDelayMs = options.retryDelayMs ?? 200;
    this.fetchFn = options.fetch ?? fetch;
  }

  /** One request, its answer parsed; network problems become WechatError. */
  private async request(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<WechatAnswer> {
    const url = `${this.base}${path}`;
    let res: Response;
    try {
      res = await this.fetchFn(url, {
        method: init.method,
        headers: init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      if (isTimeout(err)) {
        throw new WechatError(`微信接口无响应（超过${Math.round(this.timeoutMs / 100) / 10}秒）`, { retryable: init.method === 'GET', outcomeUnknown: init.method === 'POST', cause: err });
      }
      const unsent = notSent(err);
      throw new WechatError(`无法连接微信接口：${(err as Error).message}`, { retryable: unsent || init.method === 'GET', outcomeUnknown: !unsent && init.method === 'POST', cause: err });
    }
    if (res.status >= 500) throw new WechatError(`微信接口出错（HTTP ${res.status}）`, { retryable: init.method === 'GET', outcomeUnknown: init.method === 'POST' });
    if (!res.ok) throw new WechatError(`微信接口拒绝请求（HTTP ${res.status}）`);
    try {
      return (await res.json()) as WechatAnswer;
    } catch (err) {
      throw new WechatError('微信接口的回答不是 JSON', { outcomeUnknown: init.method === 'POST', cause: err });
    }
  }

  /** A request tried again (with a growing pause) while its error says that is safe. */
  private async withRetries(path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<WechatAnswer> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.request(path, init);
      } catch (err) {
        const safe = err instanceof WechatError && err.retryable && !err.outcomeUnknown;
        if (!safe || attempt >= this.retries) throw err;
        await sleep(this.retryDelayMs * (attempt + 1));
      }
    }
  }

  async login(code: string): Promise<WechatSession> {
    const q = new URLSearchParams({ appid: this.options.appId, secret: this.options.secret, js_code: code, grant_type: 'authorization_code' });
    const answer = await this.withRetries(`/sns/jscode2session?${q}`, { method: 'GET' });
    if (answer.errcode) throw new WechatError(describe(answer), { errcode: Number(answer.errcode), retryable: RETRYABLE_ERRCODES.has(Number(answer.errcode)) });
    if (typeof answer.openid !== 'string' || !answer.openid) throw new WechatError('微信登录未返回 openid');
    return {
      openid: answer.openid,
      unionid: typeof answer.unionid === 'string' ? answer.unionid : undefined,
      sessionKey: typeof answer.session_key === 'string' ? answer.session_key : '',
      dev: false,
    };
  }

  /** The cached access_token, fetched when missing or near expiry; concurrent callers share one fetch. */
  async accessToken(forceRefresh = false): Promise<string> {
    if (!forceRefresh && this.token && this.token.expiresAt > Date.now()) return this.token.value;
    if (forceRefresh) this.token = undefined;
    this.pendingToken ??= (async () => {
      try {
        const q = new URLSearchParams({ grant_type: 'client_credential', appid: this.options.appId, secret: this.options.secret });
        const answer = await this.withRetries(`/cgi-bin/token?${q}`, { method: 'GET' });
        if (answer.errcode) throw new WechatError(describe(answer), { errcode: Number(answer.errcode), retryable: RETRYABLE_ERRCODES.has(Number(answer.errcode)) });
        if (typeof answer.access_token !== 'string' || !answer.access_token) throw new WechatError('微信未返回 access_token', { retryable: true });
        const lifetimeMs = Math.max(0, Number(answer.expires_in ?? 7200) * 1000);
        // A short-lived token is used as long as it lives; a normal one is renewed five minutes early.
        const usableMs = lifetimeMs > 2 * TOKEN_MARGIN_MS ? lifetimeMs - TOKEN_MARGIN_MS : lifetimeMs / 2;
        this.token = { value: answer.access_token, expiresAt: Date.now() + usableMs };
        return answer.access_token;
      } finally {
        this.pendingToken = undefined;
      }
    })();
    return this.pendingToken;
  }

  async sendSubscribeMessage(message: SubscribeMessage): Promise<SendResult> {
    const body = {
      touser: message.touser,
      template_id: message.templateId,
      ...(message.page && { page: message.page }),
      data: Object.fromEntries(Object.entries(message.data).map(([k, value]) => [k, { value }])),
      miniprogram_state: this.options.miniprogramState ?? 'formal',
      lang: 'zh_CN',
    };
    for (let tokenTry = 0; ; tokenTry++) {
      const token = await this.accessToken(tokenTry > 0);
      const answer = await this.withRetries(`/cgi-bin/message/subscribe/send?access_token=${encodeURIComponent(token)}`, { method: 'POST', body });
      const errcode = Number(answer.errcode ?? 0);
      if (errcode === 0) return { msgid: answer.msgid === undefined ? undefined : String(answer.msgid) };
      // A token WeChat no longer accepts was refused before anything was sent: fetch a new one, once.
      if (TOKEN_ERRCODES.has(errcode) && tokenTry === 0) continue;
      throw new WechatError(describe(answer), { errcode, retryable: RETRYABLE_ERRCODES.has(errcode) || TOKEN_ERRCODES.has(errcode) });
    }
  }
}
