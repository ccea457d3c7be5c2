import { describe, expect, it } from 'vitest';
import { askHref, askStart } from '../src/features/public-site/consulting/ask-link';

const start = (href: string) => askStart(new URL(href, 'http://x').searchParams);

describe('a link to 咨询服务 about one thing', () => {
  it('opens the form with a title naming it and the category asked for', () => {
    const href = askHref('临港物流园WL-77地块（LJ2026-126）', 'transaction');
    expect(href.startsWith('/consultingServices?')).toBe(true);
    expect(start(href)).toEqual({ title: '关于“临港物流园WL-77地块（LJ2026-126）”的咨询', category: 'transaction' });
  });

  it('without a subject is the plain page, and the form starts empty', () => {
    expect(askHref('  ')).toBe('/consultingServices');
    expect(start('/consultingServices')).toEqual({ title: '', category: undefined });
  });

  it('ignores a category the form does not have, and bounds a long subject', () => {
    expect(start('/consultingServices?about=x&category=__proto__').category).toBeUndefined();
    expect(start('/consultingServices?category=toString').category).toBeUndefined();
    const long = start(`/consultingServices?about=${'地'.repeat(500)}`).title;
    expect(long.length).toBeLessThanOrEqual(100);
    expect(askStart(new URLSearchParams(askHref('甲'.repeat(300)).split('?')[1])).title.length).toBeLessThanOrEqual(100);
  });
});
