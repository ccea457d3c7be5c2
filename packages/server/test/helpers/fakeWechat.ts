import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSend {
  touser: string;
  template_id: string;
  page?: string;
  data: Record<string, { value: string }>;
  token: string;
}

/**
 * A fake WeChat server API on 127.0.0.1: jscode2session, token and subscribeMessage.send, with
 * switches for the failures the client must survive (revoked token, refused user, busy, hang).
 */
export interface FakeWechat {
  baseUrl: string;
  /** Successful sends, in order. */
  sends: FakeSend[];
  /** Every request path (without query), in order. */
  requests: string[];
  tokenRequests: number;
  /** Tokens the server no longer accepts (answers 40001). */
  revoked: Set<string>;
  /** openids that answer 43101 (not subscribed). */
  refuse: Set<string>;
  /** openids whose next send answers -1 (busy) once. */
  busyOnce: Set<string>;
  /** The next n token requests get no answer (time-out). */
  hangToken: number;
  /** The next n sends get no answer (time-out). */
  hangSend: number;
  /** expires_in of issued tokens, seconds. */
  tokenLifetime: number;
  close(): Promise<void>;
}

export async function startFakeWechat(): Promise<FakeWechat> {
  const hanging: http.ServerResponse[] = [];
  let issued = 0;
  const state = {
    sends: [] as FakeSend[],
    requests: [] as string[],
    tokenRequests: 0,
    revoked: new Set<string>(),
    refuse: new Set<string>(),
    busyOnce: new Set<string>(),
    hangToken: 0,
    hangSend: 0,
    tokenLifetime: 7200,
  };
  const json = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    state.requests.push(url.pathname);
    if (url.pathname === '/sns/jscode2session') {
      const code = url.searchParams.get('js_code') ?? '';
      if (url.searchParams.get('appid') !== 'wx-test-app' || url.searchParams.get('secret') !== 'test-secret') return json(res, { errcode: 40013, errmsg: 'invalid appid' });
      if (code.startsWith('bad')) return json(res, { errcode: 40029, errmsg: 'invalid code' });
      return json(res, { openid: `o_${code}`, session_key: 'c2Vzc2lvbmtleQ==', unionid: `u_${code}` });
    }
    if (url.pathname === '/cgi-bin/token') {
      state.tokenRequests++;
      if (state.hangToken > 0) {
        state.hangToken--;
        hanging.push(res);
        return;
      }
      issued++;
      return json(res, { access_token: `token-${issued}`, expires_in: state.tokenLifetime });
    }
    if (url.pathname === '/cgi-bin/message/subscribe/send' && req.method === 'POST') {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const token = url.searchParams.get('access_token') ?? '';
        if (state.hangSend > 0) {
          state.hangSend--;
          hanging.push(res);
          return;
        }
        if (state.revoked.has(token) || !token.startsWith('token-')) return json(res, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
        const body = JSON.parse(raw) as Omit<FakeSend, 'token'>;
        if (state.refuse.has(body.touser)) return json(res, { errcode: 43101, errmsg: 'user refuse to accept the msg' });
        if (state.busyOnce.has(body.touser)) {
          state.busyOnce.delete(body.touser);
          return json(res, { errcode: -1, errmsg: 'system error' });
        }
        state.sends.push({ ...body, token });
        return json(res, { errcode: 0, errmsg: 'ok', msgid: 1000 + state.sends.length });
      });
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

export const FAKE_WECHAT_CONFIG = { wechatAppId: 'wx-test-app', wechatSecret: 'test-secret' };
