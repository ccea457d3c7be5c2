import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SEARCH_KEYWORD_MAX, SEARCH_TOO_LONG_MESSAGE } from '@land/shared/constants';
import type { AppContext } from '../../context';
import type { AnyDb } from '../../entities/repository';
import { defineCall } from '../../lib/call';
import { SEARCH_KINDS, search } from '../../services/search';
import { listOf } from './inputs';
import { optionalNumber } from '../../services/publicQuery';

/** 全站搜索 (/search/{searchValue}). */
export function registerSearchRoutes(open: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db as unknown as AnyDb;
  defineCall(
    open,
    '/search',
    {
      summary: `全站搜索：keyword（空格分隔多个词须同时出现），kinds 可选 ${SEARCH_KINDS.join('、')}；按类别返回 count 与前 limit 条（默认5，最多50；只查一类时可用 pageNo 翻页）`,
      tags: ['公众端 · 搜索'],
      input: z.object({
        keyword: z.string({ error: '请输入搜索内容' }).trim().min(1, '请输入搜索内容').max(SEARCH_KEYWORD_MAX, SEARCH_TOO_LONG_MESSAGE),
        kinds: listOf(SEARCH_KINDS, '搜索类别').optional(),
        limit: optionalNumber({ min: 1, max: 50, integer: true, message: '每类条数应为1到50' }),
        pageNo: optionalNumber({ min: 1, max: 10_000, integer: true, message: '页码不正确' }),
      }),
    },
    (input) => search(db, ctx.dialect, { keyword: input.keyword, kinds: input.kinds, limit: input.limit ?? 5, pageNo: input.pageNo ?? 1 }),
  );
}
