import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '@land/shared/entities/index';
import { MESSAGES } from '@land/shared/validation';
import { isInForm, isNonNegativeField, precisionMessage, type EntityDef, type FieldDef } from '@land/shared/entity';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parentCreator, sampleVisitor, sampleWithRefs } from './helpers/samples';

/**
 * Numeric fields that may legitimately hold a negative value: coordinates and panorama angles.
 * Every other numeric field must declare a lower bound of 0 or more, so a negative value is
 * refused with 不能为负数 — a new numeric field without one fails the first test below.
 */
const SIGNED_FIELDS = [
  'tDistance.lon',
  'tDistance.lat',
  'tLandzbpt.lon',
  'tLandzbpt.lat',
  'tLandinfo.centerLon',
  'tLandinfo.centerLat',
  'tLandinfo.minLon',
  'tLandinfo.minLat',
  'tLandinfo.maxLon',
  'tLandinfo.maxLat',
  'tPhotoSphereMarker.yaw',
  'tPhotoSphereMarker.pitch',
];

const numericFields = (def: EntityDef) => def.fields.filter((f) => f.type === 'number' || f.type === 'integer');
const key = (def: EntityDef, f: FieldDef) => `${def.name}.${f.name}`;

describe('numeric fields of the entity definitions', () => {
  it('every numeric field is non-negative unless it is a coordinate or an angle', () => {
    const signed = ENTITIES.flatMap((def) => numericFields(def).filter((f) => !isNonNegativeField(f)).map((f) => key(def, f)));
    expect(signed.sort()).toEqual([...SIGNED_FIELDS].sort());
  });
});

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`negative numbers are refused on every save [${dialect}]`, () => {
    let t: TestApp;
    let token: string;
    const parents = new Map<string, Record<string, unknown>>();
    const createParent = parentCreator(() => t, () => token);
    const visitor = sampleVisitor(() => t);
    beforeAll(async () => {
      t = await createTestApp(dialect);
      token = await t.login();
    });
    afterAll(async () => t?.close());

    for (const def of ENTITIES) {
      const fields = numericFields(def).filter((f) => isInForm(f) && isNonNegativeField(f));
      if (fields.length === 0) continue;
      it(`${def.name} (${def.label}): ${fields.map((f) => f.label).join('、')}`, async () => {
        const saveName = def.calls.save?.[0] ?? def.calls.create![0];
        const countOf = async () => (await t.call(`/api/${def.name}/${def.calls.page![0]}`, { pageNo: 1, pageSize: 1 }, { token })).body.data.total as number;
        const before = await countOf();
        for (const f of fields) {
          const record = await sampleWithRefs(def, 1, createParent, parents, undefined, visitor);
          for (const value of [-5, '-5', -0.01]) {
            if (f.type === 'integer' && value === -0.01) continue;
            const res = await t.call(`/api/${def.name}/${saveName}`, { ...record, [f.name]: value }, { token });
            expect(res.body, `${key(def, f)} = ${value}`).toMatchObject({ code: 'A0400', msg: '不能为负数', data: { field: f.name } });
          }
        }
        expect(await countOf()).toBe(before);
      });
    }
  });
}

/** The decimals a numeric field keeps: none for integers, its precision for decimals that declare one. */
const decimalsOf = (f: FieldDef): number | undefined => (f.type === 'integer' ? 0 : f.precision);

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`numbers with more decimals than the field keeps are refused, not rounded [${dialect}]`, () => {
    let t: TestApp;
    let token: string;
    const parents = new Map<string, Record<string, unknown>>();
    const createParent = parentCreator(() => t, () => token);
    const visitor = sampleVisitor(() => t);
    beforeAll(async () => {
      t = await createTestApp(dialect);
      token = await t.login();
    });
    afterAll(async () => t?.close());

    it('as many decimals as a field keeps are stored as sent', async () => {
      const def = ENTITIES.find((d) => d.name === 'tLandinfo')!;
      const res = await t.call('/api/tLandinfo/addOrUpdate', { ...(await sampleWithRefs(def, 7, createParent, parents, undefined, visitor)), startingPrice: 1.23, deposit: 0.1 }, { token });
      expect(res.body).toMatchObject({ code: '200', data: { startingPrice: 1.23, deposit: 0.1 } });
    });

    for (const def of ENTITIES) {
      const fields = numericFields(def).filter((f) => isInForm(f) && decimalsOf(f) !== undefined);
      if (fields.length === 0) continue;
      it(`${def.name} (${def.label}): ${fields.map((f) => f.label).join('、')}`, async () => {
        const saveName = def.calls.save?.[0] ?? def.calls.create![0];
        for (const f of fields) {
          const digits = decimalsOf(f)!;
          const record = await sampleWithRefs(def, 1, createParent, parents, undefined, visitor);
          const base = Math.max(f.min ?? 0, 0) + 1;
          // One decimal more than kept: 1.9 in an integer field, 1.009 where two are kept.
          const tooPrecise = Number((base + 9 * 10 ** -(digits + 1)).toFixed(digits + 1));
          for (const value of [tooPrecise, String(tooPrecise)]) {
            const res = await t.call(`/api/${def.name}/${saveName}`, { ...record, [f.name]: value }, { token });
            // SPEC §5's 请输入正整数 where the field has that rule; otherwise the precision message.
            const msg = f.rules?.includes('positiveInt') ? MESSAGES.positiveInt : precisionMessage(digits);
            expect(res.body, `${key(def, f)} = ${value}`).toMatchObject({ code: 'A0400', msg, data: { field: f.name } });
          }
        }
      });
    }
  });
}
