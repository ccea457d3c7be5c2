import type { AnyDb, Row } from '../entities/repository';
import type { ZoneLayout } from './layout';
import { createAll } from './records';
import {
  LAST_YEAR,
  PARCELS,
  THIS_YEAR,
  ZONE,
  alongSide,
  dateIn,
  daysAgo,
  daysFromToday,
  muOf,
  parcelByCode,
  type SeededParcels,
  type SupplyDirection,
} from './zone';

const SUPPLY_METHOD: Record<SupplyDirection, string> = {
  industrial: 'listing',
  storage: 'listing',
  commercial: 'listing',
  residential: 'auction',
  public: 'allocation',
};

/** Statutory maximum terms by use (年). */
const TRANSFER_YEARS: Record<SupplyDirection, number | undefined> = {
  industrial: 50,
  storage: 50,
  commercial: 40,
  residential: 70,
  public: undefined,
};

const LAST_YEAR_QUARTERS = [1, 2, 2, 3, 3, 4, 4];
const THIS_YEAR_QUARTERS = [1, 1, 2, 2, 3, 3, 4, 4];

/** The annual supply plans: last year's executed, this year's under way. */
function supplyPlanRows(parcels: SeededParcels): Row[] {
  const today = daysAgo(0);
  // A parcel still on the transaction system counts as planned until its deal.
  const onSale = new Set(transactionRows().filter((t) => t.status === 'listing').map((t) => t.parcelCode));
  const rows: Row[] = [];
  for (const year of [LAST_YEAR, THIS_YEAR]) {
    const planned = PARCELS.filter((p) => p.code.startsWith(`LJ${year}-`));
    const quarters = year === LAST_YEAR ? LAST_YEAR_QUARTERS : THIS_YEAR_QUARTERS;
    planned.forEach((p, i) => {
      const quarter = quarters[i] ?? 4;
      const date = dateIn(year, (quarter - 1) * 3 + 2, 15);
      const adjusted = p.areacode === 'LJ06';
      rows.push({
        planYear: year,
        parcelName: p.name,
        parcelCode: p.code,
        location: `${ZONE.name}${p.location}`,
        areacode: p.areacode,
        dlcode: p.dlcode,
        gdfx: p.gdfx,
        supplyMethod: SUPPLY_METHOD[p.gdfx],
        // Only m² is given: the 亩 column is filled by the area-units hook.
        planArea: p.area,
        planQuarter: quarter,
        planSupplyDate: date,
        status: adjusted ? 'adjusted' : date < today && !onSale.has(p.code) ? 'supplied' : 'planned',
        remark: adjusted ? '高铁新城控制性详细规划修编，调整至下一年度供应' : undefined,
        geometry: parcels.geometryOf(p.code),
      });
    });
  }
  return rows;
}

const price = (mu: number, perMu: number) => Math.round((mu * perMu) / 10) * 10;

export function transactionRows() {
  const deal = (
    parcelCode: string,
    n: number,
    perMu: number,
    winner: string,
    listingStart: string,
    premium = 0,
  ) => {
    const p = parcelByCode(parcelCode);
    const year = Number(listingStart.slice(0, 4));
    const startingPrice = price(muOf(p.area), perMu);
    // Linked to the parcel by its code (宗地编号), as records from the transaction system are.
    return {
      parcelCode: p.code,
      announcementNo: `临江经开挂告字〔${year}〕${n}号`,
      transactionType: p.gdfx === 'residential' ? 'auction' : 'listing',
      listingStart,
      listingEnd: addDays(listingStart, 10),
      startingPrice,
      deposit: Math.round(startingPrice * 0.2),
      bidIncrement: p.gdfx === 'industrial' || p.gdfx === 'storage' ? 10 : 50,
      dealPrice: startingPrice + premium,
      dealDate: addDays(listingStart, 10),
      winner,
      contractNo: `${ZONE.cantonCode}${year}B${String(30 + n).padStart(5, '0')}`,
      transferYears: TRANSFER_YEARS[p.gdfx],
      status: 'dealt',
    };
  };
  const [jx03, jx07, wl02, kc04, yy01, , bs03, jx12, , wl05] = PARCELS.map((p) => p.code);
  const failed = { ...deal(kc04, 3, 260, '', dateIn(LAST_YEAR, 5, 6)), dealPrice: undefined, dealDate: undefined, winner: undefined, contractNo: undefined, status: 'failed' };
  const listing = (parcelCode: string, n: number, perMu: number) => ({
    ...deal(parcelCode, n, perMu, '', daysAgo(12)),
    listingEnd: daysFromToday(8),
    dealPrice: undefined,
    dealDate: undefined,
    winner: undefined,
    contractNo: undefined,
    status: 'listing',
  });
  return [
    deal(jx03, 1, 48, '浙江临江精工传动科技有限公司', dateIn(LAST_YEAR, 2, 20)),
    deal(jx07, 2, 48, '临江恒越智能家电有限公司', dateIn(LAST_YEAR, 4, 18), 20),
    failed,
    deal(wl02, 4, 45, '浙江港通供应链管理有限公司', dateIn(LAST_YEAR, 6, 10)),
    deal(yy01, 5, 50, '浙江康衡生物医药有限公司', dateIn(LAST_YEAR, 8, 22)),
    deal(kc04, 6, 240, '浙江云岫数字科技有限公司', dateIn(LAST_YEAR, 9, 8), 150),
    deal(bs03, 7, 45, '临江保税供应链有限公司', dateIn(LAST_YEAR, 11, 12)),
    listing(jx12, 1, 48),
    listing(wl05, 2, 45),
  ];
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return dateIn(y, m, d + days);
}

function pipeRows(parcels: SeededParcels): Row[] {
  const [, , , , , , , jx12, , wl05, , , , yy06] = PARCELS.map((p) => p.code);
  const rows: Row[] = [];
  const water = { type: 'water', material: '球墨铸铁管', pressureClass: 'low', ownerUnit: '临江水务集团有限公司' };
  const sewage = { type: 'sewage', material: 'HDPE 双壁波纹管', pressureClass: 'gravity', ownerUnit: '临江水务集团有限公司' };
  const power = { type: 'power', material: '电力排管（YJV22 电缆）', ownerUnit: '临江供电公司' };
  const gas = { type: 'gas', material: 'PE 管', pressureClass: 'medium', ownerUnit: '临江燃气有限公司' };
  const specs: [string, Record<string, unknown>, 'south' | 'east' | 'north' | 'west'][] = [
    [jx12, { ...water, name: '智造大道给水主管', diameter: 400, capacity: '日供水能力5万m³', buryDepth: 1.5, accessDistance: 15 }, 'west'],
    [jx12, { ...sewage, name: '纬八路污水管', diameter: 600, capacity: '纳管能力1.2万m³/日', buryDepth: 3.2, accessDistance: 20 }, 'south'],
    [jx12, { type: 'rain', name: '纬八路雨水管', material: '钢筋混凝土管', pressureClass: 'gravity', diameter: 1200, buryDepth: 2.5, accessDistance: 20, ownerUnit: '临江市政设施管理中心' }, 'south'],
    [jx12, { ...gas, name: '智造大道中压燃气管', diameter: 200, capacity: '中压0.4MPa', buryDepth: 1.2, accessDistance: 15 }, 'west'],
    [jx12, { ...power, name: '经九路10kV电缆', capacity: '10kV双回路，距110kV智造变1.2公里', buryDepth: 0.8, accessDistance: 30 }, 'east'],
    [jx12, { type: 'telecom', name: '纬八路通信管道', material: 'PVC 多孔管（24孔）', capacity: '三家运营商光缆已敷设', buryDepth: 0.8, accessDistance: 20, ownerUnit: '临江通信管道建设有限公司' }, 'south'],
    [wl05, { ...water, name: '临港三路给水管', diameter: 300, capacity: '日供水能力2万m³', buryDepth: 1.4, accessDistance: 10 }, 'east'],
    [wl05, { ...sewage, name: '疏港公路污水管', diameter: 500, capacity: '纳管能力0.8万m³/日', buryDepth: 3.0, accessDistance: 25 }, 'south'],
    [wl05, { ...power, name: '临港三路10kV电缆', capacity: '10kV单回路，可扩容', buryDepth: 0.8, accessDistance: 10 }, 'east'],
    [wl05, { ...gas, name: '临港三路燃气管', diameter: 160, capacity: '中压0.4MPa', buryDepth: 1.2, accessDistance: 10 }, 'east'],
    [yy06, { ...water, name: '康源路给水管', diameter: 300, capacity: '日供水能力3万m³', buryDepth: 1.5, accessDistance: 12 }, 'south'],
    [yy06, { ...sewage, name: '药谷二路污水管', diameter: 500, capacity: '医药废水预处理后纳管', buryDepth: 3.5, accessDistance: 15, remark: '须经企业自建预处理设施达到纳管标准' }, 'east'],
    [yy06, { type: 'heat', name: '康源路蒸汽管', material: '无缝钢管（保温）', pressureClass: 'subHigh', diameter: 250, capacity: '1.0MPa饱和蒸汽，可供30t/h', buryDepth: 0, accessDistance: 40, ownerUnit: '临江热电有限公司', remark: '架空敷设' }, 'south'],
    [yy06, { ...power, name: '药谷二路10kV电缆', capacity: '10kV双回路', buryDepth: 0.8, accessDistance: 15 }, 'east'],
  ];
  for (const [dkid, spec, side] of specs) {
    rows.push({ dkid: parcels.idOf(dkid), ...spec, geometry: alongSide(parcels.geometryOf(dkid), side, 12) });
  }
  return rows;
}

function advantageRows(parcels: SeededParcels) {
  const [, , , , , , , jx12, , wl05, , , , yy06] = PARCELS.map((p) => p.code);
  const list: [string, string, string][] = [
    [jx12, '交通便捷', '距杭甬高速临江互通3.5公里、临江港区12公里、临江高铁站15公里，货运车辆20分钟上高速。'],
    [jx12, '七通一平', '场地已平整完毕，给水、排水、供电、燃气、通信、道路、热力七项配套接至红线。'],
    [jx12, '产业集聚', '周边3公里内集聚汽车零部件、精密机械配套企业60余家，上下游协作半径短。'],
    [jx12, '标准地出让', '按“标准地”出让，投资强度、亩均税收、容积率等指标在出让前明确，拿地即可开工。'],
    [wl05, '临港区位', '距临江港区集装箱码头5公里，疏港公路直达，适合大宗物资和集装箱中转仓储。'],
    [wl05, '多式联运', '临港铁路专用线正在建设，建成后可实现“公铁水”多式联运。'],
    [wl05, '配套成熟', '园区已建成综合服务中心、司机之家和加油加气站。'],
    [yy06, '公共平台', '紧邻生物医药公共技术服务平台，可共享动物实验、检测分析和中试设施。'],
    [yy06, '专业配套', '园区已建成危化品集中仓储和医药废水预处理设施，集中供汽到位。'],
    [yy06, '人才保障', '片区内人才公寓800套已投入使用，可拎包入住。'],
  ];
  const order = new Map<string, number>();
  return list.map(([dkid, title, content]) => {
    const n = (order.get(dkid) ?? 0) + 1;
    order.set(dkid, n);
    return { dkid: parcels.idOf(dkid), title, content, displayorder: n };
  });
}

function transferParcelRows(parcels: SeededParcels) {
  const statuses: Record<string, string> = {};
  const [, , , , , , , jx12, jx15, wl05, wl08, kc09, kc11, yy06, yy09] = PARCELS.map((p) => p.code);
  Object.assign(statuses, { [jx12]: 'listed', [wl05]: 'listed', [jx15]: 'ready', [wl08]: 'ready', [kc09]: 'ready', [kc11]: 'reserve', [yy06]: 'ready', [yy09]: 'reserve' });
  return Object.entries(statuses).map(([c, status], i) => {
    const p = parcelByCode(c);
    return {
      areacode: p.areacode,
      parcelName: p.name,
      parcelCode: p.code,
      location: `${ZONE.name}${p.location}`,
      // Given in 亩 as the districts report it; m² is filled by the area-units hook.
      areaMu: muOf(p.area),
      dlcode: p.dlcode,
      transferYears: TRANSFER_YEARS[p.gdfx],
      plannedTransferDate: status === 'listed' ? daysAgo(12) : daysFromToday(30 + i * 25),
      status,
      remark: p.gdfx === 'public' ? '划拨供应，不适用出让年限' : undefined,
      geometry: parcels.geometryOf(p.code),
    };
  });
}

function schemeRows() {
  const scheme = (areacode: string, title: string, sections: [string, string][]) => ({
    areacode,
    title,
    year: THIS_YEAR,
    content: sections.map(([h, p]) => `<h2>${h}</h2><p>${p}</p>`).join(''),
    status: '1',
  });
  return [
    scheme('LJ01', `滨江智造园${THIS_YEAR}年度开发建设方案`, [
      ['一、发展定位', '建设长三角南翼高端装备制造基地，重点发展新能源汽车零部件、智能装备和智能家电三大产业链。'],
      ['二、空间布局', '按“一轴两区”布局：智造大道产业发展轴，北区以整车配套为主，南区以智能装备为主。'],
      ['三、年度任务', `计划出让工业用地约230亩，完成纬八路、经九路等4条道路建设，新建标准厂房12万平方米。`],
      ['四、保障措施', '实行“标准地+承诺制”，土地出让前完成区域评估，项目拿地即开工。'],
    ]),
    scheme('LJ02', `临港物流园${THIS_YEAR}年度开发建设方案`, [
      ['一、发展定位', '建设服务长三角的港口物流枢纽和冷链物流基地。'],
      ['二、年度任务', '推进临港铁路专用线建设，出让物流仓储用地约130亩，建成冷链物流中心一期。'],
      ['三、准入要求', '物流仓储项目投资强度不低于每亩300万元，建筑系数不低于40%。'],
    ]),
    scheme('LJ03', `科创走廊${THIS_YEAR}年度开发建设方案`, [
      ['一、发展定位', '打造数字经济创新高地，集聚研发总部、中试基地和科技企业孵化器。'],
      ['二、年度任务', '供应研发及新型产业用地约70亩，建成科创中心二期孵化器5万平方米。'],
    ]),
    scheme('LJ04', `生物医药港${THIS_YEAR}年度开发建设方案`, [
      ['一、发展定位', '建设创新药和高端医疗器械产业集聚区。'],
      ['二、年度任务', '出让工业用地约55亩，配套建设中小学一所，扩建医药废水预处理设施。'],
    ]),
  ];
}

function stockLandRows(layout: ZoneLayout) {
  const row = (
    n: number,
    name: string,
    areacode: string,
    location: string,
    dlcode: string,
    area: { m2?: number; mu?: number },
    status: 'unsupplied' | 'unused' | 'revitalized',
    approval: [string, string],
    ownerUnit: string,
    idleReason: string,
    disposalPlan: string,
    transferable: 0 | 1,
  ) => ({
    parcelCode: `CL-${String(n).padStart(3, '0')}`,
    name,
    areacode,
    location: `${ZONE.name}${location}`,
    dlcode,
    area: area.m2,
    areaMu: area.mu,
    ownerUnit,
    approvalNo: approval[0],
    approvalDate: approval[1],
    status,
    transferable,
    idleReason,
    disposalPlan,
    // Drawn in a block of its district that the demo parcels leave free.
    geometry: layout.carve(areacode, area.m2 ?? (area.mu! * 2000) / 3).geometry,
  });
  const reserve = ZONE.reserveCentre;
  return [
    row(1, '智造园纬二路北侧地块', 'LJ01', '纬二路以北、经一路以东', '100101', { m2: 21340 }, 'unsupplied', ['浙土字A〔2019〕-0215号', '2019-08-12'], reserve, '原规划道路线位调整，地块边界待重新划定。', '道路线位已确定，纳入下一年度供地计划挂牌出让。', 1),
    row(2, '智造园经五路东侧地块', 'LJ01', '经五路以东、纬六路以南', '100102', { mu: 38.5 }, 'unsupplied', ['浙土字A〔2020〕-0087号', '2020-05-26'], reserve, '地块内有一处高压线迁改未完成。', '高压线迁改预计年内完成，随后公开出让。', 1),
    row(3, '临港物流园疏港公路南地块', 'LJ02', '疏港公路以南、物流一路以西', '110101', { m2: 45020 }, 'unsupplied', ['浙土字A〔2020〕-0133号', '2020-09-03'], reserve, '临港铁路专用线选线未定，暂缓供应。', '专用线选线确定后分宗出让，预留铁路装卸线用地。', 0),
    row(4, '科创走廊云谷路地块', 'LJ03', '云谷路以北、数智街以东', '0802', { m2: 12680 }, 'unsupplied', ['浙土字A〔2021〕-0049号', '2021-04-15'], reserve, '控规调整为科研用地，需重新论证用地指标。', '作为科研用地定向引进高校研究院。', 0),
    row(5, '生物医药港康源路西地块', 'LJ04', '康源路以西、药谷大道以北', '100101', { mu: 27.3 }, 'unsupplied', ['浙土字A〔2021〕-0112号', '2021-07-30'], reserve, '地块内存在少量征迁尾留户。', '征迁扫尾完成后按“标准地”挂牌出让。', 1),
    row(6, '原临江中泰机械有限公司地块', 'LJ01', '经三路以西、纬四路以北', '100101', { m2: 33350 }, 'unused', ['临经开出让〔2018〕12号', '2018-06-20'], '临江中泰机械有限公司', '企业资金链紧张，取得土地后超过两年未动工开发。', '已下达闲置土地认定书，拟协议有偿收回后重新出让。', 0),
    row(7, '原浙江华屹新材料有限公司地块', 'LJ04', '药谷二路以东、安澜路以北', '100102', { m2: 26680 }, 'unused', ['临经开出让〔2019〕07号', '2019-03-18'], '浙江华屹新材料有限公司', '企业主营业务调整，项目暂停建设。', '约谈企业并签订限期开工承诺书，逾期依法收回。', 0),
    row(8, '临港物流园仓储用地（部分开发）', 'LJ02', '物流三路以东、港城大道以南', '110101', { mu: 52 }, 'unused', ['临经开出让〔2019〕15号', '2019-10-08'], '临江远洋仓储有限公司', '项目分期建设，二期约52亩至今未开工。', '督促企业按约定开工，或由平台公司收购后统一招商。', 0),
    row(9, '科创走廊创智路南地块', 'LJ03', '创智路以南、科创大道以西', '0902', { m2: 9340 }, 'unused', ['临经开出让〔2020〕04号', '2020-04-22'], '临江星辰置业有限公司', '商务办公市场低迷，企业暂缓开发。', '协商调整开发节奏，约定于次年开工建设。', 0),
    row(10, '原临江纺织印染厂地块', 'LJ01', '纬一路以南、经二路以东', '100102', { m2: 40010 }, 'revitalized', ['临经开收〔2021〕03号', '2021-09-15'], reserve, '原企业关停搬迁，土地由储备中心收回。', `已于${LAST_YEAR}年完成土壤污染状况调查和场地平整，重新出让给智能装备项目。`, 0),
    row(11, '综保区原监管仓库地块', 'LJ05', '保税路以南、海关路以东', '110101', { m2: 15600 }, 'revitalized', ['临经开收〔2022〕01号', '2022-02-28'], reserve, '原监管仓库功能外迁。', '改建为跨境电商监管中心，已投入使用。', 0),
    row(12, '高铁新城站前地块', 'LJ06', '站前大道以西、高铁南路以北', '0901', { m2: 18670 }, 'revitalized', ['浙土字A〔2018〕-0301号', '2018-11-06'], reserve, '片区规划调整，原商业用地暂缓供应。', `已于${LAST_YEAR}年调整规划后作为高铁站配套停车及商业用地供应。`, 0),
  ];
}

function secondMarketRows() {
  const row = (
    title: string,
    transactionType: 'transfer' | 'lease' | 'mortgage',
    areacode: string,
    location: string,
    dlcode: string,
    m2: number,
    priceWan: number,
    remainingYears: number,
    sellerCompany: string,
    contact: string,
    phone: string,
    description: string,
    status: string,
    published: number,
    visitcount: number,
  ) => ({
    title,
    transactionType,
    location: `${ZONE.name}${location}`,
    areacode,
    area: m2,
    dlcode,
    price: priceWan,
    remainingYears,
    sellerCompany,
    contact,
    phone,
    description,
    publishDate: daysAgo(published),
    status,
    visitcount,
  });
  return [
    row('滨江智造园工业用地及厂房整体转让（约30亩）', 'transfer', 'LJ01', '纬四路以北、经三路以东', '100101', 20010, 2680, 38.5, '临江宏泰机械制造有限公司', '陈先生', '13857190231', '土地使用权面积20010平方米，地上已建单层钢结构厂房1.2万平方米、四层综合楼3000平方米，已办理不动产权证。', 'published', 5, 236),
    row('临港物流园高标仓库整体出租', 'lease', 'LJ02', '物流二路以东、港城大道以南', '110101', 26680, 520, 41, '浙江港通供应链管理有限公司', '刘经理', '13967128876', '双层坡道库，层高10米，地面荷载3吨/平方米，带月台及自动门。年租金约520万元，可分租。', 'published', 9, 412),
    row('生物医药港研发用地部分转让', 'transfer', 'LJ04', '药谷大道以东、康源路以北', '100101', 13340, 1560, 44, '浙江康衡生物医药有限公司', '赵女士', '0571-86795521', '企业项目调整，拟转让已取得土地中的约20亩，未开工建设，可办理分割转让。', 'published', 16, 158),
    row('科创走廊商务办公楼部分楼层出租', 'lease', 'LJ03', '科创大道500号', '0902', 3200, 96, 33, '临江星辰置业有限公司', '孙先生', '13588027716', '第8至10层整层出租，精装修，每层约1070平方米，可注册办公。', 'published', 21, 301),
    row('滨江智造园工业用地使用权抵押融资', 'mortgage', 'LJ01', '经六路以西、纬五路以南', '100102', 33340, 3000, 46, '临江恒越智能家电有限公司', '周会计', '13605718842', '以工业用地使用权及在建工程设定抵押，拟融资3000万元用于二期厂房建设。', 'published', 30, 87),
    row('综合保税区保税仓库转让', 'transfer', 'LJ05', '保税路以北、海关路以西', '110101', 8670, 1380, 36, '临江保税供应链有限公司', '吴经理', '13750821109', '保税仓库一栋，建筑面积9500平方米，已通过海关验收。', 'dealt', 75, 520),
    row('滨江智造园小型厂房转让（约12亩）', 'transfer', 'LJ01', '经二路以东、纬三路以北', '100101', 8000, 960, 29, '临江利达五金制品有限公司', '钱先生', '13906716635', '土地8000平方米，地上双层厂房6500平方米，适合精密加工类企业。', 'dealt', 120, 389),
    row('临港物流园冷库出租', 'lease', 'LJ02', '临港三路以西、物流四路以北', '110102', 12000, 310, 40, '临江远洋仓储有限公司', '郑先生', '13819065520', '零下18度冷冻库2万吨库容，配套制冷机组和分拣车间。', 'pending', 2, 0),
    row('科创走廊研发用地转让意向', 'transfer', 'LJ03', '云谷路以南、启航路以西', '100101', 10005, 1100, 45, '临江芯原半导体有限公司', '冯女士', '13777409981', '企业拟整体搬迁，转让尚未开发的研发用地约15亩。', 'withdrawn', 60, 94),
    row('生物医药港GMP厂房出租', 'lease', 'LJ04', '康源路以北、药谷二路以东', '100101', 6000, 180, 42, '浙江华屹新材料有限公司', '王经理', '13655716620', '已按GMP标准装修的厂房两层，含洁净车间1500平方米。', 'published', 12, 176),
  ];
}

function leasableRows() {
  const row = (
    name: string,
    areacode: string,
    address: string,
    type: 'factory' | 'warehouse' | 'office' | 'land',
    buildingArea: number,
    rent: number,
    floors: number | undefined,
    floorHeight: number | undefined,
    floorLoad: number | undefined,
    contact: string,
    phone: string,
    description: string,
    status: 'available' | 'leased',
  ) => ({ name, areacode, address: `${ZONE.name}${address}`, type, buildingArea, rent, floors, floorHeight, floorLoad, contact, phone, description, status });
  return [
    row('智造园二期标准厂房3号楼', 'LJ01', '智造大道188号', 'factory', 8600, 18, 3, 8, 1500, '朱建国', '0571-86792101', '一层层高8米，配5吨行车轨道；二、三层层高5.5米，货梯两部。', 'available'),
    row('智造园二期标准厂房5号楼', 'LJ01', '智造大道188号', 'factory', 6200, 18, 3, 8, 1500, '朱建国', '0571-86792101', '可整栋或分层出租，已通燃气和压缩空气管道。', 'leased'),
    row('智造园小微企业园A区厂房', 'LJ01', '经二路66号', 'factory', 1800, 16, 4, 4.5, 800, '黄晓丽', '13867120456', '适合电子装配、检测类小微企业，最小分割单元450平方米。', 'available'),
    row('临港物流园高台库1号库', 'LJ02', '物流二路18号', 'warehouse', 12000, 28, 1, 9, 3000, '何伟', '0571-86792203', '单层高台库，月台高1.3米，配备消防喷淋和监控系统。', 'available'),
    row('临港物流园冷链仓库', 'LJ02', '临港三路8号', 'warehouse', 5000, 65, 1, 10, 2000, '何伟', '0571-86792203', '冷藏、冷冻两温区，可按库位租用。', 'available'),
    row('科创中心二期孵化器B座', 'LJ03', '科创大道500号', 'office', 3600, 45, 12, 3.6, 300, '林悦', '13968077812', '精装修办公，可拆分至100平方米，入驻科技企业前两年租金减半。', 'available'),
    row('科创走廊中试基地2号楼', 'LJ03', '启航路120号', 'factory', 4200, 30, 4, 5, 800, '林悦', '13968077812', '适合研发中试，一层可承重1000公斤/平方米，预留排风管井。', 'leased'),
    row('生物医药港GMP标准厂房C栋', 'LJ04', '药谷大道9号', 'factory', 7500, 35, 4, 5.2, 800, '许文静', '0571-86792306', '按GMP要求设计，预留洁净空调机房和纯水制备间。', 'available'),
    row('综保区保税仓库A2', 'LJ05', '保税路58号', 'warehouse', 6800, 32, 2, 7.5, 2000, '程立', '0571-86792405', '海关监管仓库，可开展保税仓储和跨境电商备货业务。', 'available'),
    row('临港物流园临时堆场用地', 'LJ02', '疏港公路以南', 'land', 20000, 1.5, undefined, undefined, undefined, '何伟', '0571-86792203', '硬化堆场，适合集装箱和钢材临时堆放，租期一般不超过3年。', 'available'),
  ].map((r) => ({ ...r, ...LEASES[r.name] }));
}

/** Who rents the leased resources until when: the lease-expiry reminder watches these terms. */
const LEASES: Record<string, { tenant: string; leaseEnd: string }> = {
  智造园二期标准厂房5号楼: { tenant: '临江城市运营管理有限公司', leaseEnd: daysFromToday(30) },
  科创走廊中试基地2号楼: { tenant: '临江科创园区运营有限公司', leaseEnd: daysFromToday(200) },
};

/** Supply plans, transfer parcels, stock land and the named parcels' pipes and selling points. */
export async function seedLand(trx: AnyDb, actorId: string | null, layout: ZoneLayout, parcels: SeededParcels): Promise<void> {
  await createAll(trx, 'tGyjsyd', supplyPlanRows(parcels), actorId);
  await createAll(trx, 'tPqcrdk', transferParcelRows(parcels), actorId);
  await createAll(trx, 'tPqkffa', schemeRows(), actorId);
  await createAll(trx, 'tCltd', stockLandRows(layout), actorId);
  // The transaction records are created with the parcels (seeds/parcels.ts).
  await createAll(trx, 'tPipenetwork', pipeRows(parcels), actorId);
  await createAll(trx, 'tDkys', advantageRows(parcels), actorId);
  await createAll(trx, 'tSecondmarket', secondMarketRows(), actorId);
  await createAll(trx, 'tKczy', leasableRows(), actorId);
}
