/**
 * What the public site may list of each content entity: scope (published only), list and
 * detail columns (allow-lists), keyword columns and named filters.
 */
import { sql, type SqlBool } from 'kysely';
import type { AnyDb } from '../entities/repository';
import { ofPublicParcel, PARCEL_RECORD_COLUMNS } from './publicParcels';
import { publicColumns, type PublicListSpec } from './publicQuery';

const published = () => sql<SqlBool>`${sql.ref('status')} = '1'`;

export interface ContentSpec extends PublicListSpec {
  /** Columns of the detail answer (the list's plus body text and attachments). */
  detail: readonly string[];
}

/** A content spec whose detail shows what its list shows unless stated. */
const content = (spec: PublicListSpec & { detail?: readonly string[] }): ContentSpec => ({ ...spec, detail: spec.detail ?? spec.list });

/** 通知公告: published notices. */
export const NOTICES = content({
  entity: 'tTzgg',
  list: publicColumns('tTzgg', ['id', 'title', 'type', 'number', 'publishDate', 'source', 'isTop', 'visitcount']),
  detail: publicColumns('tTzgg', ['id', 'title', 'type', 'number', 'publishDate', 'source', 'content', 'attachments', 'isTop', 'visitcount']),
  scope: published,
  keyword: ['title', 'number'],
  filters: ['type'],
});

/** 招商活动: published events and news. */
export const EVENTS = content({
  entity: 'tZshd',
  list: publicColumns('tZshd', ['id', 'title', 'type', 'areacode', 'eventDate', 'location', 'cover', 'summary', 'visitcount']),
  detail: publicColumns('tZshd', ['id', 'title', 'type', 'areacode', 'eventDate', 'location', 'cover', 'summary', 'content', 'attachments', 'visitcount']),
  scope: published,
  keyword: ['title', 'summary'],
  filters: ['type', 'areacode'],
});

/** 政策法规: published regulations. */
export const REGULATIONS = content({
  entity: 'tRegulations',
  list: publicColumns('tRegulations', ['id', 'title', 'docNumber', 'issuingAuthority', 'category', 'publishDate', 'effectiveDate', 'visitcount']),
  detail: publicColumns('tRegulations', [
    'id', 'title', 'docNumber', 'issuingAuthority', 'category', 'publishDate', 'effectiveDate', 'content', 'attachments', 'visitcount',
  ]),
  scope: published,
  keyword: ['title', 'docNumber', 'issuingAuthority'],
  filters: ['category'],
});

/** 公众号资讯: published official-account articles. */
export const ARTICLES = content({
  entity: 'tWxgzh',
  list: publicColumns('tWxgzh', ['id', 'title', 'author', 'cover', 'summary', 'url', 'publishDate', 'visitcount']),
  detail: publicColumns('tWxgzh', ['id', 'title', 'author', 'cover', 'summary', 'url', 'content', 'publishDate', 'visitcount']),
  scope: published,
  keyword: ['title', 'summary', 'author'],
});

/** 重点项目: published key projects. */
export const KEY_PROJECTS = content({
  entity: 'tKeyproject',
  list: publicColumns('tKeyproject', [
    'id', 'name', 'investor', 'industry', 'totalInvestment', 'annualInvestment', 'areacode', 'stage', 'startDate', 'plannedCompletion',
    'progress', 'description', 'images', 'displayorder',
  ]),
  scope: published,
  keyword: ['name', 'investor', 'industry'],
  filters: ['stage', 'areacode'],
});

/** 招商联系人: enabled contacts; their phone and e-mail are published on purpose. */
export const CONTACTS = content({
  entity: 'tInvestmentLinkman',
  list: publicColumns('tInvestmentLinkman', ['id', 'name', 'position', 'unit', 'phone', 'email', 'areacode', 'duties', 'photo', 'displayorder']),
  scope: published,
  keyword: ['name', 'unit', 'duties'],
  filters: ['areacode'],
});

/** 国有建设用地供应计划: the supply plan is published by law; internal remarks are not. */
const SUPPLY_PLAN_COLUMNS = publicColumns('tGyjsyd', [
  'id', 'planYear', 'parcelName', 'parcelCode', 'location', 'areacode', 'dlcode', 'gdfx', 'supplyMethod', 'planArea', 'planAreaMu',
  'planQuarter', 'planSupplyDate', 'status',
]);
export const SUPPLY_PLAN = content({
  entity: 'tGyjsyd',
  list: SUPPLY_PLAN_COLUMNS,
  detail: [...SUPPLY_PLAN_COLUMNS, 'geometry'],
  keyword: ['parcelName', 'parcelCode', 'location'],
  filters: ['planYear', 'gdfx', 'areacode', 'supplyMethod', 'status', 'planQuarter', 'dlcode'],
});

/** 可出租资源: listings; the contact is the listing's own. */
export const LEASABLE = content({
  entity: 'tKczy',
  list: publicColumns('tKczy', [
    'id', 'name', 'areacode', 'address', 'type', 'buildingArea', 'rent', 'floors', 'floorHeight', 'floorLoad', 'contact', 'phone',
    'description', 'images', 'status',
  ]),
  keyword: ['name', 'address', 'description'],
  filters: ['type', 'areacode', 'status'],
});

/** 二级市场: listings past review (published or dealt); pending and withdrawn ones stay hidden. */
const SECOND_MARKET_LIST = publicColumns('tSecondmarket', [
  'id', 'title', 'transactionType', 'location', 'areacode', 'area', 'areaMu', 'dlcode', 'price', 'remainingYears', 'images',
  'publishDate', 'status', 'visitcount',
]);
export const SECOND_MARKET = content({
  entity: 'tSecondmarket',
  list: SECOND_MARKET_LIST,
  detail: [...SECOND_MARKET_LIST, 'sellerCompany', 'contact', 'phone', 'description'],
  scope: () => sql<SqlBool>`${sql.ref('status')} in ('published', 'dealt')`,
  keyword: ['title', 'location'],
  filters: ['transactionType', 'areacode', 'status', 'dlcode'],
});

/** 存量可出让土地: stock land marked transferable; owners, idle reasons and disposal plans stay inside. */
const STOCK_LAND_COLUMNS = publicColumns('tCltd', ['id', 'parcelCode', 'name', 'areacode', 'location', 'dlcode', 'area', 'areaMu', 'status']);
export const STOCK_LAND = content({
  entity: 'tCltd',
  list: STOCK_LAND_COLUMNS,
  detail: [...STOCK_LAND_COLUMNS, 'geometry'],
  scope: () => sql<SqlBool>`${sql.ref('transferable')} = 1`,
  keyword: ['name', 'parcelCode', 'location'],
  filters: ['areacode', 'dlcode', 'status'],
});

/** 片区: enabled districts. */
const AREA_LIST = publicColumns('tArea', [
  'id', 'areaname', 'areacode', 'cantoncode', 'type', 'status', 'displayorder', 'planArea', 'leadingIndustry', 'address', 'images',
]);
export const AREAS = content({
  entity: 'tArea',
  list: AREA_LIST,
  detail: [...AREA_LIST, 'introduction', 'boundary'],
  scope: () => sql<SqlBool>`${sql.ref('status')} = '1'`,
  keyword: ['areaname', 'leadingIndustry'],
  filters: ['type', 'cantoncode', 'areacode'],
  order: [{ column: 'displayorder', direction: 'asc' }],
});

/** 片区 with their outlines: the district lists the public maps draw from, one call for all. */
export const AREAS_WITH_BOUNDARY = { ...AREAS, list: [...AREA_LIST, 'boundary'] };

/** 街道: the office's address and phone, not the name of the person behind it. */
export const STREETS = content({
  entity: 'tJd',
  list: publicColumns('tJd', ['id', 'jdname', 'jdcode', 'areacode', 'phone', 'address', 'displayorder']),
  keyword: ['jdname', 'address'],
  filters: ['areacode', 'jdcode'],
});

/** 咨询: answered questions marked public, without who asked. */
export const PUBLIC_PROBLEMS = content({
  entity: 'tProblem',
  list: publicColumns('tProblem', ['id', 'title', 'category', 'content', 'answer', 'answeredAt', 'createdAt']),
  scope: () => sql<SqlBool>`${sql.ref('status')} = '1' and ${sql.ref('isPublic')} = 1`,
  keyword: ['title', 'content'],
  filters: ['category'],
  order: [{ column: 'answeredAt', direction: 'desc' }],
});

/** 咨询: a visitor's own questions, answered or not, with what they entered. */
export const OWN_PROBLEMS = content({
  entity: 'tProblem',
  list: publicColumns('tProblem', [
    'id', 'title', 'category', 'content', 'askerName', 'askerPhone', 'sqdw', 'status', 'isPublic', 'answer', 'answeredAt', 'createdAt',
  ]),
  keyword: ['title', 'content'],
  filters: ['category', 'status'],
  order: [{ column: 'createdAt', direction: 'desc' }],
});

/** 土地交易记录 of public parcels only. */
export function transactionsSpec(db: AnyDb): ContentSpec {
  return content({
    entity: 'tLandJyst',
    list: PARCEL_RECORD_COLUMNS.tLandJyst,
    scope: () => ofPublicParcel(db),
    keyword: ['parcelCode', 'announcementNo', 'winner'],
    filters: ['status', 'transactionType', 'dkid'],
  });
}
