import { describe, it, expect } from 'vitest';
import {
  M2_PER_MU,
  QUARTER_START_MONTHS,
  amountToChinese,
  base64Decode,
  base64Encode,
  bytesToBase64,
  base64ToBytes,
  cleanParams,
  decodeTwice,
  encodeTwice,
  formatChineseNumber,
  formatDate,
  formatDateCn,
  formatDateTime,
  formatThousands,
  m2ToMu,
  muToM2,
  quarterOf,
  quarterStartMonth,
  round,
  toDate,
} from '../src/helpers';

describe('amountToChinese', () => {
  it.each<[number | string, string]>([
    // brief / SPEC examples
    [0, '零元整'],
    [100000, '壹拾万元整'],
    [1001.5, '壹仟零壹元伍角'],
    [0.05, '伍分'],
    [10000000000, '壹佰亿元整'],
    [100010, '壹拾万零壹拾元整'],
    // plain integers
    [1, '壹元整'],
    [10, '壹拾元整'],
    [11, '壹拾壹元整'],
    [20, '贰拾元整'],
    [101, '壹佰零壹元整'],
    [110, '壹佰壹拾元整'],
    [1000, '壹仟元整'],
    [1010, '壹仟零壹拾元整'],
    [1100, '壹仟壹佰元整'],
    [9999, '玖仟玖佰玖拾玖元整'],
    [123456789, '壹亿贰仟叁佰肆拾伍万陆仟柒佰捌拾玖元整'],
    // 万 section zeros
    [10000, '壹万元整'],
    [10001, '壹万零壹元整'],
    [10010, '壹万零壹拾元整'],
    [10100, '壹万零壹佰元整'],
    [11000, '壹万壹仟元整'],
    [100001, '壹拾万零壹元整'],
    [1000100, '壹佰万零壹佰元整'],
    [10001000, '壹仟万壹仟元整'],
    [10000001, '壹仟万零壹元整'],
    [107000, '壹拾万柒仟元整'],
    [1010000, '壹佰零壹万元整'],
    [20050000, '贰仟零伍万元整'],
    // 亿 section zeros
    [100000000, '壹亿元整'],
    [100000001, '壹亿零壹元整'],
    [100001000, '壹亿零壹仟元整'],
    [100010000, '壹亿零壹万元整'],
    [101000000, '壹亿零壹佰万元整'],
    [110000000, '壹亿壹仟万元整'],
    [1000000000, '壹拾亿元整'],
    [100010000000, '壹仟亿壹仟万元整'],
    [100000010000, '壹仟亿零壹万元整'],
    [200000000500, '贰仟亿零伍佰元整'],
    // 万亿
    [1000000000000, '壹万亿元整'],
    [1000000000001, '壹万亿零壹元整'],
    [1000100000000, '壹万零壹亿元整'],
    [1000000050000, '壹万亿零伍万元整'],
    [1234500000000, '壹万贰仟叁佰肆拾伍亿元整'],
    [999999999999999, '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整'],
    // decimals
    [0.1, '壹角'],
    [0.5, '伍角'],
    [0.55, '伍角伍分'],
    [0.001, '壹厘'],
    [0.0001, '壹毫'],
    [0.1234, '壹角贰分叁厘肆毫'],
    [0.1004, '壹角零肆毫'],
    [1.05, '壹元零伍分'],
    [10.5, '壹拾元伍角'],
    [1680.32, '壹仟陆佰捌拾元叁角贰分'],
    [16409.02, '壹万陆仟肆佰零玖元零贰分'],
    [107000.53, '壹拾万柒仟元伍角叁分'],
    [1.2, '壹元贰角'],
    [0.3, '叁角'],
    [0.1 + 0.2, '叁角'], // 0.30000000000000004: float noise beyond four decimals is ignored
    [1.23456, '壹元贰角叁分肆厘伍毫'], // the fifth decimal is cut, not rounded
    [0.00005, '零元整'],
    [123456789012345.67, '壹佰贰拾叁万肆仟伍佰陆拾柒亿捌仟玖佰零壹万贰仟叁佰肆拾伍元陆角柒分'],
    // negatives
    [-1, '负壹元整'],
    [-1234.5678, '负壹仟贰佰叁拾肆元伍角陆分柒厘捌毫'],
    [-0.05, '负伍分'],
    [-0, '零元整'],
    // strings
    ['100000', '壹拾万元整'],
    ['1001.50', '壹仟零壹元伍角'],
    ['100.00', '壹佰元整'],
    ['0.00', '零元整'],
    ['  12.3 ', '壹拾贰元叁角'],
    ['1,234', '壹仟贰佰叁拾肆元整'],
    ['007', '柒元整'],
    ['.5', '伍角'],
    ['5.', '伍元整'],
    ['-20', '负贰拾元整'],
    ['0.123456', '壹角贰分叁厘肆毫'],
  ])('%s → %s', (value, expected) => {
    expect(amountToChinese(value)).toBe(expected);
  });

  it.each<[number | string | null | undefined]>([
    [''],
    [null],
    [undefined],
    ['abc'],
    ['1.2.3'],
    ['-'],
    ['.'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [1e15],
    [1e16],
    [1e21],
    [-1e15],
    ['1000000000000000'],
    ['999999999999999.9999'], // parses to 1e15, as the original's parseFloat did
  ])('%s → empty', (value) => {
    expect(amountToChinese(value)).toBe('');
  });

  it('just below the limit still reads', () => {
    expect(amountToChinese(999999999999999.9)).not.toBe('');
    expect(amountToChinese(-999999999999999)).toMatch(/^负玖佰/);
  });
});

describe('dates', () => {
  const d = new Date(2024, 0, 5, 8, 9, 3);

  it('formats a Date in local time', () => {
    expect(formatDate(d)).toBe('2024-01-05');
    expect(formatDateCn(d)).toBe('2024年1月5日');
    expect(formatDateTime(d)).toBe('2024-01-05 08:09:03');
    expect(formatDateCn(new Date(2023, 11, 31))).toBe('2023年12月31日');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatDateTime(d.getTime())).toBe('2024-01-05 08:09:03');
    expect(formatDate(String(d.getTime()))).toBe('2024-01-05');
  });

  it('reads date strings as local dates, whatever the time zone', () => {
    expect(formatDate('2024-01-05')).toBe('2024-01-05');
    expect(formatDate('2024-1-5')).toBe('2024-01-05');
    expect(formatDate('2024/01/05')).toBe('2024-01-05');
    expect(formatDateCn('2024-03-09')).toBe('2024年3月9日');
    expect(formatDateTime('2024-01-05 08:09:03')).toBe('2024-01-05 08:09:03');
    expect(formatDateTime('2024-01-05T23:59')).toBe('2024-01-05 23:59:00');
  });

  it('accepts ISO strings with a zone', () => {
    const iso = '2024-06-01T12:00:00Z';
    const local = new Date(iso);
    expect(formatDateTime(iso)).toBe(formatDateTime(local));
  });

  it.each<[unknown]>([[''], [null], [undefined], ['abc'], ['2024-02-30'], ['2024-13-01'], ['2024-01-01 25:00:00'], [new Date('x')], [Number.NaN]])(
    'gives empty for %s',
    (v) => {
      const input = v as Parameters<typeof formatDate>[0];
      expect(formatDate(input)).toBe('');
      expect(formatDateCn(input)).toBe('');
      expect(formatDateTime(input)).toBe('');
    },
  );

  it('accepts leap days only in leap years', () => {
    expect(formatDate('2024-02-29')).toBe('2024-02-29');
    expect(formatDate('2023-02-29')).toBe('');
    expect(toDate('2000-02-29')).not.toBeNull();
    expect(toDate('1900-02-29')).toBeNull();
  });
});

describe('base64', () => {
  it('matches the standard encoding', () => {
    expect(base64Encode('')).toBe('');
    expect(base64Encode('f')).toBe('Zg==');
    expect(base64Encode('fo')).toBe('Zm8=');
    expect(base64Encode('foo')).toBe('Zm9v');
    expect(base64Encode('foobar')).toBe('Zm9vYmFy');
    expect(base64Encode('地块')).toBe('5Zyw5Z2X');
    expect(base64Decode('5Zyw5Z2X')).toBe('地块');
    expect(base64Decode('Zg')).toBe('f');
  });

  it('agrees with the platform encoder on every byte value', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const latin1 = String.fromCharCode(...bytes);
    expect(bytesToBase64(bytes)).toBe(btoa(latin1));
    expect(base64ToBytes(btoa(latin1))).toEqual(bytes);
  });

  it('double-encodes and round-trips Chinese', () => {
    expect(encodeTwice('地块ab')).toBe(base64Encode(base64Encode('地块ab')));
    expect(encodeTwice('abc')).toBe('WVdKag==');
    for (const text of ['', 'a', '经开区地块编号DK-2024-001', '张三，你好！😀', '\u0000\u00ff', '中'.repeat(1000)]) {
      expect(decodeTwice(encodeTwice(text))).toBe(text);
    }
  });

  it('gives empty for malformed input', () => {
    expect(base64Decode('!!!!')).toBe('');
    expect(base64Decode('A')).toBe('');
    expect(base64Decode('/w==')).toBe(''); // byte 0xff is not UTF-8
    expect(decodeTwice('not base64 at all?')).toBe('');
  });
});

describe('cleanParams', () => {
  it('drops only null and undefined', () => {
    const input = { a: 1, b: null, c: undefined, d: '', e: 0, f: false, g: [] as number[], h: { x: null } };
    const out = cleanParams(input);
    expect(out).toEqual({ a: 1, d: '', e: 0, f: false, g: [], h: { x: null } });
    expect(Object.keys(out)).toEqual(['a', 'd', 'e', 'f', 'g', 'h']);
  });

  it('returns a copy', () => {
    const input = { a: 1, b: null };
    const out = cleanParams(input);
    expect(out).not.toBe(input);
    expect(input).toEqual({ a: 1, b: null });
  });

  it('handles an empty object', () => {
    expect(cleanParams({})).toEqual({});
  });
});

describe('quarters', () => {
  it('knows the start months', () => {
    expect(QUARTER_START_MONTHS).toEqual([0, 3, 6, 9]);
    expect(quarterStartMonth(1)).toBe(0);
    expect(quarterStartMonth(2)).toBe(3);
    expect(quarterStartMonth(3)).toBe(6);
    expect(quarterStartMonth(4)).toBe(9);
  });

  it.each([
    [0, 1],
    [1, 1],
    [2, 1],
    [3, 2],
    [5, 2],
    [6, 3],
    [8, 3],
    [9, 4],
    [11, 4],
  ])('month %i is in quarter %i', (month, q) => {
    expect(quarterOf(new Date(2024, month, 15))).toBe(q);
  });

  it('reads strings and edges', () => {
    expect(quarterOf('2024-03-31')).toBe(1);
    expect(quarterOf('2024-04-01')).toBe(2);
    expect(quarterOf('2024-12-31 23:59:59')).toBe(4);
    expect(quarterOf(new Date(2024, 9, 1).getTime())).toBe(4);
  });

  it('throws for an invalid date', () => {
    expect(() => quarterOf('nope')).toThrow(RangeError);
  });

  it('start month of a date’s quarter is never after the date', () => {
    for (let m = 0; m < 12; m += 1) {
      const start = quarterStartMonth(quarterOf(new Date(2024, m, 1)));
      expect(start).toBeLessThanOrEqual(m);
      expect(m - start).toBeLessThan(3);
    }
  });
});

describe('round', () => {
  it.each([
    [1.005, 2, 1.01],
    [1.004, 2, 1],
    [2.675, 2, 2.68],
    [-1.005, 2, -1.01],
    [-0.004, 2, 0],
    [1234.5678, 0, 1235],
    [1234.5678, 1, 1234.6],
    [666.666666, 2, 666.67],
    [1e-7, 2, 0],
    [1.5e-7, 7, 2e-7],
    [123456789.125, 2, 123456789.13],
  ])('round(%d, %d) = %d', (n, digits, expected) => {
    expect(round(n, digits)).toBe(expected);
  });

  it('defaults to 2 digits and passes non-finite through', () => {
    expect(round(3.14159)).toBe(3.14);
    expect(round(Number.NaN)).toBeNaN();
    expect(round(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
    expect(Object.is(round(-0.001), 0)).toBe(true);
  });
});

describe('mu and square metres', () => {
  it('1 mu is 2000/3 m²', () => {
    expect(M2_PER_MU).toBeCloseTo(666.6667, 4);
    expect(round(M2_PER_MU, 2)).toBe(666.67);
  });

  it('converts both ways', () => {
    expect(m2ToMu(2000)).toBe(3);
    expect(muToM2(3)).toBe(2000);
    expect(m2ToMu(666.67)).toBeCloseTo(1.000005, 6);
    expect(round(m2ToMu(666.67), 2)).toBe(1);
    expect(round(muToM2(1), 2)).toBe(666.67);
    expect(muToM2(15)).toBe(10000);
    expect(m2ToMu(10000)).toBe(15);
    expect(m2ToMu(0)).toBe(0);
  });

  it('round-trips without drift', () => {
    for (const m2 of [1, 123.45, 10000, 98765.4321]) {
      expect(muToM2(m2ToMu(m2))).toBeCloseTo(m2, 9);
    }
  });
});

describe('number formatting', () => {
  it('formatThousands', () => {
    expect(formatThousands(0)).toBe('0');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(1000)).toBe('1,000');
    expect(formatThousands(1234567.891)).toBe('1,234,567.891');
    expect(formatThousands(-9876.5)).toBe('-9,876.5');
  });

  it.each<[number | string, string]>([
    [0, '0'],
    [12, '12'],
    [999, '999'],
    [1000, '1,000'],
    [9999, '9,999'],
    [1234.567, '1,234.57'],
    [10000, '1万'],
    [12345, '1.23万'],
    [15000, '1.5万'],
    [99995000, '9999.5万'],
    [99999999, '1亿'],
    [100000000, '1亿'],
    [123456789, '1.23亿'],
    [1234567890, '12.35亿'],
    [1e12, '1万亿'],
    [1.5e12, '1.5万亿'],
    [-12345, '-1.23万'],
    [-500, '-500'],
    ['12345', '1.23万'],
  ])('%s → %s', (value, expected) => {
    expect(formatChineseNumber(value)).toBe(expected);
  });

  it('honours the digits argument and rejects non-numbers', () => {
    expect(formatChineseNumber(12345, 0)).toBe('1万');
    expect(formatChineseNumber(12345, 3)).toBe('1.235万');
    expect(formatChineseNumber('')).toBe('');
    expect(formatChineseNumber(null)).toBe('');
    expect(formatChineseNumber('abc')).toBe('');
    expect(formatChineseNumber(Number.NaN)).toBe('');
  });
});
