import { describe, expect, it } from 'vitest';
import { listingDaysLeft } from '../src/features/public-map/format';

/** China time of a wall-clock moment, as a UTC timestamp. */
const china = (iso: string) => Date.parse(`${iso}+08:00`);

describe('listingDaysLeft', () => {
  it('counts calendar days in China time to the listing’s last day', () => {
    expect(listingDaysLeft('2026-12-15', china('2026-12-07T09:00:00'))).toBe('剩 8 天');
    // Late in the evening or just after midnight: the date in China decides, not the hour or UTC's date.
    expect(listingDaysLeft('2026-12-15', china('2026-12-07T23:59:00'))).toBe('剩 8 天');
    expect(listingDaysLeft('2026-12-15', china('2026-12-08T00:01:00'))).toBe('剩 7 天');
    expect(listingDaysLeft('2026-12-15', china('2026-12-14T12:00:00'))).toBe('剩 1 天');
  });

  it('says 今日截止 on the last day and 已截止 after it; nothing without a date', () => {
    expect(listingDaysLeft('2026-12-15', china('2026-12-15T08:00:00'))).toBe('今日截止');
    expect(listingDaysLeft('2026-12-15T00:00:00', china('2026-12-15T23:30:00'))).toBe('今日截止');
    expect(listingDaysLeft('2026-12-15', china('2026-12-16T00:00:01'))).toBe('已截止');
    expect(listingDaysLeft(null)).toBe('');
    expect(listingDaysLeft('不是日期')).toBe('');
  });
});
