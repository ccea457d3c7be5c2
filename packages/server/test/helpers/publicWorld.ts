import type { TestApp } from './app';
import { parcelWorld, type ParcelWorld } from './parcels';

type Row = Record<string, unknown>;

/** Put in every name of the parcels that must never be public, so any leak shows in the text. */
export const HIDDEN = '隐秘地块';

export const VISITOR_PASSWORD = 'Visit@2024ab';

export interface PublicWorld extends ParcelWorld {
  /** Published parcels: 物流 (listed), 智造 (available), 医药 (deal). */
  published: Row[];
  /** Parcels in each non-public state, each named with HIDDEN and with supporting records. */
  hidden: { draft: Row; pendingFirst: Row; pendingReview: Row; takenDown: Row };
  /** Registers a visitor and returns the session. */
  registerVisitor(userAccount: string, extra?: Row): Promise<{ token: string; userId: string }>;
  /** Calls a public URL as a visitor (token) or as a guest. */
  open(url: string, body?: Row, token?: string): ReturnType<TestApp['call']>;
  /** Ids of records made for the world (notice, event, regulation…), by kind. */
  ids: Record<string, string>;
}

/**
 * A zone with published and hidden parcels, each with every kind of supporting record, and one
 * published record of every public content entity.
 */
export async function publicWorld(t: TestApp): Promise<PublicWorld> {
  const pw = await parcelWorld(t);
  const must = async (url: string, body: Row): Promise<Row> => {
    const res = await pw.call(url, body);
    if (res.body.code !== '200') throw new Error(`${url}: ${res.body.msg}`);
    return res.body.data as Row;
  };
  const areas = (await pw.call('/api/tArea/selectByPage', { pageNo: 1, pageSize: 10 })).body.data.list as Row[];
  const areaId = (code: string) => areas.find((a) => a.areacode === code)!.id;
  await must('/api/tArea/addOrUpdate', { id: areaId('T01'), cantoncode: '330176', type: 'industry', displayorder: 1, leadingIndustry: '智能制造、现代物流' });
  await must('/api/tArea/addOrUpdate', { id: areaId('T02'), type: 'logistics', displayorder: 2 });
  const street = await must('/api/tJd/addOrUpdate', { jdname: '临江街道', jdcode: '330176001', areacode: 'T01', contact: '周某某', phone: '0571-86791001' });

  const withRecords = async (overrides: Row, label: string): Promise<Row> => {
    const parcel = await pw.createParcel({ jdcode: street.id, introduction: `${label}地块介绍`, ...overrides });
    const dkid = parcel.id as string;
    await must('/api/tDistance/addOrUpdate', { dkid, placeName: `${label}机场`, placeType: 'airport', distanceKm: 30 });
    await must('/api/tLandzbpt/addOrUpdate', { dkid, name: `${label}学校`, facilityType: 'school', distanceM: 800 });
    await must('/api/tPipenetwork/addOrUpdate', { dkid, name: `${label}给水管`, type: 'water', remark: `${label}内部备注` });
    await must('/api/tLandmatching/addOrUpdate', { dkid, water: 'ready', waterNote: `${label}给水`, levelled: 'ready' });
    await must('/api/tLandinfo/addListTphotoSphereMarkers', { dkid, list: [{ title: `${label}标注`, yaw: 10, pitch: 5 }] });
    await must('/api/tDkzssc/addOrUpdate', { dkid, title: `${label}招商手册` });
    await must('/api/tDkxq/addPrice', { dkid, priceType: 'starting', price: 900, unit: 'wan', source: `${label}出让公告` });
    await must('/api/tDkxq/addPrice', { dkid, priceType: 'appraised', price: 1234.56, unit: 'wan', source: `${label}估价报告` });
    await must('/api/tYdzb/addOrUpdate', { dkid, indicator: 'plotRatio', comparator: 'ge', value: 1.2 });
    await must('/api/tDkys/addOrUpdate', { dkid, title: `${label}优势` });
    return parcel;
  };
  const move = async (parcel: Row, ...actions: string[]) => {
    for (const action of actions) {
      await must('/api/tLandinfo/transition', { ids: [parcel.id], action, comment: action === 'takeDown' ? '规划调整' : undefined });
    }
  };
  const jyst = (parcel: Row, status: string, extra: Row = {}) =>
    must('/api/tLandJyst/addOrUpdate', { dkid: parcel.id, parcelCode: parcel.dkbh, transactionType: 'listing', status, announcementNo: `${String(parcel.dkmc)}公告`, listingStart: '2024-05-01', ...extra });

  const logistics = await withRecords({ dkmc: '临港物流仓储地块', dkbh: 'PUB-WL-01', dlcode: '1101', landArea: 40000, startingPrice: 1500, location: '港城大道以南' }, '物流');
  const factory = await withRecords({ dkmc: '智造园标准地块', dkbh: 'PUB-ZZ-02', dlcode: '100101', landArea: 13333.33, startingPrice: 800, areacode: 'T02' }, '智造');
  const pharma = await withRecords({ dkmc: '生物医药产业地块', dkbh: 'PUB-YY-03', dlcode: '100101', landArea: 66666.67, startingPrice: 5000 }, '医药');
  const draft = await withRecords({ dkmc: `${HIDDEN}录入`, dkbh: 'HID-01', dlcode: '1101', location: `${HIDDEN}坐落` }, HIDDEN);
  const pendingFirst = await withRecords({ dkmc: `${HIDDEN}初审`, dkbh: 'HID-02', dlcode: '1101' }, HIDDEN);
  const pendingReview = await withRecords({ dkmc: `${HIDDEN}审核`, dkbh: 'HID-03', dlcode: '1101' }, HIDDEN);
  const takenDown = await withRecords({ dkmc: `${HIDDEN}下架`, dkbh: 'HID-04', dlcode: '1101' }, HIDDEN);
  for (const p of [logistics, factory, pharma, takenDown]) await move(p, 'submit', 'passFirst', 'publish');
  await move(pendingFirst, 'submit');
  await move(pendingReview, 'submit', 'passFirst');
  await move(takenDown, 'takeDown');
  await jyst(logistics, 'listing');
  await jyst(pharma, 'dealt', { dealPrice: 5600, dealDate: '2024-06-01', winner: '某某生物科技有限公司' });
  // Transaction records of hidden parcels must stay hidden too.
  await jyst(draft, 'listing');
  await jyst(takenDown, 'dealt', { dealPrice: 1, dealDate: '2024-06-01', winner: `${HIDDEN}竞得人` });

  const ids: Record<string, string> = {};
  const content: [string, string, Row][] = [
    ['notice', '/api/tTzgg/addOrUpdate', { title: '临港物流地块挂牌出让公告', type: 'transfer', status: '1', publishDate: '2024-05-01', content: '<p>物流用地出让</p>' }],
    ['draftNotice', '/api/tTzgg/addOrUpdate', { title: `${HIDDEN}公告草稿`, type: 'notice', status: '0' }],
    ['event', '/api/tZshd/addOrUpdateZshd', { title: '物流产业招商推介会', type: 'promotion', status: '1', eventDate: '2024-04-01', summary: '推介会' }],
    ['draftEvent', '/api/tZshd/addOrUpdateZshd', { title: `${HIDDEN}活动草稿`, type: 'news', status: '0' }],
    ['regulation', '/api/tRegulations/addOrUpdate', { title: '关于支持物流产业发展的若干政策', category: 'zone', status: '1', publishDate: '2024-03-01', content: '<p>政策正文</p>' }],
    ['article', '/api/tWxgzh/addOrUpdate', { title: '开发区物流园新动态', status: '1', publishDate: '2024-05-02' }],
    ['video', '/api/tWxvideo/addOrUpdate', { title: '物流园宣传片', category: 'zone', status: '1', duration: 120 }],
    ['keyProject', '/api/tKeyproject/addOrUpdate', { name: '智慧物流中心项目', stage: 'building', status: '1', areacode: 'T01', totalInvestment: 50000 }],
    ['contact', '/api/tInvestmentLinkman/addOrUpdateLinkman', { name: '王招商', phone: '13905710009', areacode: 'T01', status: '1' }],
    ['plan', '/api/tGyjsyd/addOrUpdateGyjsyd', { planYear: 2024, parcelName: '临港物流仓储地块', parcelCode: 'PUB-WL-01', gdfx: 'storage', planArea: 40000, planQuarter: 2, areacode: 'T01', remark: `${HIDDEN}计划备注` }],
    ['plan2', '/api/tGyjsyd/addOrUpdateGyjsyd', { planYear: 2024, parcelName: '隐藏计划对应地块', parcelCode: 'HID-01', gdfx: 'storage', planArea: 10000 }],
    ['kczy', '/api/tKczy/addOrUpdate', { name: '标准厂房A栋', type: 'factory', status: 'available', areacode: 'T01', buildingArea: 3000 }],
    ['secondMarket', '/api/tSecondmarket/addOrUpdate', { title: '物流仓库土地使用权转让', transactionType: 'transfer', status: 'published', areacode: 'T01', price: 300 }],
    ['pendingSecondMarket', '/api/tSecondmarket/addOrUpdate', { title: `${HIDDEN}二级市场待审核`, transactionType: 'lease', status: 'pending' }],
    ['stockLand', '/api/tCltd/addOrUpdate', { name: '存量物流用地', status: 'unsupplied', transferable: 1, areacode: 'T01', ownerUnit: `${HIDDEN}权属单位`, idleReason: `${HIDDEN}闲置原因` }],
    ['problem', '/api/tProblem/addOrUpdate', { title: '物流用地的出让年限是多少？', content: '请问仓储用地出让年限', askerName: '李某', askerPhone: '13800000001', answer: '仓储用地最高出让年限为50年。', isPublic: 1 }],
  ];
  for (const [kind, url, body] of content) ids[kind] = (await must(url, body)).id as string;
  await must('/api/tArea/addOrUpdate', { areaname: `${HIDDEN}停用片区`, areacode: 'T09', status: '0' });

  const open: PublicWorld['open'] = (url, body = {}, token) => t.call(url, body, { token });
  return {
    ...pw,
    published: [logistics, factory, pharma].map((p) => ({ ...p })),
    hidden: { draft, pendingFirst, pendingReview, takenDown },
    ids,
    open,
    async registerVisitor(userAccount, extra = {}) {
      const res = await open('/openApi/register', { userAccount, password: VISITOR_PASSWORD, userName: '访客', sqdw: '某某公司', ...extra });
      if (res.body.code !== '200') throw new Error(`register: ${res.body.msg}`);
      return { token: res.body.data.token as string, userId: res.body.data.userId as string };
    },
  };
}
