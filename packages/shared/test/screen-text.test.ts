import { describe, expect, it } from 'vitest';
import { deleteOutcome, RECYCLED_ENTITIES } from '../src/audit';
import { ENTITIES } from '../src/entities/index';
import { recordName } from '../src/entity';
import { parcelPriceEntity } from '../src/entities/parcelPrice';
import { THEME_COLORS } from '../src/theme';

/** WCAG 2.1 relative luminance and contrast ratio of two opaque #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('what screens tell the user', () => {
  it('a delete confirmation names the recycle bin exactly for the recycled entities', () => {
    for (const def of ENTITIES) {
      const text = deleteOutcome(def.name);
      if (RECYCLED_ENTITIES.includes(def.name)) expect(text, def.name).toContain('可在回收站恢复');
      else expect(text, def.name).toBe('删除后无法恢复。');
    }
  });

  it('a record named by a coded field is named by its Chinese label', () => {
    expect(recordName(parcelPriceEntity, { priceType: 'starting' })).toBe('起始价');
    expect(recordName(parcelPriceEntity, {})).toBe('');
  });

  it('the theme colours used for text reach 4.5:1 on white and on their light backgrounds', () => {
    const pairs: [string, string][] = [
      [THEME_COLORS.primary, '#ffffff'],
      [THEME_COLORS.primary, THEME_COLORS.infoBg],
      [THEME_COLORS.error, '#ffffff'],
      [THEME_COLORS.error, THEME_COLORS.errorBg],
      [THEME_COLORS.success, '#ffffff'],
      [THEME_COLORS.success, THEME_COLORS.successBg],
      [THEME_COLORS.warning, '#ffffff'],
      [THEME_COLORS.warning, THEME_COLORS.warningBg],
    ];
    for (const [text, background] of pairs) expect(contrast(text, background), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
    // antd's default primary, which the theme replaces, does not.
    expect(contrast('#1677ff', '#ffffff')).toBeLessThan(4.5);
  });
});
