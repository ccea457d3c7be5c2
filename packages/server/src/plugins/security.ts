import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@land/shared/api';
import { SETTING_KEYS, type Settings } from '@land/shared/settings';
import type { Db } from '../db/schema';
import { AppError } from '../lib/errors';
import { loadSettings } from '../services/settings';

/**
 * The origins of configured map tile sources (every setting whose key names a tile URL), as
 * CSP host sources. A template host such as t{0-7}.tianditu.gov.cn becomes *.tianditu.gov.cn.
 */
export function tileSources(settings: Settings): string[] {
  const out = new Set<string>();
  for (const key of SETTING_KEYS) {
    if (!/tile/i.test(key)) continue;
    const value = (settings as Record<string, unknown>)[key];
    if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) continue;
    const m = /^(https?):\/\/([^/?#]+)/i.exec(value);
    if (!m) continue;
    const scheme = m[1].toLowerCase();
    let host = m[2].toLowerCase().replace(/^[^@]*@/, '');
    if (host.includes('{')) {
      const labels = host.split('.');
      const firstPlain = labels.findIndex((l, i) => i > 0 && !labels.slice(i).some((x) => x.includes('{')));
      if (firstPlain < 1) continue;
      host = `*.${labels.slice(firstPlain).join('.')}`;
    }
    if (!/^[a-z0-9*.:-]+$/.test(host)) continue;
    out.add(`${scheme}://${host}`);
  }
  return [...out];
}

/**
 * The Content-Security-Policy the web app works under: antd's CSS-in-JS needs inline styles;
 * OpenLayers draws on canvas; the panorama viewer (WebGL) and map exports use blob: and data:
 * images; workers come from blob:; tile images from the configured tile hosts.
 */
export function contentSecurityPolicy(tileHosts: string[]): string {
  const tiles = tileHosts.join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${tiles}`.trim(),
    "font-src 'self' data:",
    `connect-src 'self' blob: data: ${tiles}`.trim(),
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

const CSP_CACHE_MS = 5_000;

/** Replies sending a hashed build asset (app.ts marks them while serving the file). */
const hashedAssetReplies = new WeakSet<FastifyReply>();

/**
 * Marks `reply` as sending a content-hashed build file (/assets/*): it gets nosniff and nothing
 * else of the document headers below. CSP, frame, referrer, opener and permissions policies only
 * act on documents (and worker scripts, of which /assets has none: the app's workers start from
 * blob: URLs and inherit their page's policy), while a phone pays for their bytes on each of a
 * page's script and style files.
 */
export function markHashedAsset(reply: FastifyReply): void {
  hashedAssetReplies.add(reply);
}

/**
 * Security headers on every response — API, web app and files alike, but hashed build assets get
 * only nosniff (see markHashedAsset) — and the cross-site check
 * of state-changing requests. Identity never comes from a cookie (only the token header), so
 * a forged form post carries no session; refusing cross-site posts also stops login CSRF and
 * anonymous spam from other sites.
 */
export function registerSecurity(app: FastifyInstance, db: Db): void {
  let cached: { csp: string; at: number } | undefined;
  let refreshing: Promise<string> | undefined;
  const refresh = async (): Promise<string> => {
    let hosts: string[] = [];
    try {
      hosts = tileSources(await loadSettings(db));
    } catch {
      // The database is briefly unreachable: answer with the policy without tile hosts.
    }
    cached = { csp: contentSecurityPolicy(hosts), at: Date.now() };
    return cached.csp;
  };
  const freshCsp = (): string | undefined => (cached && Date.now() - cached.at < CSP_CACHE_MS ? cached.csp : undefined);

  app.addHook('onRequest', (req, _reply, done) => {
    // Safe methods pass without a promise per request; a refusal goes to the error handler.
    if (SAFE_METHODS.has(req.method)) return done();
    try {
      assertSameOrigin(req);
      done();
    } catch (err) {
      done(err as Error);
    }
  });

  // Callback style and one headers object: this runs for every response, and an async hook plus
  // seven header calls were a visible share of a small search's CPU.
  const send = (req: FastifyRequest, reply: FastifyReply, csp: string) => {
    // A route may set a stricter policy of its own (uploaded files): keep it.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.headers(STATIC_HEADERS);
    // Only over TLS (or behind a proxy that says so, when TRUST_PROXY is on): HSTS on plain HTTP would be ignored or harmful.
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  };
  app.addHook('onSend', (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void) => {
    // Hashed assets (immutable files under /assets/) carry only nosniff: the document headers mean
    // nothing for a script or a stylesheet and cost every phone ~600 bytes per file.
    if (hashedAssetReplies.has(reply)) {
      reply.header('x-content-type-options', 'nosniff');
      return done(null, payload);
    }
    const csp = freshCsp();
    if (csp !== undefined) {
      send(req, reply, csp);
      return done(null, payload);
    }
    refreshing ??= refresh().finally(() => (refreshing = undefined));
    refreshing.then(
      (value) => {
        send(req, reply, value);
        done(null, payload);
      },
      (err: Error) => done(err),
    );
  });
}

/** The security headers that are the same on every response. */
const STATIC_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), payment=(), usb=()',
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = '拒绝跨站提交的请求';

/**
 * Refuses a state-changing request a browser sent from another site. Browsers say so in
 * Sec-Fetch-Site, or at least in Origin; a client that sends neither (curl, a server, an old
 * browser's same-origin form) is let through — it cannot carry a victim's token anyway.
 */
export function assertSameOrigin(req: FastifyRequest): void {
  if (SAFE_METHODS.has(req.method)) return;
  const site = header(req, 'sec-fetch-site');
  if (site === 'same-origin' || site === 'none') return;
  if (site === 'cross-site' || site === 'same-site') throw crossSite();
  const origin = header(req, 'origin');
  if (origin === undefined) return;
  if (origin !== `${req.protocol}://${req.host}`.toLowerCase()) throw crossSite();
}

function header(req: FastifyRequest, name: string): string | undefined {
  const raw = req.headers[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value?.trim().toLowerCase() || undefined;
}

function crossSite(): AppError {
  return new AppError(ERROR_CODES.FORBIDDEN, CROSS_SITE_MESSAGE, 403);
}
