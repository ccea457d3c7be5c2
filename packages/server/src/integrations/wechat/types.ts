/** The WeChat mini-program API, as far as the platform uses it: login and subscribe messages. */

export interface WechatSession {
  openid: string;
  unionid?: string;
  /** Kept by nobody: the platform has no use for it beyond login. */
  sessionKey: string;
  /** A development login (no app id configured): the openid is derived from the code. */
  dev: boolean;
}

export interface SubscribeMessage {
  /** The recipient's openid. */
  touser: string;
  templateId: string;
  /** Mini-program page opened from the message. */
  page?: string;
  /** Keyword values, e.g. {thing1: '滨江智造园', date2: '2026-12-31'}. */
  data: Record<string, string>;
}

export interface SendResult {
  msgid?: string;
}

export interface WechatClient {
  /** False for the development default: nothing can be sent through WeChat. */
  readonly configured: boolean;
  /** code (wx.login) → openid (jscode2session). */
  login(code: string): Promise<WechatSession>;
  sendSubscribeMessage(message: SubscribeMessage): Promise<SendResult>;
}

export interface WechatErrorOptions {
  errcode?: number;
  /** Worth trying again later (busy, network down before the request left). */
  retryable?: boolean;
  /** The request may have reached WeChat: sending again could deliver twice. */
  outcomeUnknown?: boolean;
  cause?: unknown;
}

export class WechatError extends Error {
  readonly errcode?: number;
  readonly retryable: boolean;
  readonly outcomeUnknown: boolean;

  constructor(message: string, options: WechatErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = 'WechatError';
    this.errcode = options.errcode;
    this.retryable = options.retryable ?? false;
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }
}

/** Chinese reasons for the answers staff will meet in the per-recipient status. */
export const WECHAT_ERRORS: Record<number, string> = {
  [-1]: '微信系统繁忙',
  40001: 'access_token 无效',
  40003: 'openid 无效',
  40014: 'access_token 不合法',
  40029: '登录凭证 code 无效',
  40037: '订阅消息模板ID无效',
  40163: '登录凭证 code 已被使用',
  41030: '跳转页面 page 不正确',
  42001: 'access_token 已过期',
  43101: '用户未订阅该消息或订阅次数已用完',
  45009: '接口调用超过限额',
  45011: '接口调用太频繁',
  47003: '模板参数不正确',
};

/** Token answers after which a fresh access_token is fetched and the call made once more. */
export const TOKEN_ERRCODES = new Set([40001, 40014, 42001]);

/** Answers that may succeed later without anything changed. */
export const RETRYABLE_ERRCODES = new Set([-1, 45009, 45011]);
