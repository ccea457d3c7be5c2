/**
 * About 300 demo parcels of the zone, in every lifecycle state and the usual land classes, with
 * their supporting records (七通一平, distances, planning indicators, surrounding facilities,
 * prices, selling points, manuals, panoramas with markers) and transaction records for the
 * listed and dealt ones. Everything goes through the engine's save and the lifecycle service,
 * as a clerk and a reviewer would have done it; afterwards the timestamps of the history are
 * moved into the past so the demo has one.
 */
import { haversineMeters } from '@land/shared/geo/index';
import { m2ToMu, round } from '@land/shared/helpers';
import type { ParcelAction, ParcelState, TradeState } from '@land/shared/lifecycle';
import type { AnyDb, Row } from '../entities/repository';
import type { StaffIdentity } from '../plugins/auth';
import { transitionParcels } from '../services/parcelLifecycle';
import type { StoredFile } from '../services/files';
import { transactionRows } from './land';
import { landClassName } from './landClasses';
import { DISTRICT_PLANS, rng, toLonLat, type ZoneLayout } from './layout';
import { createAll } from './records';
import { DISTRICTS, PARCELS, ZONE, daysAgo, daysFromToday, type Polygon, type SeededParcels } from './zone';

type Use = 'industrial' | 'storage' | 'rnd' | 'commercial' | 'residential' | 'public';

const USE_OF: Record<string, Use> = {
  '1001': 'industrial',
  '100101': 'industrial',
  '100102': 'industrial',
  '1101': 'storage',
  '110101': 'storage',
  '110102': 'storage',
  '0802': 'rnd',
  '080403': 'public',
  '0901': 'commercial',
  '0902': 'commercial',
  '0701': 'residential',
  '070102': 'residential',
};

/** Per use: 万元/亩 range of the starting price, tenure, bid increment, land grade, supply. */
const MONEY: Record<Use, { perMu: [number, number]; years: number; increment: number; grade: string; supply: string; benchmark: [number, number] }> = {
  industrial: { perMu: [42, 60], years: 50, increment: 10, grade: '工业三级', supply: 'listing', benchmark: [560, 680] },
  storage: { perMu: [40, 52], years: 50, increment: 10, grade: '工业四级', supply: 'listing', benchmark: [520, 600] },
  rnd: { perMu: [90, 140], years: 50, increment: 20, grade: '工业二级', supply: 'listing', benchmark: [1100, 1500] },
  commercial: { perMu: [220, 380], years: 40, increment: 50, grade: '商服三级', supply: 'listing', benchmark: [3200, 4800] },
  residential: { perMu: [900, 1400], years: 70, increment: 100, grade: '住宅三级', supply: 'auction', benchmark: [11000, 16000] },
  // Schools and the like are allocated (划拨); the figure is the land's cost, for reference.
  public: { perMu: [15, 25], years: 50, increment: 10, grade: '公服三级', supply: 'allocation', benchmark: [400, 500] },
};

const SUITS: Record<Use, string> = {
  industrial: '先进制造业项目',
  storage: '仓储物流项目',
  rnd: '研发总部及中试项目',
  commercial: '商业商务项目',
  residential: '住宅开发项目',
  public: '配套建设公共服务设施',
};

const WINNERS: Record<Use, string[]> = {
  industrial: ['浙江临江精密机械有限公司', '临江昱衡智能装备有限公司', '浙江远驰汽车零部件有限公司', '临江新锐电气科技有限公司', '浙江华拓智能家电有限公司', '临江鼎盛液压科技有限公司', '浙江启明光电科技有限公司', '临江海川新材料有限公司'],
  storage: ['浙江港通供应链管理有限公司', '临江顺达冷链物流有限公司', '浙江通衢仓储有限公司', '临江远洋仓储有限公司'],
  rnd: ['浙江云岫数字科技有限公司', '临江芯原半导体有限公司', '浙江康衡生物医药研究院有限公司'],
  commercial: ['临江星辰置业有限公司', '浙江临江城市发展有限公司', '临江万象商业管理有限公司'],
  residential: ['临江滨江房地产开发有限公司', '浙江绿城临江置业有限公司'],
  public: ['临江经济技术开发区教育发展中心'],
};

const TAKE_DOWN: { type: string; reason: string }[] = [
  { type: 'planAdjust', reason: '高铁新城控制性详细规划修编，地块用途和指标待调整' },
  { type: 'priceAdjust', reason: '评估价格已超过有效期，重新评估后再发布' },
  { type: 'correction', reason: '地块四至与勘测定界报告不一致，需更正后重新发布' },
  { type: 'ownership', reason: '地块内有一处历史遗留权属争议，待处理完毕' },
  { type: 'supplied', reason: '地块已通过协议方式供应给园区重点项目' },
];

const REJECTIONS = ['宗地四至与勘测定界报告不一致，请核实后重新提交', '缺少规划条件附图，请补充', '起始价低于评估价，请按评估结果调整', '土地面积与图形面积差异较大，请复核'];

const CONTACTS: Record<string, [string, string]> = {
  LJ01: ['施雨婷', '13906718801'],
  LJ02: ['曹建军', '13906718807'],
  LJ03: ['唐思远', '13906718803'],
  LJ04: ['马骏', '13906718805'],
  LJ05: ['潘宇航', '13906718808'],
  LJ06: ['夏文博', '13906718811'],
};

const SHORT: Record<string, string> = { LJ01: '智造园', LJ02: '临港', LJ03: '科创', LJ04: '药谷', LJ05: '综保区', LJ06: '高铁新城' };

/** Key places investors ask about, lon-lat. */
const PLACES: { name: string; type: string; at: [number, number] }[] = [
  { name: '杭州萧山国际机场', type: 'airport', at: [120.4344, 30.2295] },
  { name: '临江高铁站', type: 'railway', at: [120.4402, 30.3035] },
  { name: '杭甬高速临江互通', type: 'highwayExit', at: [120.4905, 30.2781] },
  { name: '临江港区集装箱码头', type: 'port', at: [120.5921, 30.2702] },
  { name: '临江区人民政府', type: 'centre', at: [120.4302, 30.3221] },
];

interface Plan {
  code: string;
  name: string;
  areacode: string;
  dlcode: string;
  use: Use;
  geometry: Polygon;
  /** m² (planar estimate for generated parcels; the stated area for named ones). */
  area: number;
  landArea?: number;
  center: [number, number];
  location: string;
  bounds: { east: string; south: string; west: string; north: string };
  state: ParcelState;
  trade: TradeState;
  perMu: number;
  /** Days ago of: publication, listing start, deal. */
  publishedDay?: number;
  listingDay?: number;
  dealDay?: number;
  failedBefore?: boolean;
  rejected?: string;
  republished?: boolean;
  takeDown?: { type: string; reason: string; day: number };
  fixture?: boolean;
  panorama?: StoredFile;
  standard?: boolean;
}

const priceOf = (mu: number, perMu: number) => Math.max(10, Math.round((mu * perMu) / 10) * 10);
const dateOfDay = (days: number) => daysAgo(days);
const yearOfDay = (days: number) => Number(dateOfDay(days).slice(0, 4));

/** The named parcels of zone.ts: states that fit the supply plans, transactions and notices. */
function fixturePlans(layout: ZoneLayout): Plan[] {
  const transactions = transactionRows();
  const todayMs = Date.now();
  const dayOf = (date: string) => Math.round((todayMs - new Date(`${date}T12:00:00`).getTime()) / 86_400_000);
  const r = rng(42);
  return PARCELS.map((p) => {
    const shape = layout.carve(p.areacode, p.area);
    const own = transactions.filter((t) => t.parcelCode === p.code);
    const deal = own.find((t) => t.status === 'dealt');
    const listing = own.find((t) => t.status === 'listing');
    const use = USE_OF[p.dlcode];
    const first = own.map((t) => t.listingStart).sort()[0];
    let state: ParcelState = 'published';
    if (p.areacode === 'LJ06') state = 'takenDown';
    else if (p.code.endsWith('-06') && p.areacode === 'LJ03') state = 'pendingReview';
    else if (p.code.endsWith('-08') && p.areacode === 'LJ04') state = 'draft';
    return {
      code: p.code,
      name: p.name,
      areacode: p.areacode,
      dlcode: p.dlcode,
      use,
      geometry: shape.geometry,
      area: p.area,
      landArea: p.area,
      center: shape.center,
      location: p.location,
      bounds: shape.bounds,
      state,
      trade: deal ? 'deal' : listing ? 'listed' : 'none',
      perMu: own[0] ? round((own[0].startingPrice / m2ToMu(p.area)), 1) : MONEY[use].perMu[0] + r() * 8,
      publishedDay: state === 'published' || state === 'takenDown' ? (first ? dayOf(first) + 25 : 60 + Math.floor(r() * 60)) : undefined,
      listingDay: listing ? dayOf(listing.listingStart) : undefined,
      dealDay: deal?.dealDate ? dayOf(deal.dealDate) : undefined,
      failedBefore: own.some((t) => t.status === 'failed'),
      takeDown: state === 'takenDown' ? { ...TAKE_DOWN[0], day: 20 } : undefined,
      fixture: true,
      standard: use === 'industrial' && state === 'published',
    };
  });
}

function pickState(r: () => number, areacode: string): ParcelState {
  const x = r();
  if (areacode === 'LJ06') return x < 0.45 ? 'draft' : x < 0.55 ? 'pendingFirst' : x < 0.65 ? 'pendingReview' : x < 0.9 ? 'takenDown' : 'published';
  return x < 0.12 ? 'draft' : x < 0.2 ? 'pendingFirst' : x < 0.28 ? 'pendingReview' : x < 0.33 ? 'takenDown' : 'published';
}

/** The generated parcels, numbered after the named ones. */
function generatedPlans(layout: ZoneLayout): Plan[] {
  const r = rng(7);
  const plans: Plan[] = [];
  for (const plan of DISTRICT_PLANS) {
    const district = DISTRICTS.find((d) => d.areacode === plan.areacode)!;
    for (const laid of layout.districts.get(plan.areacode)!.parcels) {
      const use = USE_OF[laid.dlcode];
      const state = pickState(r, plan.areacode);
      const money = MONEY[use];
      const p: Plan = {
        code: '',
        name: `${district.areaname}${plan.prefix}-${String(laid.seq + 20).padStart(2, '0')}地块`,
        areacode: plan.areacode,
        dlcode: laid.dlcode,
        use,
        geometry: laid.geometry,
        area: laid.area,
        center: laid.center,
        location: laid.location,
        bounds: laid.bounds,
        state,
        trade: 'none',
        perMu: round(money.perMu[0] + r() * (money.perMu[1] - money.perMu[0]), 1),
      };
      if (state === 'published' || state === 'takenDown') {
        const t = r();
        if (state === 'published' && t < 0.3) {
          p.trade = 'deal';
          p.dealDay = 20 + Math.floor(r() * 700);
          p.listingDay = p.dealDay + 10 + Math.floor(r() * 10);
          p.publishedDay = p.listingDay + 20 + Math.floor(r() * 40);
          p.failedBefore = r() < 0.12;
          if (p.failedBefore) p.publishedDay += 60;
        } else if (state === 'published' && t < 0.45) {
          p.trade = 'listed';
          p.listingDay = 2 + Math.floor(r() * 14);
          p.publishedDay = p.listingDay + 20 + Math.floor(r() * 40);
        } else {
          p.publishedDay = 5 + Math.floor(r() * 400);
          p.failedBefore = state === 'published' && p.publishedDay > 40 && r() < 0.12;
          p.republished = state === 'published' && !p.failedBefore && r() < 0.1 && p.publishedDay > 40;
        }
        if (state === 'takenDown') {
          const reason = plan.areacode === 'LJ06' ? TAKE_DOWN[0] : TAKE_DOWN[1 + Math.floor(r() * (TAKE_DOWN.length - 1))];
          p.takeDown = { ...reason, day: Math.max(1, Math.floor(p.publishedDay * r() * 0.8)) };
        }
        p.standard = use === 'industrial' && r() < 0.4;
      }
      if (state === 'draft' && r() < 0.3) p.rejected = REJECTIONS[Math.floor(r() * REJECTIONS.length)];
      plans.push(p);
    }
  }
  // 宗地编号 by year of supply: LJ<year>-<n>, after the named parcels' numbers.
  const counters = new Map<number, number>();
  for (const p of plans) {
    const day = p.listingDay ?? p.publishedDay;
    const year = day === undefined ? new Date().getFullYear() : yearOfDay(day);
    const n = (counters.get(year) ?? 10) + 1;
    counters.set(year, n);
    p.code = `LJ${year}-${String(n).padStart(2, '0')}`;
  }
  return plans;
}

const pick = <T>(r: () => number, list: T[]): T => list[Math.floor(r() * list.length)];

function parcelRow(p: Plan, streets: Row[], displayorder: Map<string, number>, r: () => number): Row {
  const money = MONEY[p.use];
  const mu = m2ToMu(p.landArea ?? p.area);
  const startingPrice = priceOf(mu, p.perMu);
  const className = landClassName(p.dlcode);
  const district = DISTRICTS.find((d) => d.areacode === p.areacode)!;
  const street = pick(r, streets.filter((s) => s.areacode === p.areacode));
  const zylx = p.standard ? 'standard' : p.state === 'draft' && p.areacode === 'LJ06' ? 'reserve' : 'transfer';
  const order = (displayorder.get(zylx) ?? 0) + 1;
  displayorder.set(zylx, order);
  const [contact, phone] = CONTACTS[p.areacode];
  const condition = pick(r, ['现状为空地，已完成征迁和场地平整', '现状为空地，地上附着物已清除', '现状部分为临时堆场，交地前由储备中心清理', '现状为空地，场地标高已按规划回填']);
  return {
    dkbh: p.code,
    dkmc: p.name,
    dzjgh: p.trade === 'deal' ? `${ZONE.cantonCode}${String(100000 + Math.floor(r() * 899999))}` : undefined,
    areacode: p.areacode,
    jdcode: street?.id,
    xzqdm: street?.jdcode ?? ZONE.cantonCode,
    location: `${ZONE.name}${p.location}`,
    boundEast: p.bounds.east,
    boundSouth: p.bounds.south,
    boundWest: p.bounds.west,
    boundNorth: p.bounds.north,
    // Named parcels carry their surveyed area; the others take theirs from the boundary.
    landArea: p.landArea,
    transferArea: p.landArea,
    dlcode: p.dlcode,
    plannedUse: className,
    zylx,
    displayorder: order,
    tenureYears: money.years,
    startingPrice,
    deposit: Math.round(startingPrice * 0.2),
    bidIncrement: money.increment,
    appraisedPrice: Math.round(startingPrice * (0.92 + r() * 0.08)),
    landGrade: money.grade,
    supplyMethod: money.supply,
    owner: ZONE.reserveCentre,
    currentUse: condition.includes('堆场') ? '空地（部分临时堆场）' : '空地',
    siteCondition: `${condition}；${p.bounds.south}、${p.bounds.west === '相邻地块' ? p.bounds.east : p.bounds.west}已建成通车，给水、排水、供电、通信管线已敷设至地块红线。`,
    introduction: `${p.name}位于${district.areaname}${p.location}，土地面积约${round(mu, 1)}亩，规划用途为${className}。${district.areaname}主导产业为${district.leadingIndustry}，地块适合${SUITS[p.use]}。`,
    contact,
    phone,
    geometry: p.geometry,
    panorama: p.panorama ? [p.panorama] : undefined,
  };
}

function indicatorRows(p: Plan, dkid: string, r: () => number): Row[] {
  const row = (indicator: string, comparator: string, value: number, valueMax?: number) => ({ dkid, indicator, comparator, value, valueMax });
  const one = <T>(list: T[]) => pick(r, list);
  const rows: Row[] = [];
  switch (p.use) {
    case 'industrial':
      rows.push(row('plotRatio', 'between', one([1.0, 1.2]), one([2.0, 2.2, 2.5])), row('buildingDensity', 'ge', one([40, 45])), row('greenRatio', 'le', one([10, 15, 20])), row('heightLimit', 'le', one([24, 30, 40, 50])), row('investmentIntensity', 'ge', one([300, 350, 400, 450, 500])), row('buildingCoefficient', 'ge', 30), row('supportingLandRatio', 'le', 7), row('taxPerMu', 'ge', one([30, 35, 40, 50])));
      break;
    case 'storage':
      rows.push(row('plotRatio', 'between', 1.0, one([1.5, 2.0])), row('buildingDensity', 'ge', 40), row('greenRatio', 'le', 15), row('heightLimit', 'le', 24), row('investmentIntensity', 'ge', one([250, 300, 350])), row('buildingCoefficient', 'ge', 40));
      break;
    case 'rnd':
      rows.push(row('plotRatio', 'between', 1.5, 2.5), row('buildingDensity', 'le', 40), row('greenRatio', 'ge', 20), row('heightLimit', 'le', 50), row('investmentIntensity', 'ge', one([500, 600])));
      break;
    case 'commercial':
      rows.push(row('plotRatio', 'between', one([1.5, 2.0]), 2.5), row('buildingDensity', 'le', 45), row('greenRatio', 'ge', 20), row('heightLimit', 'le', one([45, 60, 80])));
      break;
    case 'residential':
      rows.push(row('plotRatio', 'between', one([1.8, 2.0]), 2.5), row('buildingDensity', 'le', 25), row('greenRatio', 'ge', 30), row('heightLimit', 'le', one([54, 80])));
      break;
    case 'public':
      rows.push(row('plotRatio', 'between', 0.8, 1.5), row('buildingDensity', 'le', 35), row('greenRatio', 'ge', 35), row('heightLimit', 'le', 24));
      break;
  }
  return rows.map((x, i) => ({ ...x, displayorder: i + 1 }));
}

function matchingRow(p: Plan, dkid: string, r: () => number): Row {
  const paused = p.areacode === 'LJ06';
  const state = (ok: number) => (r() < ok ? 'ready' : paused ? 'planned' : 'nearby');
  return {
    dkid,
    water: state(0.9),
    waterNote: `${p.bounds.south}DN${pick(r, [300, 400, 500])}给水管，供水压力0.3MPa`,
    drainage: state(0.85),
    drainageNote: '雨污分流，污水纳入临江污水处理厂',
    power: state(0.85),
    powerNote: `10kV${pick(r, ['双回路', '单回路可扩容'])}，距110kV变电站约${round(0.8 + r() * 2, 1)}公里`,
    road: paused ? 'planned' : 'ready',
    roadNote: `${p.bounds.south}、${p.bounds.west === '相邻地块' ? p.bounds.east : p.bounds.west}已建成通车`,
    gas: state(0.7),
    gasNote: '中压0.4MPa天然气管道',
    telecom: state(0.95),
    telecomNote: '三家运营商光纤已到红线',
    heat: p.areacode === 'LJ04' ? 'ready' : p.areacode === 'LJ01' ? 'nearby' : 'none',
    heatNote: p.areacode === 'LJ04' ? '临江热电集中供汽，1.0MPa饱和蒸汽' : undefined,
    levelled: p.state === 'draft' && r() < 0.4 ? 'planned' : 'ready',
    levelledNote: '场地已平整，场地标高4.5米（1985国家高程基准）',
  };
}

function distanceRows(p: Plan, dkid: string): Row[] {
  return PLACES.map((place, i) => {
    const km = (haversineMeters(p.center, place.at) / 1000) * 1.3;
    return {
      dkid,
      placeName: place.name,
      placeType: place.type,
      distanceKm: round(Math.max(0.5, km), 1),
      driveMinutes: Math.max(3, Math.round((km / 40) * 60) + 3),
      lon: round(place.at[0], 6),
      lat: round(place.at[1], 6),
      displayorder: i + 1,
    };
  });
}

/** A few facilities per district around its centre (km offsets), shared by its parcels. */
function facilityPool(): Map<string, { type: string; name: string; at: [number, number] }[]> {
  const pools = new Map<string, { type: string; name: string; at: [number, number] }[]>();
  const r = rng(99);
  for (const plan of DISTRICT_PLANS) {
    const short = SHORT[plan.areacode];
    const [x0, y0, x1, y1] = plan.km;
    const at = (): [number, number] => toLonLat([(x0 + r() * (x1 - x0)) * 1000, (y0 + r() * (y1 - y0)) * 1000]);
    const list = [
      { type: 'school', name: `${short}实验学校` },
      { type: 'hospital', name: `${short}社区卫生服务中心` },
      { type: 'bus', name: `${plan.roads.ns(1)}公交站` },
      { type: 'bus', name: `${plan.roads.ew(2)}公交站` },
      { type: 'shopping', name: `${short}邻里中心` },
      { type: 'bank', name: `中国工商银行临江${short}支行` },
      { type: 'talentHousing', name: `${short}人才公寓` },
      { type: 'restaurant', name: `${short}职工食堂` },
      { type: 'gasStation', name: `中石化${plan.roads.ns(0)}加油站` },
      { type: 'government', name: `${short}企业服务中心` },
    ];
    if (plan.areacode === 'LJ03' || plan.areacode === 'LJ06') list.push({ type: 'metro', name: `临江地铁1号线${short}站` }, { type: 'hotel', name: `临江${short}智选酒店` });
    if (plan.areacode === 'LJ03') list.push({ type: 'park', name: '云谷湿地公园' });
    pools.set(plan.areacode, list.map((f) => ({ ...f, at: at() })));
  }
  return pools;
}

function facilityRows(p: Plan, dkid: string, pool: { type: string; name: string; at: [number, number] }[]): Row[] {
  return pool
    .map((f) => ({ ...f, d: haversineMeters(p.center, f.at) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, 4)
    .map((f, i) => ({ dkid, facilityType: f.type, name: f.name, distanceM: Math.max(50, Math.round(f.d / 10) * 10), lon: round(f.at[0], 6), lat: round(f.at[1], 6), displayorder: i + 1 }));
}

function priceRows(p: Plan, dkid: string, record: Row, deal: Row | undefined, r: () => number): Row[] {
  const date = dateOfDay(p.publishedDay ?? 30);
  const rows: Row[] = [
    { dkid, priceType: 'starting', price: record.startingPrice, unit: 'wan', priceDate: date, source: '出让公告' },
    { dkid, priceType: 'appraised', price: record.appraisedPrice, unit: 'wan', priceDate: dateOfDay((p.publishedDay ?? 30) + 30), source: `土地估价报告备案号${ZONE.cantonCode}${yearOfDay(p.publishedDay ?? 30)}${String(1000 + Math.floor(r() * 8999))}` },
  ];
  if (r() < 0.4) {
    const [lo, hi] = MONEY[p.use].benchmark;
    rows.push({ dkid, priceType: 'benchmark', price: Math.round((lo + r() * (hi - lo)) / 10) * 10, unit: 'yuanPerM2', priceDate: dateOfDay(400), source: '临江区城镇基准地价更新成果' });
  }
  if (deal) {
    rows.push({ dkid, priceType: 'deal', price: deal.dealPrice, unit: 'wan', priceDate: deal.dealDate, source: '出让结果公示' });
    rows.push({ dkid, priceType: 'deal', price: round(Number(deal.dealPrice) / m2ToMu(Number(record.landArea)), 2), unit: 'wanPerMu', priceDate: deal.dealDate, source: '出让结果公示（折合亩单价）' });
  }
  return rows;
}

const ADVANTAGES: Record<string, [string, string][]> = {
  LJ01: [['产业集聚', '周边3公里内集聚汽车零部件、精密机械配套企业60余家，上下游协作半径短。'], ['标准地出让', '按“标准地”出让，投资强度、亩均税收、容积率等指标在出让前明确，拿地即可开工。'], ['交通便捷', '距杭甬高速临江互通约5公里，货运车辆15分钟上高速。']],
  LJ02: [['临港区位', '距临江港区集装箱码头约5公里，疏港公路直达。'], ['多式联运', '临港铁路专用线正在建设，建成后可实现“公铁水”多式联运。'], ['配套成熟', '园区已建成综合服务中心、司机之家和加油加气站。']],
  LJ03: [['创新资源', '紧邻临江科学城和两所高校研究院，人才和技术资源丰富。'], ['地铁直达', '临江地铁1号线科创站步行可达。'], ['政策支持', '数字经济企业可享受研发投入奖励和人才公寓优先配租。']],
  LJ04: [['公共平台', '紧邻生物医药公共技术服务平台，可共享动物实验、检测分析和中试设施。'], ['专业配套', '危化品集中仓储和医药废水预处理设施已建成，集中供汽到位。'], ['人才保障', '片区内人才公寓800套已投入使用。']],
  LJ05: [['保税政策', '区内企业享受保税加工、保税物流政策，进口设备免征关税。'], ['通关便利', '卡口和查验场已建成，实行“一线放开、二线管住”的监管模式。']],
  LJ06: [['高铁枢纽', '紧邻临江高铁站，半小时通达杭州主城区。'], ['城市配套', '规划商业综合体、学校和医院，生活配套完善。']],
};

function markerRows(p: Plan): Row[] {
  const m = (markerId: string, title: string, yaw: number, pitch: number, content: string) => ({ markerId, title, yaw, pitch, content });
  return [
    m('centre', '宗地中心界桩', 0, -30, `${p.name}中心位置，土地面积约${round(m2ToMu(p.landArea ?? p.area), 1)}亩。`),
    m('north', `北侧：${p.bounds.north}`, 0, -3, p.bounds.north === '相邻地块' ? '北侧为相邻出让地块。' : `${p.bounds.north}已建成通车，道路红线宽度36米。`),
    m('east', `东侧：${p.bounds.east}`, 90, -3, p.bounds.east === '相邻地块' ? '东侧为相邻出让地块。' : `${p.bounds.east}已建成通车。`),
    m('south', `南侧：${p.bounds.south}`, 180, -3, `${p.bounds.south}下敷设给水、污水、燃气和电力管线。`),
    m('west', `西侧：${p.bounds.west}`, -90, -3, p.bounds.west === '相邻地块' ? '西侧为相邻出让地块。' : `${p.bounds.west}已建成通车。`),
  ];
}

function transactionRowsOf(plans: Plan[], records: Map<string, Row>): Row[] {
  const rows: Row[] = [];
  const counters = new Map<number, number>();
  const number = (year: number) => {
    const n = (counters.get(year) ?? 10) + 1;
    counters.set(year, n);
    return n;
  };
  const r = rng(5);
  for (const p of plans) {
    if (p.fixture) continue;
    const rec = records.get(p.code)!;
    const base = {
      parcelCode: p.code,
      transactionType: p.use === 'residential' ? 'auction' : 'listing',
      startingPrice: rec.startingPrice,
      deposit: rec.deposit,
      bidIncrement: rec.bidIncrement,
      transferYears: MONEY[p.use].years,
    };
    const listing = (startDay: number, length: number) => {
      const year = yearOfDay(startDay);
      return { ...base, announcementNo: `临江经开挂告字〔${year}〕${number(year)}号`, listingStart: dateOfDay(startDay), listingEnd: daysFromToday(length - startDay) };
    };
    // A listing that found no bidder (流拍): before the deal, or some time after publication.
    if (p.failedBefore) rows.push({ ...listing(p.trade === 'deal' ? p.listingDay! + 50 : p.publishedDay! - 25, 10), status: 'failed' });
    if (p.trade === 'listed') rows.push({ ...listing(p.listingDay!, 15 + Math.floor(r() * 6)), status: 'listing' });
    if (p.trade === 'deal') {
      const premium = p.use === 'industrial' || p.use === 'storage' ? (r() < 0.7 ? 0 : 0.02 + r() * 0.08) : 0.05 + r() * 0.35;
      const dealPrice = Math.round((Number(rec.startingPrice) * (1 + premium)) / 10) * 10;
      const year = yearOfDay(p.dealDay!);
      rows.push({
        ...listing(p.listingDay!, p.listingDay! - p.dealDay!),
        dealPrice,
        dealDate: dateOfDay(p.dealDay!),
        winner: pick(r, WINNERS[p.use]),
        contractNo: `${ZONE.cantonCode}${year}B${String(100 + rows.length).padStart(5, '0')}`,
        status: 'dealt',
      });
    }
  }
  return rows;
}

export interface DemoStaff {
  editor: StaffIdentity;
  /** First review (and rejections, re-publications). */
  reviewer: StaffIdentity;
  /** Publication: another person than the first review (four eyes). */
  publisher: StaffIdentity;
}

/**
 * Creates the parcels with their records, moves them through the lifecycle, records the
 * transactions and backdates the history. `panoramas` are attached to published parcels.
 */
export async function seedParcels(trx: AnyDb, staff: DemoStaff, layout: ZoneLayout, panoramas: StoredFile[]): Promise<SeededParcels> {
  const plans = [...fixturePlans(layout), ...generatedPlans(layout)];
  const withPanorama = plans.filter((p) => p.state === 'published' && p.trade !== 'deal').slice(0, panoramas.length);
  withPanorama.forEach((p, i) => (p.panorama = panoramas[i]));

  const streets = (await trx.selectFrom('t_jd').select(['id', 'areacode', 'jdcode']).execute()) as Row[];
  const r = rng(11);
  const order = new Map<string, number>();
  const created = await createAll(trx, 'tLandinfo', plans.map((p) => parcelRow(p, streets, order, r)), staff.editor.userId);
  const records = new Map(plans.map((p, i) => [p.code, created[i]]));
  const idOf = (code: string) => {
    const rec = records.get(code);
    if (!rec) throw new Error(`demo parcel ${code} was not created`);
    return rec.id as string;
  };

  // Supporting records, entered while the parcels are still 录入中 (indicators lock afterwards).
  const entered = plans.filter((p) => p.state !== 'draft' || r() < 0.5);
  const offered = plans.filter((p) => p.state === 'published' || p.state === 'takenDown' || p.state === 'pendingReview');
  const editor = staff.editor.userId;
  await createAll(trx, 'tLandmatching', entered.map((p) => matchingRow(p, idOf(p.code), r)), editor);
  await createAll(trx, 'tYdzb', entered.flatMap((p) => indicatorRows(p, idOf(p.code), r)), editor);
  await createAll(trx, 'tDistance', offered.flatMap((p) => distanceRows(p, idOf(p.code))), editor);
  const pools = facilityPool();
  await createAll(trx, 'tLandzbpt', offered.flatMap((p) => facilityRows(p, idOf(p.code), pools.get(p.areacode)!)), editor);
  const advertised = offered.filter((p) => p.state === 'published' && (p.fixture || r() < 0.35));
  await createAll(
    trx,
    'tDkys',
    // The named parcels' selling points are written by the land seed.
    advertised.filter((p) => !p.fixture).flatMap((p) =>
      ADVANTAGES[p.areacode].slice(0, 2 + Math.floor(r() * 2)).map(([title, content], i) => ({ dkid: idOf(p.code), title, content, displayorder: i + 1 })),
    ),
    editor,
  );
  await createAll(
    trx,
    'tDkzssc',
    advertised.slice(0, 30).map((p) => ({
      dkid: idOf(p.code),
      title: `${p.name}招商手册`,
      content: `<h2>地块概况</h2><p>${String(records.get(p.code)!.introduction)}</p><h2>规划条件</h2><p>土地用途：${landClassName(p.dlcode)}；出让年限：${MONEY[p.use].years}年。</p><h2>联系方式</h2><p>${CONTACTS[p.areacode].join('，')}</p>`,
    })),
    editor,
  );
  for (const p of withPanorama) {
    await createAll(trx, 'tPhotoSphereMarker', markerRows(p).map((m, i) => ({ ...m, dkid: idOf(p.code), displayorder: i + 1 })), editor);
  }

  // The lifecycle, as the editor and the reviewer did it; batches of parcels per step.
  const steps: { action: ParcelAction; who: keyof DemoStaff; ids: (p: Plan) => boolean; comment?: (p: Plan) => string; reasonType?: string }[] = [
    { action: 'submit', who: 'editor', ids: (p) => p.state !== 'draft' || p.rejected !== undefined },
    { action: 'reject', who: 'reviewer', ids: (p) => p.rejected !== undefined, comment: (p) => p.rejected! },
    { action: 'passFirst', who: 'reviewer', ids: (p) => ['pendingReview', 'published', 'takenDown'].includes(p.state) },
    { action: 'publish', who: 'publisher', ids: (p) => p.state === 'published' || p.state === 'takenDown' },
    ...TAKE_DOWN.map((t) => ({ action: 'takeDown' as const, who: 'editor' as const, ids: (p: Plan) => (p.takeDown?.reason === t.reason || (p.republished === true && t.type === 'priceAdjust')), comment: () => t.reason, reasonType: t.type })),
    { action: 'republish', who: 'reviewer', ids: (p) => p.republished === true },
  ];
  for (const step of steps) {
    const chosen = plans.filter(step.ids);
    const byComment = new Map<string, Plan[]>();
    for (const p of chosen) {
      const c = step.comment?.(p) ?? '';
      byComment.set(c, [...(byComment.get(c) ?? []), p]);
    }
    for (const [comment, group] of byComment) {
      await transitionParcels(trx, staff[step.who], { ids: group.map((p) => idOf(p.code)), action: step.action, comment: comment || undefined, reasonType: step.reasonType });
    }
  }

  // Listings and deals: the named parcels' from zone.ts, the others' generated; the trade
  // state of each parcel follows from them (tLandJyst hook).
  await createAll(trx, 'tLandJyst', transactionRows(), editor);
  await createAll(trx, 'tLandJyst', transactionRowsOf(plans, records), editor);
  const deals = new Map(
    ((await trx.selectFrom('t_land_jyst').select(['dkid', 'dealPrice', 'dealDate']).where('status', '=', 'dealt').execute()) as Row[]).map((d) => [d.dkid as string, d]),
  );
  await createAll(trx, 'tDkxq', offered.filter((p) => p.state !== 'pendingReview').flatMap((p) => priceRows(p, idOf(p.code), records.get(p.code)!, deals.get(idOf(p.code)), r)), editor);

  await backdate(trx, plans, idOf);
  return {
    idOf,
    geometryOf: (code) => plans.find((p) => p.code === code)!.geometry,
  };
}

const stamp = (days: number, hour: number) => {
  const d = new Date(Date.now() - days * 86_400_000);
  d.setHours(hour, (days * 7) % 60, 0, 0);
  return d.toISOString();
};

/** Moves the history (log, publication and take-down times) to the days the plans say. */
async function backdate(trx: AnyDb, plans: Plan[], idOf: (code: string) => string): Promise<void> {
  const r = rng(23);
  for (const p of plans) {
    const id = idOf(p.code);
    const times: [string, string][] = [];
    // Entered some weeks before their first step, so period filters of the analysis screen
    // see a history; published parcels have been looked at for a while.
    const enteredDay = (p.publishedDay ?? Math.floor(r() * 40)) + 14 + Math.floor(r() * 30);
    await trx
      .updateTable('t_landinfo')
      .set({ createdAt: stamp(enteredDay, 9), visitcount: p.publishedDay !== undefined ? Math.floor(20 + r() * r() * 1200) : 0 })
      .where('id', '=', id)
      .execute();
    if (p.publishedDay !== undefined) {
      const pub = p.publishedDay;
      times.push(['submit', stamp(pub + 9, 9)], ['passFirst', stamp(pub + 4, 15)], ['publish', stamp(pub, 10)]);
      await trx.updateTable('t_landinfo').set({ publishedAt: stamp(p.republished ? Math.max(1, Math.floor(pub / 4)) : pub, 10) }).where('id', '=', id).execute();
      if (p.republished) times.push(['takeDown', stamp(Math.floor(pub / 2), 16)], ['republish', stamp(Math.max(1, Math.floor(pub / 4)), 10)]);
      if (p.takeDown) {
        const at = stamp(p.takeDown.day, 16);
        times.push(['takeDown', at]);
        await trx.updateTable('t_dkxj').set({ takenDownAt: at }).where('dkid', '=', id).execute();
      }
    } else if (p.state === 'pendingReview') {
      times.push(['submit', stamp(12, 9)], ['passFirst', stamp(5, 15)]);
    } else if (p.state === 'pendingFirst') {
      times.push(['submit', stamp(3, 11)]);
    } else if (p.rejected) {
      times.push(['submit', stamp(20, 9)], ['reject', stamp(16, 14)]);
    }
    for (const [action, at] of times) {
      await trx.updateTable('t_landinfo_log').set({ at }).where('dkid', '=', id).where('action', '=', action).execute();
    }
  }
}
