import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@land/shared/api';
import { AppError } from '../lib/errors';
import { isPageRequest, sendPageError } from '../web/pageError';

/** Fastify's own 4xx errors, told in Chinese. Anything else 4xx gets a generic message. */
const FASTIFY_MESSAGES: Record<string, { code: string; msg: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: ERROR_CODES.UNSUPPORTED_MEDIA, msg: '不支持的请求内容类型' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ERROR_CODES.TOO_LARGE, msg: '请求内容过大' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ERROR_CODES.VALIDATION, msg: '请求体不是合法的 JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ERROR_CODES.VALIDATION, msg: '请求体为空' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ERROR_CODES.VALIDATION, msg: '请求长度不正确' },
};

/**
 * One error handler for the whole app: AppErrors go out with their code and message; other
 * client errors get a Chinese message; server errors are logged and answered without details.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, req, reply) => {
    if (isPageRequest(req)) {
      const status = error instanceof AppError ? error.httpStatus : (error as FastifyError).statusCode;
      // A page address the file server refuses (a backslash in /search/a%5Cb) is a page of the app.
      if (!(error instanceof AppError) && status === 403) return reply.callNotFound();
      // An address refused as it stands (U+0000 in the query): the site's page saying so, not the API's JSON.
      if (status === 400) return sendPageError(reply, 400);
    }
    if (error instanceof AppError) {
      return reply.status(error.httpStatus).send({ code: error.code, msg: error.message, data: error.data });
    }
    const fe = error as FastifyError;
    const status = fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
    if (status < 500) {
      const known = fe.code ? FASTIFY_MESSAGES[fe.code] : undefined;
      if (status === 429) {
        return reply.status(429).send({ code: ERROR_CODES.RATE_LIMITED, msg: '请求过于频繁，请稍后再试', data: null });
      }
      return reply.status(status).send({
        code: known?.code ?? (status === 413 ? ERROR_CODES.TOO_LARGE : ERROR_CODES.VALIDATION),
        msg: known?.msg ?? (status === 413 ? '请求内容过大' : '请求格式不正确'),
        data: null,
      });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: ERROR_CODES.SERVER_ERROR, msg: '系统繁忙，请稍后再试', data: null });
  });
}
