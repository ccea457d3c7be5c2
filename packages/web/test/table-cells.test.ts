import { describe, expect, it } from 'vitest';
import type { FieldDef } from '@land/shared/entity';
import { platformCompanyEntity } from '@land/shared/entities/platformCompany';
import { columnWidth, textWidth } from '../src/features/entities/table-cells';

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
