import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { DEFAULT_SETTINGS, PUBLIC_SETTING_KEYS, SECRET_SETTING_KEYS, SETTING_KEYS, settingMeta } from '@land/shared/settings';
import { createTestApp, markPasswordChanged, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';

const AMAP_KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

describe('settings schema', () => {
  it('declares a Chinese label for every key; only the maps web-service key is secret', () => {
    for (const key of SETTING_KEYS) expect(settingMeta(key).label, key).toMatch(/[\u4e00-\u9fa5]/);
    expect(SECRET_SETTING_KEYS).toEqual(['amapKey']);
    expect(PUBLIC_SETTING_KEYS).toHaveLength(SETTING_KEYS.length - 1);
  });

  it('has defaults that make the public site work with nothing configured', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      siteName: '临江经济技术开发区土地信息平台',
      mapCenterLon: 120.25,
      mapCenterLat: 30.25,
      mapZoom: 12,
      tileSourceType: 'none',
      bannerImages: [],
      amapKey: '',
    });
  });
});

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`site configuration [${dialect}]`, () => {
    let t: TestApp;
    let admin: string;
    let editor: string;

    const get = (token = admin) => t.call('/api/config/get', {}, { token });
    const save = (body: Record<string, unknown>, opts: { token?: string; form?: boolean } = {}) =>
      t.call('/api/config/save', body, { token: opts.token ?? admin, form: opts.form });
    const refused = async (body: Record<string, unknown>, msg: string, opts: { form?: boolean } = {}) => {
      const before = (await get()).body.data;
      const res = await save(body, opts);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg });
      expect((await get()).body.data).toEqual(before);
    };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      admin = await t.login();
      const res = await t.call('/api/tUser/addUser', { userAccount: 'editor01', userName: '编辑', password: 'Editor@2024', role: 'editor' }, { token: admin });
      expect(res.body.code).toBe('200');
      await markPasswordChanged(t, 'editor01');
      editor = await t.login('editor01', 'Editor@2024');
    });
    afterAll(async () => t?.close());

    it('answers the defaults before anything is saved, to staff and to the public', async () => {
      expect((await get()).body).toMatchObject({ code: '200', data: DEFAULT_SETTINGS });
      for (const method of ['GET', 'POST'] as const) {
        const pub = await t.call('/openApi/config', {}, { method });
        expect(pub.body.code).toBe('200');
        expect(Object.keys(pub.body.data).sort()).toEqual([...PUBLIC_SETTING_KEYS].sort());
        expect(pub.body.data.siteName).toBe('临江经济技术开发区土地信息平台');
      }
    });

    it('saves what an administrator sends, keeps the rest, and never shows the secret key publicly', async () => {
      const banner = [{ id: 'b1', name: '首页.jpg', url: '/virtualPath/images/202405/01hx0000000000000000000000.jpg' }];
      const res = await save({
        siteName: '临江经开区土地信息平台',
        contactPhone: '0571-86001234',
        contactEmail: 'land@kfq.gov.cn',
        amapKey: AMAP_KEY,
        bannerImages: banner,
        tileSourceType: 'xyz',
        tileUrl: 'https://t{0-7}.tianditu.gov.cn/DataServer?T=vec_w&x={x}&y={y}&l={z}&tk={tk}',
        tiandituKey: 'abcdef0123456789abcdef0123456789',
      });
      expect(res.body).toMatchObject({ code: '200', data: { siteName: '临江经开区土地信息平台', amapKey: AMAP_KEY } });
      const partial = await save({ contactAddress: '临江大道1号' });
      expect(partial.body.data).toMatchObject({ contactAddress: '临江大道1号', siteName: '临江经开区土地信息平台', amapKey: AMAP_KEY, bannerImages: banner });

      expect((await get()).body.data).toMatchObject({ amapKey: AMAP_KEY, contactPhone: '0571-86001234', mapZoom: 12 });
      const pub = await t.call('/openApi/config', {}, { method: 'GET' });
      expect(pub.body.data).toMatchObject({ siteName: '临江经开区土地信息平台', bannerImages: banner, tiandituKey: 'abcdef0123456789abcdef0123456789' });
      expect(pub.body.data).not.toHaveProperty('amapKey');
      expect(JSON.stringify(pub.body)).not.toContain(AMAP_KEY);
    });

    it('takes form-encoded values: numbers as text, the banner list as JSON text', async () => {
      const res = await save({ mapCenterLon: '121.5', mapCenterLat: '29.75', mapZoom: '14', bannerImages: '[]' }, { form: true });
      expect(res.body.data).toMatchObject({ mapCenterLon: 121.5, mapCenterLat: 29.75, mapZoom: 14, bannerImages: [] });
    });

    it('refuses invalid values with the SPEC §5 message and changes nothing', async () => {
      await refused({ contactPhone: '12345' }, '联系电话格式不正确');
      await refused({ contactEmail: 'not-an-email' }, '邮箱格式不正确');
      await refused({ siteName: '   ' }, '请输入网站名称');
      await refused({ siteName: '很长'.repeat(31) }, '网站名称不能超过60个字符');
      await refused({ mapZoom: 30 }, '地图缩放级别应为1到20之间的整数');
      await refused({ mapZoom: 12.5 }, '地图缩放级别应为1到20之间的整数');
      await refused({ mapCenterLon: 'east' }, '只能是数字', { form: true });
      await refused({ mapCenterLat: 95 }, '地图中心纬度应为-90到90之间的数字');
      await refused({ tileSourceType: 'google' }, '请选择底图类型');
      await refused({ tileSourceType: 'wmts', tileUrl: '' }, '请输入底图地址');
      await refused({ tileUrl: 'javascript:alert(1)' }, '底图地址必须以 http:// 或 https:// 开头');
      await refused({ imageryCatalogueUrl: 'ftp://x' }, '影像目录服务地址必须以 http:// 或 https:// 开头');
      await refused({ amapKey: 'key with spaces' }, '高德 Web 服务密钥只能包含字母和数字，最多64位');
      await refused({ bannerImages: [{ name: 'x', url: 'javascript:alert(1)' }] }, '图片地址必须是上传后的地址或 http(s) 地址');
      await refused({ bannerImages: 'not json' }, '轮播图片格式不正确', { form: true });
      await refused({ bannerImages: Array.from({ length: 11 }, (_, i) => ({ name: `${i}.jpg`, url: `/virtualPath/images/202401/${i}.jpg` })) }, '轮播图片不能超过10张');
      await refused({ siteName: '新名称', noSuchKey: 1 }, '不支持的设置项：noSuchKey');
      await refused({}, '没有要保存的设置项');
    });

    it('saving is for administrators; other staff read it without the secret key', async () => {
      const before = (await get()).body.data;
      const res = await save({ siteName: '被改掉的名称' }, { token: editor });
      expect(res.body.code).toBe(ERROR_CODES.FORBIDDEN);
      expect((await get()).body.data).toEqual(before);
      const asEditor = await get(editor);
      expect(asEditor.body.data).toMatchObject({ siteName: before.siteName, amapKey: '' });
      const anon = await t.call('/api/config/get', {});
      expect(anon.body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
      const anonSave = await t.call('/api/config/save', { siteName: 'x' });
      expect(anonSave.body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
    });

    it('a stored value that no longer passes the rules falls back to its default; other settings rows are untouched', async () => {
      await sql`update t_setting set value = ${'"abc"'} where key = ${'site.mapZoom'}`.execute(t.db.db);
      await sql`insert into t_setting (key, value, "updatedAt") values (${'demo.seeded'}, ${'2024-01-01'}, ${'2024-01-01'})`.execute(t.db.db);
      const res = await get();
      expect(res.body.data.mapZoom).toBe(12);
      expect(res.body.data).not.toHaveProperty('demo.seeded');
      await save({ mapZoom: 13 });
      const marker = await sql<{ value: string }>`select value from t_setting where key = ${'demo.seeded'}`.execute(t.db.db);
      expect(marker.rows[0].value).toBe('2024-01-01');
      expect((await get()).body.data.mapZoom).toBe(13);
    });
  });
}
