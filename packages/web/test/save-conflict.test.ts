import { describe, expect, it } from 'vitest';
import { entityByName } from '@land/shared/entities/index';
import { conflictText, mergeConflict, valueText } from '../src/features/entities/save-conflict';

const street = entityByName('tJd')!;
const names = ['jdname', 'contact', 'phone', 'address'];

describe('a save someone else got in before', () => {
  const base = { jdname: '临江街道', contact: '周建华', phone: '0571-86791001', address: '临江大道66号' };

  it('takes their change to a field the clerk left, keeps the clerk\'s own, and names a field both changed', () => {
    const mine = { ...base, contact: '张伟', phone: '0571-86790000' };
    const theirs = { ...base, contact: '赵磊', address: '江湾路1号' };
    expect(mergeConflict(names, mine, theirs, base)).toEqual({ taken: [{ name: 'address', value: '江湾路1号' }], both: [{ name: 'contact', value: '赵磊' }] });
  });

  it('the same value typed by both, or an emptied field both left empty, is no conflict', () => {
    const mine = { ...base, contact: '赵磊', address: '' };
    const theirs = { ...base, contact: '赵磊', address: null };
    expect(mergeConflict(names, mine, { ...theirs }, { ...base, address: undefined })).toEqual({ taken: [], both: [] });
  });

  it('without the values the form started from (edits restored from a session), every difference is shown as changed by both', () => {
    const mine = { ...base, contact: '张伟' };
    const theirs = { ...base, address: '江湾路1号' };
    expect(mergeConflict(names, mine, theirs, undefined)).toEqual({ taken: [], both: [{ name: 'contact', value: base.contact }, { name: 'address', value: '江湾路1号' }] });
  });

  it('says what was taken and what both changed, in the fields\' labels', () => {
    const text = conflictText(street, { taken: [{ name: 'address', value: 'x' }], both: [{ name: 'contact', value: 'y' }, { name: 'phone', value: 'z' }] });
    expect(text).toEqual([
      '你编辑期间，这条街道已被他人修改并保存，你的修改仍在表单中。',
      '已载入对方修改的：办公地址。',
      '你和对方都修改了：联系人、联系电话。表单中保留了你的输入，对方保存的值见字段下方。',
      '请检查后再次保存。',
    ]);
  });

  it('shows a stored value as a short text: an option\'s label, empty as （空）, rich text without tags', () => {
    const status = entityByName('tLandJyst')!.fields.find((f) => f.name === 'status');
    expect(valueText(status, 'dealt')).toBe('已成交');
    expect(valueText(undefined, '')).toBe('（空）');
    expect(valueText(undefined, null)).toBe('（空）');
    expect(valueText(undefined, '<p>一段<strong>说明</strong></p>')).toBe('一段 说明');
    expect(valueText(undefined, 'x'.repeat(50))).toBe(`${'x'.repeat(40)}…`);
  });
});
