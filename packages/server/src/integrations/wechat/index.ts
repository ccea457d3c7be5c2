import type { Config } from '../../config';
import { HttpWechatClient } from './http';
import { DevWechatClient } from './offline';
import type { WechatClient } from './types';

export { HttpWechatClient, WECHAT_DEFAULT_API_BASE } from './http';
export { DevWechatClient, DEV_OPENID_PREFIX } from './offline';
export { WechatError, type SubscribeMessage, type WechatClient, type WechatSession } from './types';

/**
 * The configured WeChat client: the HTTP client when an app id and secret are set (at
 * WECHAT_API_BASE, by default WeChat's own), otherwise the offline client (not configured: no
 * subscribe messages; its development login is used only when config.wechatDevLogin is on).
 */
export function wechatClientFor(config: Pick<Config, 'wechatAppId' | 'wechatSecret' | 'wechatApiBase' | 'wechatTimeoutMs'>): WechatClient {
  if (config.wechatAppId && config.wechatSecret) {
    return new HttpWechatClient({ appId: config.wechatAppId, secret: config.wechatSecret, baseUrl: config.wechatApiBase, timeoutMs: config.wechatTimeoutMs });
  }
  return new DevWechatClient();
}
