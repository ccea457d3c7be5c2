/**
 * The zone's facility dictionary (tFacility) for the demo: schools, hospitals, stations, bus
 * stops, highway exits, the port, the airport… placed around the districts of zone.ts. It is
 * what selectDicFacility shows on the public map and what the offline maps service measures
 * surroundings and distances against.
 */
import type { AppContext } from '../context';
import type { AnyDb } from '../entities/repository';
import { nowIso } from '../lib/time';
import { createAll } from './records';

const MARKER = 'demo.facilities.seeded';

type Facility = [name: string, type: string, lon: number, lat: number, address: string, areacode: string | null];

export const DEMO_FACILITIES: Facility[] = [
  ['临江经开区实验学校', 'school', 120.497, 30.312, '智造大道120号', 'LJ01'],
  ['滨江智造园职业技术学校', 'school', 120.508, 30.298, '经三路18号', 'LJ01'],
  ['科创走廊国际学校', 'school', 120.466, 30.326, '科创大道300号', 'LJ03'],
  ['临港小学', 'school', 120.553, 30.281, '港城大道88号', 'LJ02'],
  ['浙江临江理工大学（临江校区）', 'school', 120.478, 30.333, '星海路1号', 'LJ03'],
  ['临江经开区人民医院', 'hospital', 120.503, 30.318, '观澜路66号', 'LJ01'],
  ['临江经开区中医院', 'hospital', 120.472, 30.31, '启航路200号', 'LJ03'],
  ['生物医药港社区卫生服务中心', 'hospital', 120.527, 30.336, '康源路12号', 'LJ04'],
  ['临港社区卫生服务中心', 'hospital', 120.562, 30.271, '江湾路5号', 'LJ02'],
  ['智造大道经三路公交站', 'bus', 120.501, 30.304, '智造大道与经三路交叉口', 'LJ01'],
  ['纬四路公交站', 'bus', 120.509, 30.309, '纬四路中段', 'LJ01'],
  ['科创大道星海路公交站', 'bus', 120.471, 30.321, '科创大道与星海路交叉口', 'LJ03'],
  ['港城大道物流二路公交站', 'bus', 120.558, 30.277, '港城大道与物流二路交叉口', 'LJ02'],
  ['药谷大道公交站', 'bus', 120.531, 30.328, '药谷大道9号附近', 'LJ04'],
  ['保税路公交首末站', 'bus', 120.583, 30.302, '保税路1号', 'LJ05'],
  ['地铁临江大道站', 'metro', 120.489, 30.315, '临江大道与观澜路交叉口', 'LJ01'],
  ['地铁科创走廊站', 'metro', 120.468, 30.318, '科创大道与启航路交叉口', 'LJ03'],
  ['临江万象汇', 'shopping', 120.486, 30.319, '临江大道200号', 'LJ01'],
  ['临港邻里中心', 'shopping', 120.556, 30.283, '港城大道120号', 'LJ02'],
  ['中国工商银行临江经开区支行', 'bank', 120.495, 30.309, '临江大道88号', 'LJ01'],
  ['中国建设银行临港支行', 'bank', 120.557, 30.279, '港城大道96号', 'LJ02'],
  ['浙江农商银行科创支行', 'bank', 120.469, 30.324, '科创大道260号', 'LJ03'],
  ['临江湿地公园', 'park', 120.515, 30.322, '观澜路北端', 'LJ01'],
  ['科创中央公园', 'park', 120.474, 30.329, '星海路与启航路之间', 'LJ03'],
  ['临江开元名都大酒店', 'hotel', 120.491, 30.317, '临江大道168号', 'LJ01'],
  ['临港商务酒店', 'hotel', 120.561, 30.285, '港城大道150号', 'LJ02'],
  ['智造园员工餐厅（共享食堂）', 'restaurant', 120.505, 30.301, '经三路26号', 'LJ01'],
  ['临江人才公寓一期', 'talentHousing', 120.493, 30.322, '观澜路120号', 'LJ01'],
  ['科创走廊人才公寓', 'talentHousing', 120.463, 30.331, '星海路50号', 'LJ03'],
  ['临江经开区政务服务中心', 'government', 120.488, 30.312, '临江大道1号', 'LJ01'],
  ['临港片区企业服务站', 'government', 120.559, 30.274, '港城大道16号', 'LJ02'],
  ['中石化智造大道加油站', 'gasStation', 120.512, 30.295, '智造大道与纬六路交叉口', 'LJ01'],
  ['中石油港城大道加油站', 'gasStation', 120.571, 30.268, '港城大道300号', 'LJ02'],
  ['临江国际机场', 'airport', 120.33, 30.19, '临江市空港大道1号', null],
  ['临江站（高铁）', 'railway', 120.452, 30.287, '站前大道2号', 'LJ06'],
  ['临江北站（货运）', 'railway', 120.54, 30.352, '铁路北路8号', null],
  ['临江经开区高速出口（沪杭甬高速）', 'highwayExit', 120.523, 30.289, '智造大道南端', null],
  ['临港疏港高速出口', 'highwayExit', 120.575, 30.262, '港城大道东端', null],
  ['科创走廊高速出口（杭州湾环线）', 'highwayExit', 120.455, 30.338, '科创大道北端', null],
  ['临江港区作业区', 'port', 120.598, 30.268, '临江港区码头路1号', 'LJ02'],
  ['临江港集装箱码头', 'port', 120.612, 30.276, '临江港区码头路18号', null],
  ['临江市人民政府（市中心）', 'centre', 120.385, 30.312, '临江市府前路1号', null],
];

/** Creates the demo facilities in the caller's transaction (part of the demo seed). */
export async function seedFacilities(tx: AnyDb): Promise<void> {
  // Districts are named only where the demo's districts exist (an office may have its own).
  const districts = new Set((await tx.selectFrom('t_area').select('areacode').execute()).map((r) => String(r.areacode)));
  await createAll(
    tx,
    'tFacility',
    DEMO_FACILITIES.map(([name, type, lon, lat, address, areacode], i) => ({
      name,
      type,
      lon,
      lat,
      address,
      ...(areacode && districts.has(areacode) ? { areacode } : {}),
      displayorder: i + 1,
      status: '1',
    })),
    null,
  );
}

/**
 * Seeds the dictionary once (own marker) into a demo database seeded before the dictionary
 * existed; never over facilities an office has entered itself.
 */
export async function seedFacilityDictionary(ctx: Pick<AppContext, 'db'>): Promise<void> {
  const { db } = ctx;
  if (await db.selectFrom('t_setting').select('value').where('key', '=', MARKER).executeTakeFirst()) return;
  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as AnyDb;
    if (!(await tx.selectFrom('t_facility').select('id').limit(1).executeTakeFirst())) await seedFacilities(tx);
    await trx.insertInto('t_setting').values({ key: MARKER, value: nowIso(), updatedAt: nowIso() }).execute();
  });
}
