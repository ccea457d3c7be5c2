/**
 * Server rendering of the public site (issue 14). The web build's server entry
 * (packages/web/dist-ssr/entry-server.js, from packages/web/src/public/entry-server.tsx) renders a
 * public page with React; the data it shows comes from this same server's public API, called
 * in-process with `app.inject` as the visitor (their cookies, user agent and address), so the
 * same validation, scoping and published-only rules apply and nothing the API would not return
 * reaches the HTML. Back-office paths and public pages not yet server-rendered are left to the
 * client-rendered app (index.html).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isMobileUserAgent } from '@land/shared/routes';

type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

type RenderResult = { redirect: string; status: number } | { status: number; html: string };

/** What packages/web/src/public/entry-server.tsx exports. */
interface ServerEntry {
  render(req: { url: string; origin: string; headers: Record<string, string>; manifest: unknown; styleText: (href: string) => string }): Promise<RenderResult>;
  renderModeOf(pathname: string): 'ssr' | 'app';
  setServerApiFetch(apiFetch: ApiFetch): void;
}

/** Request headers the page's API calls carry on as the visitor's. */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language'];

function bodyText(body: RequestInit['body']): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  throw new Error('server render: unsupported request body');
}

function responseHeaders(headers: Record<string, string | string[] | number | undefined>): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.append(name, String(v));
  }
  return out;
}

export interface PublicRenderer {
  /** Answers `req` with a server-rendered page or redirect; false when the page is not server-rendered. */
  handle(req: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

export function createPublicRenderer(app: FastifyInstance, webDist: string): PublicRenderer {
  const entryFile = path.join(path.dirname(webDist), 'dist-ssr', 'entry-server.js');
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  const current = new AsyncLocalStorage<FastifyRequest>();

  const apiFetch: ApiFetch = async (url, init) => {
    const visitor = current.getStore();
    if (!visitor) throw new Error('server render: API call outside a page render');
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = visitor.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url,
      headers,
      payload: bodyText(init.body),
      remoteAddress: visitor.ip,
    });
    return new Response(res.rawPayload, { status: res.statusCode, headers: responseHeaders(res.headers) });
  };

  // The page's stylesheets go inline (see web/src/public/Document.tsx). Hashed files never change
  // under one name, so each is read once.
  const styles = new Map<string, string>();
  const styleText = (href: string): string => {
    let text = styles.get(href);
    if (text === undefined) {
      const file = path.join(webDist, href);
      if (!href.startsWith('/assets/') || !href.endsWith('.css') || path.relative(path.join(webDist, 'assets'), file).includes('..')) throw new Error(`server render: not a built stylesheet: ${href}`);
      text = fs.readFileSync(file, 'utf8');
      styles.set(href, text);
    }
    return text;
  };

  // Loaded on first use. Unlike the static files, a rebuilt server entry needs a restart: its
  // chunks import the entry by its plain file URL, so a second copy could not share its state.
  let loaded: Promise<{ entry: ServerEntry; manifest: unknown } | null> | null = null;
  const load = () => {
    loaded ??= (async () => {
      if (!fs.existsSync(entryFile) || !fs.existsSync(manifestFile)) return null;
      const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
      entry.setServerApiFetch(apiFetch);
      return { entry, manifest: JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as unknown };
    })();
    return loaded;
  };

  return {
    async handle(req, reply) {
      const pathname = req.url.split('?')[0];
      const userAgent = req.headers['user-agent'] ?? '';
      // SPEC §1: a phone opening the site or the map search gets the mobile home page straight
      // away, with the map search's filters (a shared link: /mobileindex reads the same ones).
      if ((pathname === '/' || pathname === '/index') && isMobileUserAgent(userAgent)) {
        const query = req.url.slice(pathname.length);
        await reply.header('cache-control', 'no-cache').header('vary', 'User-Agent').redirect(`/mobileindex${query}`, 302);
        return true;
      }
      const ssr = await load();
      if (!ssr || ssr.entry.renderModeOf(pathname) !== 'ssr') return false;
      const headers: Record<string, string> = {};
      for (const name of FORWARDED_HEADERS) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      let result: RenderResult;
      try {
        result = await current.run(req, () => ssr.entry.render({ url: req.url, origin: `${req.protocol}://${req.host}`, headers, manifest: ssr.manifest, styleText }));
      } catch (error) {
        // The client-rendered app can still show the page (and reports the failing call itself).
        req.log.error({ err: error }, 'server render failed');
        return false;
      }
      if ('redirect' in result) {
        await reply.header('cache-control', 'no-cache').redirect(result.redirect, result.status);
        return true;
      }
      await reply.status(result.status).header('cache-control', 'no-cache').header('vary', 'User-Agent').type('text/html; charset=utf-8').send(result.html);
      return true;
    },
  };
}
