/** Aggregates of the public content: popular news across two entities, supply-plan totals. */
import { sql } from 'kysely';
import { m2ToMu, round } from '@land/shared/helpers';
import type { PageResult } from '@land/shared/api';
import type { DialectName } from '../db/database';
import type { AnyDb, Row } from '../entities/repository';
import { UNPAGED_LIMIT, compileConditions } from '../lib/pagedQuery';
import { ARTICLES, EVENTS, SUPPLY_PLAN } from './publicContent';
import { and, defOf, listScope, publicQueryColumns, type ListInput } from './publicQuery';

function parseImages(text: unknown): unknown {
  if (typeof text !== 'string') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * 热门资讯: published official-account articles and investment events in one list, most
 * viewed first (then newest). Each item says its kind, so the page opens the right detail.
 */
export async function popularNews(db: AnyDb, input: { pageNo: number; pageSize: number }): Promise<PageResult<Row>> {
  const unpaged = input.pageNo === 0 && input.pageSize === 0;
  const pageSize = unpaged ? UNPAGED_LIMIT : input.pageSize || 10;
  const pageNo = unpaged ? 1 : Math.max(1, input.pageNo);
  const articles = sql`select ${sql.ref('id')} as id, ${sql.ref('title')} as title, 'wxgzh' as kind, ${sql.ref('publishDate')} as date, ${sql.ref('cover')} as cover, ${sql.ref('summary')} as summary, ${sql.ref('visitcount')} as visitcount from ${sql.table('t_wxgzh')} where ${ARTICLES.scope!()!}`;
  const events = sql`select ${sql.ref('id')} as id, ${sql.ref('title')} as title, 'zshd' as kind, ${sql.ref('eventDate')} as date, ${sql.ref('cover')} as cover, ${sql.ref('summary')} as summary, ${sql.ref('visitcount')} as visitcount from ${sql.table('t_zshd')} where ${EVENTS.scope!()!}`;
  const [rows, counts] = await Promise.all([
    sql<Row>`select * from (${articles} union all ${events}) as news order by coalesce(visitcount, 0) desc, date desc nulls last, id desc limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(db),
    sql<{ n: number | string }>`select (select count(*) from ${sql.table('t_wxgzh')} where ${ARTICLES.scope!()!}) + (select count(*) from ${sql.table('t_zshd')} where ${EVENTS.scope!()!}) as n`.execute(db),
  ]);
  return {
    list: rows.rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      kindLabel: r.kind === 'wxgzh' ? '资讯' : '招商活动',
      title: r.title,
      date: r.date ?? null,
      cover: parseImages(r.cover),
      summary: r.summary ?? null,
      visitcount: Number(r.visitcount ?? 0),
    })),
    total: Number(counts.rows[0]?.n ?? 0),
    pageNo: unpaged ? 0 : pageNo,
    pageSize: unpaged ? 0 : pageSize,
  };
}

/** Totals of the supply-plan rows matching the same filters as the list. */
export async function supplyPlanSummary(db: AnyDb, dialect: DialectName, input: ListInput) {
  const def = defOf(SUPPLY_PLAN.entity);
  const { where } = compileConditions(input.params, publicQueryColumns(SUPPLY_PLAN.entity, SUPPLY_PLAN.list), dialect);
  const condition = and([listScope(SUPPLY_PLAN, input, dialect), where]);
  let q = db.selectFrom(def.table).select(['gdfx', 'planQuarter', 'planArea']);
  if (condition) q = q.where(condition);
  const rows = (await q.limit(UNPAGED_LIMIT * 10).execute()) as Row[];
  const gdfxLabel = (v: unknown) => def.fields.find((f) => f.name === 'gdfx')?.options?.find((o) => o.value === v)?.label ?? '未指定';
  const group = (key: (r: Row) => string | number | null, label: (k: string | number | null) => string) => {
    const map = new Map<string | number | null, { count: number; planArea: number }>();
    for (const r of rows) {
      const k = key(r);
      const g = map.get(k) ?? { count: 0, planArea: 0 };
      g.count += 1;
      g.planArea += Number(r.planArea ?? 0);
      map.set(k, g);
    }
    return [...map.entries()].map(([k, g]) => ({ key: k, label: label(k), count: g.count, planArea: round(g.planArea, 2), planAreaMu: round(m2ToMu(g.planArea), 2) }));
  };
  const total = rows.reduce((n, r) => n + Number(r.planArea ?? 0), 0);
  return {
    count: rows.length,
    planArea: round(total, 2),
    planAreaMu: round(m2ToMu(total), 2),
    byGdfx: group((r) => (r.gdfx as string | null) ?? null, gdfxLabel),
    byQuarter: group(
      (r) => (r.planQuarter === null || r.planQuarter === undefined ? null : Number(r.planQuarter)),
      (k) => (k === null ? '未指定' : `第${k}季度`),
    ).sort((a, b) => Number(a.key ?? 9) - Number(b.key ?? 9)),
  };
}
