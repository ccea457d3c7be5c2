/**
 * The public site's global search (/search/{searchValue}): one keyword over parcels, notices,
 * events, regulations, districts and key projects, answered per kind with a count and the top
 * hits. Matching is a substring match (LIKE/ILIKE with the visitor's % and _ escaped), which is
 * what users of Chinese text expect: a two-character word such as 物流 finds every record that
 * contains it, with no word segmentation to get wrong. Several terms separated by spaces must
 * all occur. Records whose title contains the first term come first.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DialectName } from '../db/database';
import type { AnyDb, Row } from '../entities/repository';
import { containsAny, keywordCondition, keywordTerms, presentPublic } from './publicQuery';
import { ARTICLES, AREAS, EVENTS, KEY_PROJECTS, NOTICES, REGULATIONS } from './publicContent';
import { PARCEL_SUMMARY_COLUMNS, loadNames, presentSummary, publicParcelScope } from './publicParcels';

export const SEARCH_KINDS = ['parcel', 'notice', 'event', 'regulation', 'district', 'keyProject', 'article'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

interface KindSpec {
  label: string;
  entity: string;
  table: string;
  /** Where the keyword is looked for. */
  columns: readonly string[];
  /** The title column (hits in it rank first). */
  title: string;
  scope: Expression<SqlBool>;
  select: readonly string[];
  /** Tie-break after the title rank. */
  order: [string, 'asc' | 'desc'];
}

const KINDS: Record<SearchKind, KindSpec> = {
  parcel: {
    label: '地块',
    entity: 'tLandinfo',
    table: 't_landinfo',
    columns: ['dkmc', 'dkbh', 'location', 'plannedUse', 'introduction'],
    title: 'dkmc',
    scope: publicParcelScope,
    select: PARCEL_SUMMARY_COLUMNS,
    order: ['publishedAt', 'desc'],
  },
  notice: {
    label: '通知公告',
    entity: 'tTzgg',
    table: 't_tzgg',
    columns: ['title', 'number', 'content'],
    title: 'title',
    scope: NOTICES.scope!()!,
    select: NOTICES.list,
    order: ['publishDate', 'desc'],
  },
  event: {
    label: '招商活动',
    entity: 'tZshd',
    table: 't_zshd',
    columns: ['title', 'summary', 'location', 'content'],
    title: 'title',
    scope: EVENTS.scope!()!,
    select: EVENTS.list,
    order: ['eventDate', 'desc'],
  },
  regulation: {
    label: '政策法规',
    entity: 'tRegulations',
    table: 't_regulations',
    columns: ['title', 'docNumber', 'issuingAuthority', 'content'],
    title: 'title',
    scope: REGULATIONS.scope!()!,
    select: REGULATIONS.list,
    order: ['publishDate', 'desc'],
  },
  district: {
    label: '片区',
    entity: 'tArea',
    table: 't_area',
    columns: ['areaname', 'leadingIndustry', 'address', 'introduction'],
    title: 'areaname',
    scope: AREAS.scope!()!,
    select: AREAS.list,
    order: ['displayorder', 'asc'],
  },
  keyProject: {
    label: '重点项目',
    entity: 'tKeyproject',
    table: 't_keyproject',
    columns: ['name', 'investor', 'industry', 'description'],
    title: 'name',
    scope: KEY_PROJECTS.scope!()!,
    select: KEY_PROJECTS.list,
    order: ['displayorder', 'asc'],
  },
  article: {
    label: '资讯',
    entity: 'tWxgzh',
    table: 't_wxgzh',
    columns: ['title', 'summary', 'author', 'content'],
    title: 'title',
    scope: ARTICLES.scope!()!,
    select: ARTICLES.list,
    order: ['publishDate', 'desc'],
  },
};

export interface SearchInput {
  keyword: string;
  kinds?: SearchKind[];
  /** Hits per kind (the page size when one kind is asked for). */
  limit: number;
  pageNo: number;
}

export interface SearchGroup {
  kind: SearchKind;
  label: string;
  count: number;
  list: Row[];
}

export async function search(db: AnyDb, dialect: DialectName, input: SearchInput) {
  const terms = keywordTerms(input.keyword);
  const kinds = input.kinds?.length ? SEARCH_KINDS.filter((k) => input.kinds!.includes(k)) : [...SEARCH_KINDS];
  if (terms.length === 0) return { total: 0, groups: kinds.map((kind) => ({ kind, label: KINDS[kind].label, count: 0, list: [] })) };
  const names = kinds.includes('parcel') ? await loadNames(db) : undefined;
  const offset = (Math.max(1, input.pageNo) - 1) * input.limit;
  const groups: SearchGroup[] = [];
  for (const kind of kinds) {
    const spec = KINDS[kind];
    const where = sql<SqlBool>`${spec.scope} and ${keywordCondition(spec.columns, input.keyword, dialect)!}`;
    const titleFirst = sql`case when ${containsAny([spec.title], terms[0], dialect)} then 0 else 1 end`;
    const [rows, count] = await Promise.all([
      db
        .selectFrom(spec.table)
        .select([...spec.select])
        .where(where)
        .orderBy(titleFirst)
        .orderBy(sql`${sql.ref(spec.order[0])} ${sql.raw(spec.order[1])} nulls last`)
        .orderBy('id', 'desc')
        .limit(input.limit)
        .offset(offset)
        .execute(),
      db.selectFrom(spec.table).select(sql<number>`count(*)`.as('n')).where(where).executeTakeFirst(),
    ]);
    const list = (rows as Row[]).map((r) => (kind === 'parcel' ? presentSummary(r, names!) : presentPublic(spec.entity, spec.select, r)));
    groups.push({ kind, label: spec.label, count: Number(count?.n ?? 0), list });
  }
  return { total: groups.reduce((n, g) => n + g.count, 0), groups };
}
