import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { VisitCounter } from '../../services/publicVisits';
import { registerBaseMapRoutes } from './basemap';
import { registerCollectionRoutes } from './collections';
import { registerConsultingRoutes } from './consulting';
import { registerPublicContentRoutes } from './content';
import { registerPublicDistrictRoutes } from './districts';
import { registerVisitorGuard } from './guard';
import { registerMessageRoutes } from './messages';
import { registerPublicParcelRoutes } from './parcels';
import { registerSavedSearchRoutes } from './savedSearches';
import { registerSearchRoutes } from './search';
import { registerVisitorRoutes } from './visitors';
import { registerWechatRoutes } from './wechat';

const registered = new WeakMap<FastifyInstance, string[]>();

/** The /openApi URLs this tree registered on an app (tests walk them all). */
export function publicRouteUrls(app: FastifyInstance): string[] {
  return [...new Set(registered.get(app) ?? [])];
}

/**
 * The public site's calls (SPEC §7 "Public API", collections, visitors, messages, consulting,
 * search) under /openApi, with one visitor hook for the whole tree: a route flagged
 * `config.visitor` gets `req.visitor` from the token, or is refused when it requires one.
 */
export async function registerPublicRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const urls: string[] = [];
  registered.set(app, urls);
  const visits = new VisitCounter(ctx.db);
  await app.register(
    async (open) => {
      open.addHook('onRoute', (route) => {
        urls.push(route.url);
      });
      registerVisitorGuard(open, ctx);
      registerVisitorRoutes(open, ctx);
      registerCollectionRoutes(open, ctx);
      registerSavedSearchRoutes(open, ctx);
      registerMessageRoutes(open, ctx);
      registerConsultingRoutes(open, ctx);
      registerPublicParcelRoutes(open, ctx, visits);
      registerPublicDistrictRoutes(open, ctx);
      registerBaseMapRoutes(open, ctx);
      registerPublicContentRoutes(open, ctx, visits);
      registerSearchRoutes(open, ctx);
      registerWechatRoutes(open, ctx, visits);
    },
    { prefix: '/openApi' },
  );
}
