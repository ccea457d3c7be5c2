import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { THUMBNAIL_SEGMENT, THUMBNAIL_WIDTHS, isThumbnailWidth } from '@land/shared/images';
import type { AppContext } from '../context';
import type { Config } from '../config';
import { defineCall, ok, parseInput } from '../lib/call';
import { addressLimit, enforceLimit } from '../lib/throttle';
import { MB, fieldValue, firstFile } from '../lib/upload';
import {
  STAFF_KINDS,
  UPLOAD_DIRS,
  VIRTUAL_PREFIX,
  VISITOR_DIR,
  VISITOR_KINDS,
  deleteUpload,
  uploadInUse,
  isStoredPath,
  storeUpload,
} from '../services/files';
import { closeFileStore, fileStoreFor } from '../services/storage';
import { isPictureKey, thumbnailOf } from '../services/thumbnails';

const tags = ['文件'];

const dirInput = z.object({
  dir: z.enum(UPLOAD_DIRS, { error: `上传目录只能是 ${UPLOAD_DIRS.join('、')} 之一` }).default('files'),
});

/** Staff upload and delete under /api/file (the staff guard of /api applies). */
export function registerStaffFileRoutes(api: FastifyInstance, ctx: AppContext): void {
  const store = fileStoreFor(ctx.config);
  const maxBytes = ctx.config.uploadMaxMb * MB;
  const staffUploads = { name: 'staff-upload', ...ctx.config.rateLimits.staffUpload, message: '上传过于频繁，请稍后再试' };

  api.post(
    '/file/upload',
    {
      schema: {
        summary: `上传文件（multipart 字段 file；可选 dir：${UPLOAD_DIRS.join('|')}；不超过${ctx.config.uploadMaxMb}MB）`,
        tags,
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      await enforceLimit(ctx.db, staffUploads, req.staff?.userId ?? req.ip, reply);
      const part = await firstFile(req, maxBytes);
      const query = (req.query ?? {}) as Record<string, unknown>;
      let dir: (typeof UPLOAD_DIRS)[number];
      try {
        ({ dir } = parseInput(dirInput, { dir: fieldValue(part, 'dir') || query.dir || undefined }));
      } catch (err) {
        part.file.resume();
        throw err;
      }
      return ok(await storeUpload(store, part, { dir, kinds: STAFF_KINDS[dir], maxBytes }), '上传成功');
    },
  );

  defineCall(
    api,
    '/file/deleteFile',
    {
      summary: '删除已上传的文件（filepath 为 /virtualPath 起的地址）',
      tags,
      input: z.object({
        filepath: z.string({ error: '缺少文件路径' }).trim().min(1, '缺少文件路径').max(300, '文件路径不正确'),
      }),
    },
    async (input) => {
      await deleteUpload(store, input.filepath, (key) => uploadInUse(ctx.db, key));
      return null;
    },
  );
}

export const VISITOR_UPLOADS_PER_10_MIN = 30;

/** Visitor upload for public forms: pictures and PDF only, a smaller limit, rate-limited. */
export function registerPublicFileRoutes(open: FastifyInstance, ctx: AppContext): void {
  const store = fileStoreFor(ctx.config);
  const maxBytes = ctx.config.visitorUploadMaxMb * MB;
  // Counted in the database: several server processes share the limit (config.rateLimits.visitorUpload).
  const limit = addressLimit(ctx.db, { name: 'visitor-upload', ...ctx.config.rateLimits.visitorUpload, message: '上传过于频繁，请稍后再试' });
  open.post(
    '/file/upload',
    {
      schema: {
        summary: `访客上传（multipart 字段 file；仅图片与 PDF，不超过${ctx.config.visitorUploadMaxMb}MB）`,
        tags,
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      await limit(req, reply);
      const part = await firstFile(req, maxBytes);
      return ok(await storeUpload(store, part, { dir: VISITOR_DIR, kinds: VISITOR_KINDS, maxBytes }), '上传成功');
    },
  );
}

const SERVED_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=31536000, immutable' };

const thumbnailInput = z.object({
  width: z.coerce
    .number({ error: '缩略图宽度不正确' })
    .refine(isThumbnailWidth, { error: `缩略图宽度只能是 ${THUMBNAIL_WIDTHS.join('、')} 之一` }),
});

/**
 * Serves the store (folder or object store) read-only under /virtualPath: only paths of the
 * stored shape, with the content type of the (checked) extension, nosniff, and a year of caching
 * since a stored name never gets other content. A visitor's PDF is offered as a download, not
 * shown under our name. A stored picture's WebP thumbnails are under /virtualPath/_w<width>/
 * (services/thumbnails.ts; widths of @land/shared/images only, anything else A0400).
 */
export async function registerUploadServing(app: FastifyInstance, config: Config): Promise<void> {
  const store = fileStoreFor(config);
  app.addHook('onClose', async () => closeFileStore(config));

  app.get(`${VIRTUAL_PREFIX}/${THUMBNAIL_SEGMENT}:width/*`, { schema: { hide: true } }, async (req, reply) => {
    const params = req.params as { width: string; '*': string };
    const { width } = parseInput(thumbnailInput, { width: params.width });
    const key = params['*'];
    if (!isStoredPath(`/${key}`) || !isPictureKey(key)) return reply.callNotFound();
    const thumbnail = await thumbnailOf(store, key, width);
    if (!thumbnail) return reply.callNotFound();
    reply.headers(SERVED_HEADERS).header('etag', thumbnail.etag);
    if (req.headers['if-none-match'] === thumbnail.etag) return reply.status(304).send();
    return reply.type('image/webp').send(thumbnail.body);
  });

  await store.serve(app, {
    prefix: VIRTUAL_PREFIX,
    allowed: (pathName) => isStoredPath(pathName),
    headers(key) {
      const headers: Record<string, string> = { ...SERVED_HEADERS };
      if (key.startsWith(`${VISITOR_DIR}/`) && !/\.(jpg|png|gif|webp)$/.test(key)) headers['content-disposition'] = 'attachment';
      return headers;
    },
  });
}
