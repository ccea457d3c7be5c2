import { describe, expect, it } from 'vitest';
import type { FieldDef } from '@land/shared/entity';
import { platformCompanyEntity } from '@land/shared/entities/platformCompany';
import { parcelEntity } from '@land/shared/entities/parcel';
import { leasableResourceEntity } from '@land/shared/entities/leasableResource';
import { formatArea } from '@land/shared/areaFormat';
import { TABLE_CELLS, columnWidth, textWidth } from '../src/features/entities/table-cells';

const field = (name: string): FieldDef => platformCompanyEntity.fields.find((f) => f.name === name)!;

describe('back-office list column widths', () => {
  it("give the entity's name column a title's room, and other short strings their type's width", () => {
    const name = field('companyName');
    expect(name.maxLength).toBeLessThan(200);
    // 临江经济技术开发区开发建设集团 is fifteen characters: most of it shows.
    expect(columnWidth(name, platformCompanyEntity.nameField)).toBeGreaterThanOrEqual(240);
    expect(columnWidth(name)).toBeLessThan(240);
    expect(columnWidth(field('legalRepresentative'), platformCompanyEntity.nameField)).toBeLessThan(240);
  });

  it('fit an eighteen-character credit code and an enum tag in full', () => {
    // Cell padding 32 px on each side together; a code's characters are about 9 px wide.
    expect(columnWidth(field('creditCode'), platformCompanyEntity.nameField)).toBeGreaterThanOrEqual(18 * 9 + 32);
    const type = field('companyType');
    const longest = Math.max(...(type.options ?? []).map((o) => textWidth(o.label)));
    expect(columnWidth(type)).toBeGreaterThanOrEqual(longest + 48);
  });
});

describe('back-office area columns', () => {
  const parcelField = (name: string) => parcelEntity.fields.find((f) => f.name === name)!;
  const cell = (value: unknown, f: FieldDef) => TABLE_CELLS[f.type](value, f);

  it('show every value of a ㎡ or 亩 column with the same decimals, with separators', () => {
    const m2 = parcelField('landArea');
    const mu = parcelField('landAreaMu');
    expect([12.5, 12.3456, 12, 1234567.891, 0].map((v) => cell(v, m2))).toEqual(['12.50', '12.35', '12.00', '1,234,567.89', '0.00']);
    expect([18.75, 3, '4.1'].map((v) => cell(v, mu))).toEqual(['18.75', '3.00', '4.10']);
    // A field whose decimals are not declared takes the default two.
    const lease = leasableResourceEntity.fields.find((f) => f.name === 'buildingArea')!;
    expect(lease.unit).toBe('㎡');
    expect(cell(1500.5, lease)).toBe('1,500.50');
    expect(cell(null, m2)).toBe('');
  });

  it('leave other numbers as they were (an amount is not padded)', () => {
    const price = parcelField('startingPrice');
    expect(price.unit).not.toMatch(/㎡|亩|公顷/);
    expect(cell(12.5, price)).toBe('12.5');
  });

  it('use the one area formatter the editor uses too, rounding half away from zero', () => {
    expect(formatArea(1.005)).toBe('1.01');
    expect(formatArea(-2.5, 0)).toBe('-3');
    expect(formatArea(2.5, 1)).toBe('2.5');
    expect(formatArea('abc')).toBe('');
  });
});
