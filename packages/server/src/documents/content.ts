/**
 * What an investment manual says: gathered from the parcel (or district) and its supporting
 * records, shaped into the document model. Visitors get published parcels and enabled
 * districts only; staff may print any.
 */
import { entityByName } from '@land/shared/entities/index';
import { COMPARATORS, INDICATORS } from '@land/shared/entities/planningIndicator';
import { MATCHING_ITEMS, MATCHING_STATES } from '@land/shared/entities/landMatching';
import { bbox, type BBox, type ParcelGeometry } from '@land/shared/geo/index';
import { amountToChinese, formatDateCn, formatThousands, m2ToMu, round } from '@land/shared/helpers';
import { TRADE_STATE_LABELS, type TradeState } from '@land/shared/lifecycle';
import type { EntityDef } from '@land/shared/entity';
import type { DbOrTrx } from '../db/schema';
import { selectColumns } from '../entities/columns';
import { presentRow, type AnyDb, type Row } from '../entities/repository';
import { notFound } from '../lib/errors';
import { PUBLIC_PARCEL_STATE, publicParcelScope } from '../services/publicParcels';
import { loadSettings } from '../services/settings';
import { renderMap, rgb, viewExtent, type MapLayer } from './mapImage';
import type { Block, ManualDocument, Section } from './model';

const def = (name: string): EntityDef => entityByName(name)!;

export interface ManualScope {
  /** visitors: only published parcels and enabled districts, and only published neighbours on maps */
  publicOnly: boolean;
}

const MAP_WIDTH = 1000;
const MAP_HEIGHT = 640;

function str(v: unknown): string {
  return v === null || v === undefined ? '' : String(v);
}

function num(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

function fmt(n: number | null, digits = 2): string {
  return n === null ? '' : formatThousands(round(n, digits));
}

function optionLabel(d: EntityDef, field: string, value: unknown): string {
  const f = d.fields.find((x) => x.name === field);
  return f?.options?.find((o) => o.value === str(value))?.label ?? str(value);
}

/** "≥1.0 且 ≤2.5", "≥1.0", "≤2.5" or '' from a lower and upper bound. */
function range(min: number | null, max: number | null, unit = ''): string {
  if (min !== null && max !== null) return min === max ? `${min}${unit}` : `≥${min}${unit} 且 ≤${max}${unit}`;
  if (min !== null) return `≥${min}${unit}`;
  if (max !== null) return `≤${max}${unit}`;
  return '';
}

function stripHtml(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

async function rows(db: AnyDb, entity: string, where: [string, unknown][], limit = 200): Promise<Row[]> {
  const d = def(entity);
  let q = db.selectFrom(d.table).select(selectColumns(d));
  for (const [k, v] of where) q = q.where(k, '=', v);
  for (const o of d.defaultOrder ?? []) q = q.orderBy(o.field, o.direction);
  const found = await q.orderBy('id', 'asc').limit(limit).execute();
  return found.map((r) => presentRow(d, r as Row));
}

async function nameOf(db: AnyDb, table: string, keyColumn: string, key: unknown, nameColumn: string): Promise<string> {
  if (key === null || key === undefined || key === '') return '';
  const row = (await db.selectFrom(table).select(nameColumn).where(keyColumn, '=', key).executeTakeFirst()) as Row | undefined;
  return row ? str(row[nameColumn]) : str(key);
}

/** The zone's name for the cover: the site name without the platform suffix. */
function zoneName(siteName: string): string {
  return siteName.replace(/(土地信息平台|土地信息服务平台|信息平台|平台)$/, '') || siteName;
}

function geometryOf(v: unknown): ParcelGeometry | null {
  const g = v as ParcelGeometry | null;
  return g && (g.type === 'Polygon' || g.type === 'MultiPolygon') ? g : null;
}

/** Parcels whose bounding box meets `extent` (for the map), published ones only for visitors. */
async function parcelsIn(db: AnyDb, extent: BBox, scope: ManualScope, exceptId?: string): Promise<Row[]> {
  let q = db
    .selectFrom('t_landinfo')
    .select(['id', 'dkmc', 'geometry'])
    .where('minLon', '<=', extent[2])
    .where('maxLon', '>=', extent[0])
    .where('minLat', '<=', extent[3])
    .where('maxLat', '>=', extent[1]);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (scope.publicOnly) q = q.where(publicParcelScope);
  const found = (await q.limit(500).execute()) as Row[];
  return found.map((r) => ({ ...r, geometry: typeof r.geometry === 'string' ? JSON.parse(r.geometry) : r.geometry }));
}

const STYLE = {
  district: { fill: rgb('#1677ff', 0.06), stroke: rgb('#1677ff'), strokeWidth: 2, dash: [10, 6] as [number, number] },
  neighbour: { fill: rgb('#bfbfbf', 0.7), stroke: rgb('#8c8c8c'), strokeWidth: 1 },
  subject: { fill: rgb('#f5222d', 0.35), stroke: rgb('#cf1322'), strokeWidth: 3 },
};

function mapBlock(layers: MapLayer[], extent: BBox, legend: { color: string; label: string }[], what: string): Block {
  const map = renderMap({ width: MAP_WIDTH, height: MAP_HEIGHT, extent, layers });
  return {
    kind: 'map',
    png: map.png,
    width: map.width,
    height: map.height,
    caption: `${what}示意图（上方为北，网格及左下角比例尺每格 ${formatThousands(map.gridMeters)} 米；坐标系 CGCS2000）`,
    legend,
  };
}

/** A section holding one table. */
function tableSection(heading: string, columns: string[], widths: number[], cells: string[][]): Section {
  return { heading, blocks: [{ kind: 'table', columns, widths, rows: cells }] };
}

async function contactsBlock(db: AnyDb, areacode: unknown): Promise<Block | null> {
  let list = await rows(db, 'tInvestmentLinkman', [['status', '1'], ...(areacode ? ([['areacode', areacode]] as [string, unknown][]) : [])], 20);
  // A district without its own contacts is served by the zone's investment office.
  if (list.length === 0 && areacode) list = await rows(db, 'tInvestmentLinkman', [['status', '1']], 5);
  if (list.length === 0) return null;
  return {
    kind: 'table',
    columns: ['姓名', '职务', '单位', '联系电话', '电子邮箱'],
    widths: [14, 16, 34, 18, 18],
    rows: list.map((c) => [str(c.name), str(c.position), str(c.unit), str(c.phone), str(c.email)]),
  };
}

/** The investment manual of one parcel. */
export async function parcelManual(db: AnyDb, dkid: string, scope: ManualScope): Promise<ManualDocument> {
  const parcelDef = def('tLandinfo');
  const found = await db.selectFrom(parcelDef.table).select(selectColumns(parcelDef)).where('id', '=', dkid).executeTakeFirst();
  const p = found ? presentRow(parcelDef, found as Row) : undefined;
  if (!p || (scope.publicOnly && p.status !== PUBLIC_PARCEL_STATE)) throw notFound('地块不存在或未发布');
  const settings = await loadSettings(db as unknown as DbOrTrx);
  const [district, landClass, street] = await Promise.all([
    nameOf(db, 't_area', 'areacode', p.areacode, 'areaname'),
    nameOf(db, 't_dl', 'code', p.dlcode, 'name'),
    nameOf(db, 't_jd', 'id', p.jdcode, 'jdname'),
  ]);
  const [indicators, facilities, distances, advantages, matching] = await Promise.all([
    rows(db, 'tYdzb', [['dkid', dkid]]),
    rows(db, 'tLandzbpt', [['dkid', dkid]]),
    rows(db, 'tDistance', [['dkid', dkid]]),
    rows(db, 'tDkys', [['dkid', dkid]]),
    rows(db, 'tLandmatching', [['dkid', dkid]], 1),
  ]);

  const name = str(p.dkmc);
  const sections: Section[] = [];

  // Location: map and where it is.
  const geometry = geometryOf(p.geometry);
  const location: Block[] = [];
  if (geometry) {
    const own = bbox(geometry);
    const extent = viewExtent([own], 600, 2.2);
    const districtRow = p.areacode ? ((await db.selectFrom('t_area').select('boundary').where('areacode', '=', p.areacode).executeTakeFirst()) as Row | undefined) : undefined;
    const districtGeometry = geometryOf(typeof districtRow?.boundary === 'string' ? JSON.parse(districtRow.boundary) : null);
    const neighbours = (await parcelsIn(db, extent, scope, dkid)).map((r) => geometryOf(r.geometry)).filter((g): g is ParcelGeometry => g !== null);
    const layers: MapLayer[] = [];
    const legend = [{ color: '#f5222d', label: '本地块' }];
    if (districtGeometry) {
      layers.push({ geometries: [districtGeometry], ...STYLE.district });
      legend.push({ color: '#1677ff', label: `${district || '所在片区'}范围（虚线）` });
    }
    if (neighbours.length) {
      layers.push({ geometries: neighbours, ...STYLE.neighbour });
      legend.push({ color: '#8c8c8c', label: '周边地块' });
    }
    layers.push({ geometries: [geometry], ...STYLE.subject });
    location.push(mapBlock(layers, extent, legend, '地块位置'));
  }
  const bounds = [['东', p.boundEast], ['南', p.boundSouth], ['西', p.boundWest], ['北', p.boundNorth]].filter(([, v]) => str(v)).map(([k, v]) => `${k}至${str(v)}`);
  location.push({
    kind: 'figures',
    rows: [
      ['土地坐落', str(p.location)],
      ['四至', bounds.join('；')],
      ['所属片区', district],
      ['所属街道', street],
      ['中心点坐标', p.centerLon !== null && p.centerLat !== null ? `东经 ${round(Number(p.centerLon), 6)}°，北纬 ${round(Number(p.centerLat), 6)}°` : ''],
    ].filter(([, v]) => v !== '') as [string, string][],
  });
  sections.push({ heading: '地块位置', blocks: location });

  // Key figures.
  const area = num(p.landArea);
  const mu = num(p.landAreaMu) ?? (area !== null ? m2ToMu(area) : null);
  const price = num(p.startingPrice);
  const figures: [string, string][] = [
    ['宗地编号', str(p.dkbh)],
    ['土地面积', area !== null ? `${fmt(area)} 平方米（约 ${fmt(mu)} 亩）` : ''],
    ['土地用途', landClass + (p.plannedUse ? `（规划用途：${str(p.plannedUse)}）` : '')],
    ['容积率', range(num(p.plotRatioMin), num(p.plotRatioMax))],
    ['建筑密度', range(num(p.buildingDensityMin), num(p.buildingDensityMax), '%')],
    ['绿地率', range(num(p.greenRatioMin), num(p.greenRatioMax), '%')],
    ['建筑限高', num(p.heightLimit) !== null ? `≤${fmt(num(p.heightLimit), 1)} 米` : ''],
    ['投资强度', num(p.investmentIntensity) !== null ? `≥${fmt(num(p.investmentIntensity))} 万元/亩` : ''],
    ['亩均税收', num(p.taxPerMu) !== null ? `≥${fmt(num(p.taxPerMu))} 万元/亩` : ''],
    ['出让年限', num(p.tenureYears) !== null ? `${str(p.tenureYears)} 年` : ''],
    ['供地方式', p.supplyMethod ? optionLabel(parcelDef, 'supplyMethod', p.supplyMethod) : ''],
    ['起始价', price !== null ? `${fmt(price)} 万元（人民币大写：${amountToChinese(round(price * 10_000, 2))}）` : ''],
    ['竞买保证金', num(p.deposit) !== null ? `${fmt(num(p.deposit))} 万元（人民币大写：${amountToChinese(round(Number(p.deposit) * 10_000, 2))}）` : ''],
    ['交易状态', p.tradeState && p.tradeState !== 'none' ? TRADE_STATE_LABELS[p.tradeState as TradeState] ?? '' : ''],
  ];
  sections.push({ heading: '主要指标', blocks: [{ kind: 'figures', rows: figures.filter(([, v]) => v !== '') }] });

  if (indicators.length) {
    const indicatorRows = indicators.map((r) => {
      const spec = INDICATORS.find((i) => i.value === r.indicator);
      const cmp = COMPARATORS.find((c) => c.value === r.comparator)?.label ?? '';
      const requirement = r.comparator === 'between' ? `${str(r.value)} ～ ${str(r.valueMax)}` : `${cmp} ${str(r.value)}`;
      return [spec?.label ?? str(r.indicator), requirement, str(r.unit ?? spec?.unit)];
    });
    sections.push(tableSection('规划指标', ['指标', '要求', '单位'], [40, 40, 20], indicatorRows));
  }

  if (matching[0]) {
    const m = matching[0];
    sections.push(tableSection('基础设施配套（七通一平）', ['项目', '现状', '说明'], [18, 22, 60], MATCHING_ITEMS.map((i) => [i.label, MATCHING_STATES.find((s) => s.value === m[i.name])?.label ?? '', str(m[`${i.name}Note`])])));
  }

  if (facilities.length) {
    const fDef = def('tLandzbpt');
    sections.push(tableSection('周边配套', ['类型', '名称', '距离（米）', '地址'], [14, 34, 14, 38], facilities.map((f) => [optionLabel(fDef, 'facilityType', f.facilityType), str(f.name), fmt(num(f.distanceM), 0), str(f.address)])));
  }

  if (distances.length) {
    const dDef = def('tDistance');
    sections.push(tableSection('区位交通', ['类型', '地点', '距离（公里）', '车程（分钟）'], [20, 40, 20, 20], distances.map((d) => [optionLabel(dDef, 'placeType', d.placeType), str(d.placeName), fmt(num(d.distanceKm), 1), str(d.driveMinutes)])));
  }

  const advantageItems = advantages.map((a) => (a.content ? `${str(a.title)}：${str(a.content)}` : str(a.title)));
  const intro = [str(p.introduction), str(p.siteCondition) && `现状土地条件：${str(p.siteCondition)}`].filter(Boolean);
  if (advantageItems.length || intro.length) {
    sections.push({
      heading: '地块优势',
      blocks: [...intro.map((text): Block => ({ kind: 'paragraph', text })), ...(advantageItems.length ? [{ kind: 'bullets', items: advantageItems } as Block] : [])],
    });
  }

  const contacts = await contactsBlock(db, p.areacode);
  const contactBlocks: Block[] = [];
  if (p.contact || p.phone) contactBlocks.push({ kind: 'figures', rows: [['地块联系人', [str(p.contact), str(p.phone)].filter(Boolean).join('\u3000')]] });
  if (contacts) contactBlocks.push(contacts);
  if (settings.contactPhone || settings.contactAddress) {
    contactBlocks.push({ kind: 'figures', rows: [['咨询电话', settings.contactPhone], ['联系地址', settings.contactAddress]].filter(([, v]) => v) as [string, string][] });
  }
  if (contactBlocks.length) sections.push({ heading: '招商联系', blocks: contactBlocks });

  const zone = zoneName(settings.siteName);
  return {
    title: `${name}招商手册`,
    cover: {
      zoneName: zone,
      name,
      subtitle: '地块招商手册',
      date: formatDateCn(new Date()),
      lines: [district && `所属片区：${district}`, str(p.dkbh) && `宗地编号：${str(p.dkbh)}`].filter(Boolean),
    },
    sections,
    footer: `${zone}\u3000${name}招商手册`,
  };
}

/** The investment manual of a district: its profile, its parcels on offer and the contacts. */
export async function districtManual(db: AnyDb, areacode: string, scope: ManualScope): Promise<ManualDocument> {
  const areaDef = def('tArea');
  const parcelDef = def('tLandinfo');
  const found = await db.selectFrom(areaDef.table).select(selectColumns(areaDef)).where('areacode', '=', areacode).executeTakeFirst();
  const a = found ? presentRow(areaDef, found as Row) : undefined;
  if (!a || (scope.publicOnly && a.status !== '1')) throw notFound('片区不存在或未启用');
  const settings = await loadSettings(db as unknown as DbOrTrx);
  const name = str(a.areaname);
  let pq = db.selectFrom(parcelDef.table).select(selectColumns(parcelDef)).where('areacode', '=', areacode);
  // Visitors see what is on offer; staff printing the district manual see the same list.
  pq = pq.where(publicParcelScope);
  const parcels = ((await pq.orderBy('displayorder', 'asc').orderBy('id', 'asc').limit(200).execute()) as Row[]).map((r) => presentRow(parcelDef, r));
  const classNames = new Map<string, string>();
  for (const code of new Set(parcels.map((r) => str(r.dlcode)).filter(Boolean))) classNames.set(code, await nameOf(db, 't_dl', 'code', code, 'name'));

  const sections: Section[] = [];
  const profile: Block[] = [
    {
      kind: 'figures',
      rows: (
        [
          ['片区名称', name],
          ['片区类型', a.type ? optionLabel(areaDef, 'type', a.type) : ''],
          ['规划面积', num(a.planArea) !== null ? `${fmt(num(a.planArea))} 平方公里` : ''],
          ['主导产业', str(a.leadingIndustry)],
          ['地址', str(a.address)],
          ['可供地块', `${parcels.length} 宗`],
        ] as [string, string][]
      ).filter(([, v]) => v !== ''),
    },
  ];
  const intro = stripHtml(str(a.introduction));
  if (intro) for (const para of intro.split(/\n+/).filter((s) => s.trim())) profile.push({ kind: 'paragraph', text: para.trim() });
  sections.push({ heading: '片区概况', blocks: profile });

  const boundary = geometryOf(a.boundary);
  const parcelGeometries = parcels.map((r) => geometryOf(r.geometry)).filter((g): g is ParcelGeometry => g !== null);
  const boxes = [...(boundary ? [bbox(boundary)] : []), ...parcelGeometries.map(bbox)];
  if (boxes.length) {
    const extent = viewExtent(boxes, 1500, 0.15);
    const layers: MapLayer[] = [];
    const legend: { color: string; label: string }[] = [];
    if (boundary) {
      layers.push({ geometries: [boundary], ...STYLE.district });
      legend.push({ color: '#1677ff', label: '片区范围（虚线）' });
    }
    if (parcelGeometries.length) {
      layers.push({ geometries: parcelGeometries, ...STYLE.subject, strokeWidth: 2 });
      legend.push({ color: '#f5222d', label: '可供地块' });
    }
    sections.push({ heading: '片区位置与地块分布', blocks: [mapBlock(layers, extent, legend, '片区')] });
  }

  if (parcels.length) {
    sections.push(tableSection('可供地块', ['宗地编号', '地块名称', '面积（亩）', '土地用途', '起始价（万元）'], [18, 34, 14, 18, 16], parcels.map((r) => [str(r.dkbh), str(r.dkmc), fmt(num(r.landAreaMu), 2), classNames.get(str(r.dlcode)) ?? str(r.dlcode), fmt(num(r.startingPrice))])));
  }

  const contacts = await contactsBlock(db, areacode);
  if (contacts) sections.push({ heading: '招商联系', blocks: [contacts] });

  const zone = zoneName(settings.siteName);
  return {
    title: `${name}招商手册`,
    cover: { zoneName: zone, name, subtitle: '片区招商手册', date: formatDateCn(new Date()), lines: [str(a.leadingIndustry) && `主导产业：${str(a.leadingIndustry)}`].filter(Boolean) },
    sections,
    footer: `${zone}\u3000${name}招商手册`,
  };
}
