import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@land/shared/api';
import type { AppContext } from '../app';
import { ping } from '../db/database';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', { schema: { summary: '健康检查：数据库可达时返回 200' } }, async (req, reply) => {
    try {
      await ping(ctx.db);
      return { code: '200', msg: 'ok', data: { database: ctx.dialect } };
    } catch (err) {
      req.log.error({ err }, 'health check failed');
      return reply.status(503).send({ code: ERROR_CODES.SERVER_ERROR, msg: '数据库不可用', data: null });
    }
  });
}
