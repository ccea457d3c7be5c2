import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ERROR_CODES } from '@land/shared/api';
import { isSpaRoute } from '@land/shared/routes';
import { sessionPolicy, type AppContext, type RouteEntry } from './context';
import { apiGuard, registerAuthDecorations } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { markHashedAsset, registerSecurity } from './plugins/security';
import { registerHealthRoutes } from './routes/health';
import { registerAuthRoutes } from './routes/auth';
import { registerUserRoutes } from './routes/users';
import { ENTITIES } from '@land/shared/entities/index';
import { registerEntityRoutes } from './entities/routes';
import { registerParcelRoutes } from './routes/parcels';
import { registerGisExchange } from './routes/gisExchange';
import { registerPublicRoutes } from './routes/public/index';
import { registerStaffSavedSearchRoutes } from './routes/public/savedSearches';
import { registerStatistics } from './routes/statistics';
import { registerTileRoutes } from './routes/tiles';
import { registerOgcRoutes } from './routes/ogc';
import { TileService } from './services/tiles/tiles';
import { refuseNulInput } from './lib/call';
import { MULTIPART_OPTIONS } from './lib/upload';
import { registerPublicFileRoutes, registerStaffFileRoutes, registerUploadServing } from './routes/files';
import { registerConfigRoutes, registerPublicConfigRoutes } from './routes/config';
import { registerAuditContext } from './services/audit';
import { AccessLog, logDestination } from './lib/log';
import { registerAuditRoutes } from './routes/audit';
import { registerRecycleBinRoutes } from './routes/recycleBin';
import { wechatClientFor } from './integrations/wechat/index';
import { createScheduler, type Scheduler } from './lib/scheduler';
import { JobTable } from './lib/jobs';
import { registerMessagingRoutes } from './routes/messages';
import { setWechatChannel } from './services/messaging';
import { registerMessagingJobs, type MessagingRuntime } from './services/messagingJobs';
import { WorkerPool } from './workers/pool';
import { invalidateReferenceData } from './services/referenceCache';
import { createPublicRenderer } from './web/render';
import { API_PREFIXES, isPageRequest, sendPageError } from './web/pageError';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route, for tests that walk the whole API (access, fuzzing). */
    routeTable: RouteEntry[];
    /** Scheduled jobs (outbox delivery, reminders); main.ts starts it, tests call runOnce. */
    scheduler: Scheduler;
    /** The WeChat client and this process's name for outbox delivery. */
    messaging: MessagingRuntime;
    /**
     * Set by main.ts on SIGTERM: /readyz answers 503 while in-flight requests finish, and
     * background import/export jobs may run until `jobDeadline` (ms since the epoch).
     */
    lifecycle: { draining: boolean; jobDeadline?: number };
    /** Worker threads for heavy file work (conversion, Excel, shapefile export, documents). */
    workers: WorkerPool;
  }
}

export async function buildApp(
  ctx: AppContext,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: ctx.config.logLevel, stream: logDestination() },
    logController: new AccessLog(),
    // An address the router cannot decode (a broken %-escape): the site's page, or a Chinese answer.
    frameworkErrors: (error, req, res) => {
      const reply = res as unknown as FastifyReply;
      if (isPageRequest(req as FastifyRequest)) return sendPageError(reply, 400);
      return reply.status(400).send({ code: ERROR_CODES.VALIDATION, msg: error.code === 'FST_ERR_BAD_URL' ? '请求地址不正确' : '请求格式不正确', data: null });
    },
    // Only from the configured reverse proxies (TRUST_PROXY, default none) do req.ip and
    // req.protocol come from X-Forwarded-*; any other peer's forwarded headers are ignored.
    trustProxy: ctx.config.trustProxy.length > 0 ? ctx.config.trustProxy : false,
    bodyLimit: 2 * 1024 * 1024,
    // Route schemas document the API; validation is done by zod in defineCall.
    ajv: { customOptions: { strict: false } },
  });
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.decorate('lifecycle', { draining: false });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const config = (route.config ?? {}) as { visitor?: string; permission?: string };
    const schema = (route.schema ?? {}) as { body?: Record<string, unknown>; querystring?: Record<string, unknown> };
    const input = schema.body ?? schema.querystring;
    for (const method of methods) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, visitor: config.visitor, permission: config.permission, input });
    }
  });

  // Messaging: the WeChat client (offline without an app id) and the scheduled
  // jobs, built with the app and stopped with it; started by main.ts (tests run jobs by hand).
  const wechat = wechatClientFor(ctx.config);
  setWechatChannel(wechat.configured);
  const scheduler = createScheduler({ db: ctx.db, log: app.log });
  const messaging: MessagingRuntime = { wechat, owner: scheduler.owner, log: app.log };
  app.decorate('scheduler', scheduler);
  app.decorate('messaging', messaging);
  registerMessagingJobs(scheduler, ctx, messaging);
  app.addHook('onClose', async () => scheduler.stop());
  const workers = new WorkerPool(ctx.config.workers);
  app.decorate('workers', workers);
  // Background imports and exports finish (or are marked failed) before their workers stop.
  const jobs = new JobTable(ctx.db, app.log);
  app.addHook('onClose', async () => {
    await jobs.drain(app.lifecycle.jobDeadline ?? Date.now() + ctx.config.shutdownTimeoutSeconds * 1000 * 0.8);
    await workers.close();
  });

  // A write through this process may rename a district, street or land class: the next public
  // answer checks the reference cache's version at once (services/referenceCache.ts).
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') invalidateReferenceData();
    done(null, payload);
  });
  registerErrorHandling(app);
  registerSecurity(app, ctx.db);
  registerAuthDecorations(app);
  registerAuditContext(app, ctx.db);
  // Every /api route, whichever plugin adds it: a staff session and the role's permission.
  app.addHook('onRequest', apiGuard(ctx.db, sessionPolicy(ctx.config)));
  // Every route: no string of the query, path or body may hold U+0000 (A0400 before any handler).
  app.addHook('preValidation', (req, _reply, done) => {
    // Callback style: no promise per request for a check that is synchronous.
    try {
      refuseNulInput(req);
      done();
    } catch (err) {
      done(err as Error);
    }
  });
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(formbody, { bodyLimit: 2 * 1024 * 1024 });
  await app.register(swagger, {
    openapi: {
      info: { title: '开发区土地信息平台 API', version: '1.0.0', description: '后台接口 /api 需要登录令牌（请求头 token）；公开接口 /openApi' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  registerHealthRoutes(app, ctx);
  await app.register(async (open) => registerAuthRoutes(open, ctx), { prefix: '/openApi' });
  await app.register(
    async (open) => {
      await open.register(multipart, MULTIPART_OPTIONS);
      registerPublicFileRoutes(open, ctx);
      registerPublicConfigRoutes(open, ctx);
    },
    { prefix: '/openApi' },
  );
  await app.register(
    async (api) => {
      await api.register(multipart, MULTIPART_OPTIONS);
      registerUserRoutes(api, ctx);
      registerStaffFileRoutes(api, ctx);
      registerConfigRoutes(api, ctx);
      for (const def of ENTITIES) registerEntityRoutes(api, ctx, def);
      registerParcelRoutes(api, ctx);
      registerAuditRoutes(api, ctx);
      registerRecycleBinRoutes(api, ctx);
      registerMessagingRoutes(api, ctx);
      registerStaffSavedSearchRoutes(api, ctx);
    },
    { prefix: '/api' },
  );
  await registerGisExchange(app, ctx, jobs);
  await registerPublicRoutes(app, ctx);
  await registerStatistics(app, ctx);
  const tiles = new TileService(ctx.db);
  await registerTileRoutes(app, ctx, tiles);
  registerOgcRoutes(app, ctx, { tiles });
  await registerUploadServing(app, ctx.config);

  await registerWebApp(app, ctx.config.webDist);
  return app;
}

/**
 * The built web app on the same port: public pages rendered on the server (web/render.ts), the
 * client-rendered app with the history-mode fallback of SPEC §2 for the rest.
 */
async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // Looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      // The build writes .br and .gz beside each hashed asset: sent as they are, not compressed per request.
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (!filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'no-cache');
          return;
        }
        // Vite puts content hashes in asset names, so they never change under one URL: cached for
        // good, never revalidated (no etag or last-modified), and sent with only the headers a
        // script or style file needs, since a page loads many of them (issue 14).
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        reply.removeHeader('etag');
        reply.removeHeader('last-modified');
        reply.removeHeader('accept-ranges');
        markHashedAsset(reply);
      },
    });
  }
  const renderer = createPublicRenderer(app, webDist);
  const sendApp = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0];
    if (API_PREFIXES.some((p) => url.startsWith(p)) || req.method !== 'GET' || !hasWeb) {
      return reply.status(404).send({ code: ERROR_CODES.NOT_FOUND, msg: '接口不存在', data: null });
    }
    if (await renderer.handle(req, reply)) return reply;
    return reply
      .status(isSpaRoute(url) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(fs.readFileSync(indexFile));
  };
  // The static wildcard would answer "/" with a directory refusal; the app's root is a route.
  if (hasWeb) app.get('/', { schema: { hide: true } }, sendApp);
  app.setNotFoundHandler(sendApp);
}
