import { expect } from 'vitest';
import { addUser } from '../../src/services/users';
import type { Envelope, TestApp } from './app';

/** A lon-lat square, counter-clockwise from the south-west corner (stored as sent). */
export function square(lon: number, lat: number, size = 0.002): { type: 'Polygon'; coordinates: number[][][] } {
  return {
    type: 'Polygon',
    coordinates: [[[lon, lat], [lon + size, lat], [lon + size, lat + size], [lon, lat + size], [lon, lat]]],
  };
}

export const STAFF_PASSWORD = 'Staff@2024abc';

export interface ParcelWorld {
  /** Tokens of admin and of an editor, a reviewer and a read-only user. */
  tokens: { admin: string; editor: string; reviewer: string; readonly: string };
  /** POSTs JSON (or form) as admin unless another token is given. */
  call(url: string, body?: Record<string, unknown>, opts?: { token?: string; form?: boolean }): ReturnType<TestApp['call']>;
  /** Like `call`, expects code 200 (failing with the call's message) and returns the data. */
  ok(url: string, body?: Record<string, unknown>, token?: string): Promise<Envelope['data']>;
  /** A valid new parcel record (unique code and place), with overrides. */
  parcel(overrides?: Record<string, unknown>): Record<string, unknown>;
  /** Creates a parcel through addOrUpdate and returns the stored record. */
  createParcel(overrides?: Record<string, unknown>): Promise<Record<string, unknown>>;
}

let counter = 0;

/**
 * What parcels need around them: a district, the land classes they use, and staff in each
 * role. Returns factories for parcels (buildParcel-style, STYLE models).
 */
export async function parcelWorld(t: TestApp, options: { fourEyes?: 'on' | 'off' } = {}): Promise<ParcelWorld> {
  const admin = await t.login();
  for (const [role, account] of [['editor', 'editor01'], ['reviewer', 'reviewer01'], ['readonly', 'viewer01']] as const) {
    await addUser(t.db.db, { userAccount: account, userName: `${role}用户`, password: STAFF_PASSWORD, role, status: '1' });
  }
  const tokens = {
    admin,
    editor: await t.login('editor01', STAFF_PASSWORD),
    reviewer: await t.login('reviewer01', STAFF_PASSWORD),
    readonly: await t.login('viewer01', STAFF_PASSWORD),
  };
  const call: ParcelWorld['call'] = (url, body = {}, opts = {}) => t.call(url, body, { token: opts.token ?? admin, form: opts.form });
  const must = async (url: string, body: Record<string, unknown>) => {
    const res = await call(url, body);
    if (res.body.code !== '200') throw new Error(`${url}: ${res.body.msg}`);
    return res.body.data;
  };
  // Most tests let admin take every step of the lifecycle, as a one-person office does: the
  // four-eyes rule is off unless asked for (parcels.review.test.ts tests it).
  await must('/api/config/save', { fourEyes: options.fourEyes ?? 'off' });
  await must('/api/tArea/addOrUpdate', { areaname: '测试片区', areacode: 'T01', status: '1' });
  await must('/api/tArea/addOrUpdate', { areaname: '第二片区', areacode: 'T02', status: '1' });
  await must('/api/tDl/addOrUpdateDl', { code: '10', name: '工矿用地', scheme: '2023' });
  await must('/api/tDl/addOrUpdateDl', { code: '1001', name: '工业用地', parentCode: '10', scheme: '2023' });
  await must('/api/tDl/addOrUpdateDl', { code: '100101', name: '一类工业用地', parentCode: '1001', scheme: '2023' });
  await must('/api/tDl/addOrUpdateDl', { code: '11', name: '仓储用地', scheme: '2023' });
  await must('/api/tDl/addOrUpdateDl', { code: '1101', name: '物流仓储用地', parentCode: '11', scheme: '2023' });

  const parcel: ParcelWorld['parcel'] = (overrides = {}) => {
    counter += 1;
    return {
      dkbh: `T${String(counter).padStart(4, '0')}`,
      dkmc: `测试地块${counter}`,
      areacode: 'T01',
      dlcode: '100101',
      landArea: 20000,
      // Apart from each other, in Zhejiang.
      geometry: square(120.3 + (counter % 50) * 0.003, 30.2 + Math.floor(counter / 50) * 0.003),
      ...overrides,
    };
  };
  return {
    tokens,
    call,
    async ok(url, body = {}, token) {
      const res = await call(url, body, { token });
      expect(res.body, `${url}: ${res.body.msg}`).toMatchObject({ code: '200' });
      return res.body.data;
    },
    parcel,
    createParcel: (overrides) => must('/api/tLandinfo/addOrUpdate', parcel(overrides)),
  };
}
