import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '@land/shared/entities/index';
import { landTransactionEntity } from '@land/shared/entities/landTransaction';
import { idCardCheckChar } from '@land/shared/validation';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';

/** SPEC §5: wherever an ID number is entered, it is checked (length, birth date, check digit). */
const validId = (() => {
  const first17 = '11010519491231002';
  return first17 + idCardCheckChar(first17);
})();

describe('ID-number fields of the entity definitions', () => {
  it('every field named as an ID number uses the idCard rule', () => {
    const idFields = ENTITIES.flatMap((def) => def.fields.filter((f) => /身份证/.test(f.label)).map((f) => ({ key: `${def.name}.${f.name}`, rules: f.rules ?? [] })));
    expect(idFields.map((f) => f.key)).toContain('tLandJyst.winnerIdNumber');
    for (const f of idFields) expect(f.rules, f.key).toContain('idCard');
  });

  it('the land-transaction record keeps the winner’s ID number out of its list', () => {
    const field = landTransactionEntity.fields.find((f) => f.name === 'winnerIdNumber');
    expect(field).toMatchObject({ label: '竞得人身份证号码', list: false });
  });
});

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`竞得人身份证号码 on the land-transaction record [${dialect}]`, () => {
    let t: TestApp;
    let token: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      token = await t.login();
    });
    afterAll(async () => t?.close());
    const count = async () => (await t.call('/api/tLandJyst/selectByPage', { pageNo: 1, pageSize: 1 }, { token })).body.data.total as number;
    const base = { parcelCode: 'JY-ID-1', transactionType: 'listing', status: 'dealt', winner: '张三', dealPrice: 600, dealDate: '2025-03-01' };

    it('refuses an invalid number with the SPEC message and the field, and saves nothing', async () => {
      const before = await count();
      for (const bad of ['123456', validId.slice(0, 17) + (validId[17] === '0' ? '1' : '0'), '11010519491331002X']) {
        const res = await t.call('/api/tLandJyst/addOrUpdate', { ...base, winnerIdNumber: bad }, { token });
        expect(res.body, bad).toMatchObject({ code: 'A0400', msg: '证件输入错误，请检查证件号码', data: { field: 'winnerIdNumber' } });
      }
      expect(await count()).toBe(before);
    });

    it('saves a valid number and an empty one, and the batch call checks it too', async () => {
      const saved = await t.call('/api/tLandJyst/addOrUpdate', { ...base, winnerIdNumber: validId }, { token });
      expect(saved.body.code).toBe('200');
      const empty = await t.call('/api/tLandJyst/addOrUpdate', { ...base, parcelCode: 'JY-ID-2', winnerIdNumber: '' }, { token });
      expect(empty.body.code).toBe('200');
      const before = await count();
      const batch = await t.call('/api/tLandJyst/addListTLandJyst', { list: [{ ...base, parcelCode: 'JY-ID-3', winnerIdNumber: '123' }] }, { token });
      expect(batch.body.code).toBe('A0400');
      expect(batch.body.msg).toContain('证件输入错误，请检查证件号码');
      expect(await count()).toBe(before);
    });
  });
}
