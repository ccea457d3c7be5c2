import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { AnyDb } from '../entities/repository';
import { defineCall } from '../lib/call';
import { attachmentHeader } from '../lib/upload';
import { addressLimit } from '../lib/throttle';
import { districtManual, parcelManual, type ManualScope } from './content';
import type { ManualDocument } from './model';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const manualInput = z
  .object({
    dkid: z.string({ error: '地块编号格式不正确' }).trim().max(32, '地块编号不正确').optional(),
    areacode: z.string({ error: '片区编码格式不正确' }).trim().max(60, '片区编码不正确').optional(),
  })
  .refine((v) => v.dkid || v.areacode, { message: '请提供地块编号 dkid 或片区编码 areacode', path: ['dkid'] });

type ManualInput = z.output<typeof manualInput>;

async function build(db: AnyDb, input: ManualInput, scope: ManualScope): Promise<ManualDocument> {
  return input.dkid ? parcelManual(db, input.dkid, scope) : districtManual(db, input.areacode!, scope);
}

function send(reply: FastifyReply, buf: Buffer, m: ManualDocument, ext: 'docx' | 'pdf', asciiBase: string): FastifyReply {
  return reply
    .header('content-type', ext === 'pdf' ? 'application/pdf' : DOCX_MIME)
    .header('content-disposition', attachmentHeader(`${m.title}.${ext}`, `${asciiBase}.${ext}`))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(buf);
}

/**
 * The investment manual of a parcel (dkid) or district (areacode) as Word (exportZsscDoc) and
 * PDF (createPdf), under /openApi for visitors (published parcels, enabled districts; rate
 * limited) and under /api for staff (any parcel, e.g. to proof one before publishing).
 */
export function registerDocumentRoutes(app: FastifyInstance, ctx: AppContext, audience: 'public' | 'staff'): void {
  const db = ctx.db as unknown as AnyDb;
  const scope: ManualScope = { publicOnly: audience === 'public' };
  // Documents per address on the public path (config.rateLimits.documents, counted in the
  // database); rendering runs in the worker pool (a PDF embeds a font subset).
  const limit = audience === 'public' ? addressLimit(ctx.db, { name: 'documents', ...ctx.config.rateLimits.documents, message: '生成文档过于频繁，请稍后再试' }) : undefined;
  const render = async (m: ManualDocument, format: 'docx' | 'pdf') => Buffer.from(await app.workers.run('renderManual', { manual: m, format }));
  const tags = ['招商手册'];
  const ascii = (input: ManualInput) => `manual-${(input.dkid || input.areacode || '').replace(/[^A-Za-z0-9_-]/g, '')}`;

  defineCall(
    app,
    '/ExcelMainDispose/exportZsscDoc',
    { summary: '招商手册（Word）：dkid 为地块，areacode 为片区；返回 .docx 文件', tags, input: manualInput },
    async (input, req, reply) => {
      if (limit) await limit(req, reply);
      const m = await build(db, input, scope);
      return send(reply, await render(m, 'docx'), m, 'docx', ascii(input));
    },
  );

  defineCall(
    app,
    '/ExcelMainDispose/createPdf',
    { summary: '招商手册（PDF，A4 打印版）：dkid 为地块，areacode 为片区；返回 .pdf 文件', tags, input: manualInput },
    async (input, req, reply) => {
      if (limit) await limit(req, reply);
      const m = await build(db, input, scope);
      return send(reply, await render(m, 'pdf'), m, 'pdf', ascii(input));
    },
  );
}
