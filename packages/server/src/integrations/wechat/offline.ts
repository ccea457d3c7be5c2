import { createHash, randomBytes } from 'node:crypto';
import { WechatError, type SendResult, type WechatClient, type WechatSession } from './types';

/** Prefix of every development openid: such a user never came through WeChat. */
export const DEV_OPENID_PREFIX = 'dev_';

/**
 * The embedded default when no app id is configured (development, demos): a login derives a
 * stable openid from the code, so the same code is the same user, and is marked `dev`.
 * Subscribe messages cannot be sent; the outbox does not plan them (configured = false).
 */
export class DevWechatClient implements WechatClient {
  readonly configured = false;

  async login(code: string): Promise<WechatSession> {
    const digest = createHash('sha256').update(`land-dev-login:${code}`).digest('hex');
    return { openid: `${DEV_OPENID_PREFIX}${digest.slice(0, 24)}`, sessionKey: randomBytes(16).toString('base64'), dev: true };
  }

  async sendSubscribeMessage(): Promise<SendResult> {
    throw new WechatError('未配置微信小程序（WECHAT_APPID），不能发送订阅消息');
  }
}
