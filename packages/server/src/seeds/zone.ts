/**
 * The fictional zone of the demo: 临江经济技术开发区 (浙江省), its districts, streets and
 * parcels, with dates relative to today so the demo never looks stale.
 */
import { formatDate, m2ToMu, round } from '@land/shared/helpers';

export const ZONE = {
  name: '临江经济技术开发区',
  short: '临江经开区',
  committee: '临江经济技术开发区管理委员会',
  cantonCode: '330176',
  landBureau: '临江经济技术开发区自然资源和规划分局',
  investmentBureau: '临江经济技术开发区投资促进局',
  reserveCentre: '临江经济技术开发区土地储备中心',
  tradingCentre: '临江经济技术开发区公共资源交易中心',
  address: '浙江省临江经济技术开发区临江大道1号',
  phone: '0571-86790000',
} as const;

export interface DistrictFixture {
  areacode: string;
  areaname: string;
  type: 'industry' | 'logistics' | 'innovation' | 'town';
  status: '0' | '1';
  displayorder: number;
  planArea: number;
  leadingIndustry: string;
  address: string;
  introduction: string;
}

/** Districts; their boundaries and parcels are laid out in layout.ts. */
export const DISTRICTS: DistrictFixture[] = [
  {
    areacode: 'LJ01', areaname: '滨江智造园', type: 'industry', status: '1', displayorder: 1, planArea: 18.6,
    leadingIndustry: '高端装备制造、新能源汽车零部件、智能家电', address: '临江经济技术开发区智造大道88号',
    introduction: '滨江智造园是开发区最早开发建设的产业片区，已集聚规上工业企业160余家，形成以高端装备、汽车零部件为主导的先进制造业集群，园区道路、供水、供电、燃气、污水管网全部到位。',
  },
  {
    areacode: 'LJ03', areaname: '科创走廊', type: 'innovation', status: '1', displayorder: 3, planArea: 9.8,
    leadingIndustry: '数字经济、集成电路设计、工业软件', address: '临江经济技术开发区科创大道500号',
    introduction: '科创走廊依托临江科学城和两所高校研究院布局研发总部、中试基地和科技企业孵化器，重点发展数字经济和集成电路设计产业。',
  },
  {
    areacode: 'LJ02', areaname: '临港物流园', type: 'logistics', status: '1', displayorder: 2, planArea: 12.4,
    leadingIndustry: '港口物流、冷链物流、跨境电商', address: '临江经济技术开发区港城大道16号',
    introduction: '临港物流园紧邻临江港区作业区和疏港高速出口，规划建设多式联运中心、冷链物流基地和跨境电商监管中心。',
  },
  {
    areacode: 'LJ04', areaname: '生物医药港', type: 'industry', status: '1', displayorder: 4, planArea: 7.5,
    leadingIndustry: '生物制药、高端医疗器械、医药研发外包', address: '临江经济技术开发区药谷大道9号',
    introduction: '生物医药港建有公共技术服务平台、GMP 标准厂房和危化品集中仓储设施，重点引进创新药、高端医疗器械和医药研发外包企业。',
  },
  {
    areacode: 'LJ05', areaname: '综合保税区', type: 'logistics', status: '1', displayorder: 5, planArea: 3.2,
    leadingIndustry: '保税加工、保税物流、跨境贸易', address: '临江经济技术开发区保税路1号',
    introduction: '综合保税区实行封闭围网管理，卡口、查验场和监管仓库已建成使用，可开展保税加工、保税物流和保税服务业务。',
  },
  {
    areacode: 'LJ06', areaname: '高铁新城', type: 'town', status: '0', displayorder: 6, planArea: 6.1,
    leadingIndustry: '总部经济、商务商贸、城市配套', address: '临江经济技术开发区站前大道2号',
    introduction: '高铁新城围绕临江高铁站布局商务总部、商业综合体和城市居住配套，目前控制性详细规划正在修编，暂停对外招商。',
  },
];

export const STREETS = [
  { jdname: '临江街道', jdcode: '330176001', areacode: 'LJ01', contact: '周建华', phone: '0571-86791001', address: '临江大道66号' },
  { jdname: '观澜街道', jdcode: '330176002', areacode: 'LJ01', contact: '沈丽萍', phone: '0571-86791002', address: '观澜路18号' },
  { jdname: '江湾街道', jdcode: '330176003', areacode: 'LJ02', contact: '钱国强', phone: '0571-86791003', address: '港城大道200号' },
  { jdname: '星海街道', jdcode: '330176004', areacode: 'LJ03', contact: '孙晓燕', phone: '0571-86791004', address: '星海路9号' },
  { jdname: '启航街道', jdcode: '330176005', areacode: 'LJ03', contact: '吴志明', phone: '0571-86791005', address: '启航路120号' },
  { jdname: '安澜街道', jdcode: '330176006', areacode: 'LJ04', contact: '郑海燕', phone: '0571-86791006', address: '康源路36号' },
  { jdname: '鸣潮街道', jdcode: '330176007', areacode: 'LJ05', contact: '王立新', phone: '0571-86791007', address: '保税路58号' },
  { jdname: '聚贤街道', jdcode: '330176008', areacode: 'LJ06', contact: '冯雪梅', phone: '0571-86791008', address: '站前大道99号' },
];

/** Today and relative dates (yyyy-MM-dd, local time). */
export const THIS_YEAR = new Date().getFullYear();
export const LAST_YEAR = THIS_YEAR - 1;

export function daysFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return formatDate(d);
}

export const daysAgo = (days: number): string => daysFromToday(-days);

/** yyyy-MM-dd of a calendar date (month 1-12). */
export function dateIn(year: number, month: number, day: number): string {
  return formatDate(new Date(year, month - 1, day));
}

export interface Polygon {
  type: 'Polygon';
  coordinates: number[][][];
}

/** The parcels once seeded (seeds/parcels.ts), for the records that point at them (seeds/land.ts). */
export interface SeededParcels {
  /** Parcel id by 宗地编号. */
  idOf(code: string): string;
  geometryOf(code: string): Polygon;
}

export interface LineString {
  type: 'LineString';
  coordinates: number[][];
}

const M_PER_DEG_LAT = 111320;
const r6 = (n: number) => round(n, 6);

/**
 * A line along one side of a rectangular parcel (ring from the south-west corner, counter-
 * clockwise), offset outwards by `offsetM`: a pipe under the road.
 */
export function alongSide(parcel: Polygon, side: 'south' | 'east' | 'north' | 'west', offsetM: number): LineString {
  const [sw, se, ne, nw] = parcel.coordinates[0];
  const dLat = offsetM / M_PER_DEG_LAT;
  const dLon = offsetM / (M_PER_DEG_LAT * Math.cos((sw[1] * Math.PI) / 180));
  const lines: Record<typeof side, number[][]> = {
    south: [[sw[0], sw[1] - dLat], [se[0], se[1] - dLat]],
    east: [[se[0] + dLon, se[1]], [ne[0] + dLon, ne[1]]],
    north: [[nw[0], nw[1] + dLat], [ne[0], ne[1] + dLat]],
    west: [[sw[0] - dLon, sw[1]], [nw[0] - dLon, nw[1]]],
  };
  return { type: 'LineString', coordinates: lines[side].map(([x, y]) => [r6(x), r6(y)]) };
}

export type SupplyDirection = 'industrial' | 'storage' | 'commercial' | 'residential' | 'public';

/** The named parcels the other demo records (plans, transactions, notices) talk about. */
export interface ParcelFixture {
  code: string;
  name: string;
  areacode: string;
  location: string;
  /** m² */
  area: number;
  dlcode: string;
  gdfx: SupplyDirection;
}

/** Parcel codes read 临江 + year of the supply plan + number, e.g. LJ2025-07. */
const code = (year: number, n: number) => `LJ${year}-${String(n).padStart(2, '0')}`;

export const PARCELS: ParcelFixture[] = [
  { code: code(LAST_YEAR, 1), name: '滨江智造园JX-03地块', areacode: 'LJ01', location: '智造大道以东、经三路以北', area: 46680, dlcode: '100101', gdfx: 'industrial' },
  { code: code(LAST_YEAR, 2), name: '滨江智造园JX-07地块', areacode: 'LJ01', location: '纬五路以南、经六路以西', area: 33340, dlcode: '100102', gdfx: 'industrial' },
  { code: code(LAST_YEAR, 3), name: '临港物流园WL-02地块', areacode: 'LJ02', location: '港城大道以南、物流二路以东', area: 60010, dlcode: '110101', gdfx: 'storage' },
  { code: code(LAST_YEAR, 4), name: '科创走廊KC-04地块', areacode: 'LJ03', location: '科创大道以北、创智路以东', area: 15230, dlcode: '0902', gdfx: 'commercial' },
  { code: code(LAST_YEAR, 5), name: '生物医药港YY-01地块', areacode: 'LJ04', location: '药谷大道以东、康源路以南', area: 53360, dlcode: '100101', gdfx: 'industrial' },
  { code: code(LAST_YEAR, 6), name: '高铁新城GT-05地块', areacode: 'LJ06', location: '站前大道以东、高铁北路以南', area: 42000, dlcode: '070102', gdfx: 'residential' },
  { code: code(LAST_YEAR, 7), name: '综合保税区BS-03地块', areacode: 'LJ05', location: '保税路以北、海关路以西', area: 28000, dlcode: '110101', gdfx: 'storage' },
  { code: code(THIS_YEAR, 1), name: '滨江智造园JX-12地块', areacode: 'LJ01', location: '智造大道与纬八路交叉口东北侧', area: 86720, dlcode: '100101', gdfx: 'industrial' },
  { code: code(THIS_YEAR, 2), name: '滨江智造园JX-15地块', areacode: 'LJ01', location: '经九路以西、纬十路以北', area: 66700, dlcode: '100102', gdfx: 'industrial' },
  { code: code(THIS_YEAR, 3), name: '临港物流园WL-05地块', areacode: 'LJ02', location: '临港三路以西、疏港公路以北', area: 40020, dlcode: '110102', gdfx: 'storage' },
  { code: code(THIS_YEAR, 4), name: '临港物流园WL-08地块', areacode: 'LJ02', location: '物流五路以东、港城大道以北', area: 46700, dlcode: '110101', gdfx: 'storage' },
  { code: code(THIS_YEAR, 5), name: '科创走廊KC-09地块', areacode: 'LJ03', location: '云谷路以南、数智街以西', area: 26680, dlcode: '100101', gdfx: 'industrial' },
  { code: code(THIS_YEAR, 6), name: '科创走廊KC-11地块', areacode: 'LJ03', location: '创新路以北、启航路以东', area: 20010, dlcode: '0802', gdfx: 'public' },
  { code: code(THIS_YEAR, 7), name: '生物医药港YY-06地块', areacode: 'LJ04', location: '康源路以北、药谷二路以西', area: 35570, dlcode: '100102', gdfx: 'industrial' },
  { code: code(THIS_YEAR, 8), name: '生物医药港YY-09地块', areacode: 'LJ04', location: '药谷大道以西、安澜路以南', area: 31350, dlcode: '080403', gdfx: 'public' },
];

export const parcelByCode = (c: string): ParcelFixture => {
  const p = PARCELS.find((x) => x.code === c);
  if (!p) throw new Error(`demo parcel ${c} is not defined`);
  return p;
};

export const muOf = (m2: number): number => round(m2ToMu(m2), 2);
