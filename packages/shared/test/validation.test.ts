import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import {
  MESSAGES,
  RULES,
  RULE_NAMES,
  INVALID_VALUE_MESSAGE,
  checkRule,
  checkRules,
  chineseLength,
  idCardCheckChar,
  isEmail,
  isIdCard,
  isIpv4,
  isNonNegative,
  isNotBlank,
  isNumber,
  isPassword,
  isPhone,
  isPositiveInt,
  isUsername,
  maxUnits,
  requiredMessage,
  withRules,
  zNumeric,
  zOptionalString,
  zRequiredString,
  zRule,
  type RuleName,
} from '../src/validation';
import { hanziCount } from '../src/helpers';
import * as index from '../src/index';
import { fieldSchema, type FieldDef } from '../src/entity';
import { ENTITIES } from '../src/entities/index';

/** Independent MOD 11-2 so the tests do not just echo the implementation. */
const checkDigit = (first17: string): string => {
  const sum = [...first17].reduce((acc, ch, i) => acc + Number(ch) * (2 ** (17 - i) % 11), 0);
  return String((12 - (sum % 11)) % 11).replace('10', 'X');
};
const makeId = (region: string, birth: string, seq: string): string => {
  const first17 = `${region}${birth}${seq}`;
  return first17 + checkDigit(first17);
};
const badCheck = (id: string): string => {
  const right = id[17];
  const wrong = right === '0' ? '1' : '0';
  return id.slice(0, 17) + wrong;
};

const repeat = (s: string, n: number): string => s.repeat(n);

const firstMessage = (schema: z.ZodType, value: unknown): string | undefined => {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('MESSAGES (SPEC §5 verbatim)', () => {
  it('holds every message exactly', () => {
    expect(MESSAGES.phone).toBe('联系电话格式不正确');
    expect(MESSAGES.email).toBe('邮箱格式不正确');
    expect(MESSAGES.idCard).toBe('证件输入错误，请检查证件号码');
    expect(MESSAGES.username).toBe('请输入5-20个字符，第一位必须字母，支持字母、数字组合');
    expect(MESSAGES.password).toBe('请输入8-16个字符，由数字、大小写字母、特殊字符四种结合');
    expect(MESSAGES.positiveInt).toBe('请输入正整数');
    expect(MESSAGES.nonNegative).toBe('不能为负数');
    expect(MESSAGES.number).toBe('只能是数字');
    expect(MESSAGES.len60).toBe('长度不能超过30个汉字或者60个字符');
    expect(MESSAGES.len200).toBe('长度不能超过100个汉字或者200个字符');
    expect(MESSAGES.len120).toBe('长度不能超过60个汉字');
    expect(MESSAGES.len2000).toBe('长度不能超过60个汉字');
    expect(MESSAGES.len10).toBe('长度不能超过10位');
    expect(MESSAGES.blank).toBe('不能全部为空格');
    expect(MESSAGES.ipv4).toBe('请输入正确的ip地址');
  });

  it('builds the required message', () => {
    expect(MESSAGES.required('地块名称')).toBe('请输入地块名称');
    expect(requiredMessage('联系人')).toBe('请输入联系人');
    expect(MESSAGES.select('片区')).toBe('请选择片区');
  });

  it('maps every rule to its message', () => {
    const expected: Record<RuleName, string> = {
      phone: MESSAGES.phone,
      email: MESSAGES.email,
      idCard: MESSAGES.idCard,
      username: MESSAGES.username,
      password: MESSAGES.password,
      positiveInt: MESSAGES.positiveInt,
      nonNegative: MESSAGES.nonNegative,
      number: MESSAGES.number,
      len60: MESSAGES.len60,
      len200: MESSAGES.len200,
      len120: MESSAGES.len120,
      len2000: MESSAGES.len2000,
      len10: MESSAGES.len10,
      notBlank: MESSAGES.blank,
      ipv4: MESSAGES.ipv4,
      divisionCode: MESSAGES.divisionCode,
      townshipCode: MESSAGES.townshipCode,
      link: MESSAGES.link,
      templateKeywords: MESSAGES.templateKeywords,
    };
    for (const name of RULE_NAMES) expect(RULES[name].message).toBe(expected[name]);
    expect([...RULE_NAMES].sort()).toEqual(Object.keys(expected).sort());
  });
});

describe('empty values pass every rule', () => {
  it.each(RULE_NAMES)('%s', (name) => {
    expect(checkRule(name, '')).toBeNull();
    expect(checkRule(name, undefined)).toBeNull();
    expect(checkRule(name, null)).toBeNull();
  });

  it('objects are rejected, not silently accepted', () => {
    expect(checkRule('phone', { a: 1 })).toBe(MESSAGES.phone);
    expect(checkRule('len10', ['x'])).toBe(MESSAGES.len10);
  });
});

describe('phone', () => {
  it.each(['13800138000', '19912345678', '15000000000', '0571-87654321', '010-1234567', '01012345678', '057187654321', '0755-1234567'])(
    'accepts %s',
    (v) => {
      expect(isPhone(v)).toBe(true);
      expect(checkRule('phone', v)).toBeNull();
    },
  );
  it.each([
    '12800138000', // second digit 2
    '11800138000',
    '1380013800', // 10 digits
    '138001380000', // 12 digits
    '23800138000',
    '571-87654321', // no leading 0
    '0571-876543', // 6 digits
    '0571-876543210', // 9 digits
    '05711-8765432', // 5-digit area code
    '01-12345678',
    '0571--87654321',
    '138 0013 8000',
    ' 13800138000',
    'abc',
  ])('rejects %s', (v) => {
    expect(isPhone(v)).toBe(false);
    expect(checkRule('phone', v)).toBe('联系电话格式不正确');
  });
  it('allows empty and numbers', () => {
    expect(isPhone('')).toBe(true);
    expect(checkRule('phone', 13800138000)).toBeNull();
  });
});

describe('email', () => {
  it.each(['a@b.cn', 'zhang.san@example.com', 'user+tag@mail.example.org', 'x_y-z@sub-domain.gov.cn', 'A1@B2.COM'])(
    'accepts %s',
    (v) => expect(checkRule('email', v)).toBeNull(),
  );
  it.each(['plain', 'a@b', '@b.cn', 'a@.cn', 'a@b.c', 'a b@c.cn', 'a@b..cn', '.a@b.cn', 'a.@b.cn', 'a@-b.cn', 'a@b.cn.', '张三@b.cn'])(
    'rejects %s',
    (v) => {
      expect(isEmail(v)).toBe(false);
      expect(checkRule('email', v)).toBe('邮箱格式不正确');
    },
  );
});

describe('idCard', () => {
  const today = new Date(2024, 5, 15);
  const valid = makeId('110105', '19491231', '002');

  it('uses a correct check digit in the fixtures', () => {
    expect(valid).toBe('11010519491231002X');
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44052419800101001')).toBe(checkDigit('44052419800101001'));
  });

  it.each([
    makeId('110105', '19491231', '002'),
    makeId('330106', '19900101', '123'),
    makeId('440305', '20000229', '456'), // leap day
    makeId('510107', '19000101', '001'), // earliest year
    makeId('310115', '20240615', '789'), // born today
  ])('accepts %s', (id) => {
    expect(isIdCard(id, today)).toBe(true);
  });

  it('accepts a lower-case x check character', () => {
    expect(isIdCard(valid.toLowerCase(), today)).toBe(true);
  });

  it.each([
    ['wrong check digit', badCheck(makeId('330106', '19900101', '123'))],
    ['17 digits', makeId('330106', '19900101', '123').slice(0, 17)],
    ['19 chars', `${makeId('330106', '19900101', '123')}1`],
    ['15-digit old format', '330106900101123'],
    ['region starts with 0', makeId('030106', '19900101', '123')],
    ['before 1900', makeId('330106', '18991231', '123')],
    ['month 13', makeId('330106', '19901301', '123')],
    ['month 00', makeId('330106', '19900001', '123')],
    ['day 00', makeId('330106', '19900100', '123')],
    ['Feb 30', makeId('330106', '19900230', '123')],
    ['Feb 29 in a common year', makeId('330106', '19010229', '123')],
    ['Feb 29 in 1900 (not leap)', makeId('330106', '19000229', '123')],
    ['born tomorrow', makeId('330106', '20240616', '123')],
    ['letters inside', '3301061990A101123X'],
    ['check char Y', `${makeId('330106', '19900101', '123').slice(0, 17)}Y`],
  ])('rejects %s', (_label, id) => {
    expect(isIdCard(id, today)).toBe(false);
  });

  it('reports the SPEC message through the rule', () => {
    expect(checkRule('idCard', '123')).toBe('证件输入错误，请检查证件号码');
    expect(checkRule('idCard', badCheck(valid))).toBe('证件输入错误，请检查证件号码');
    expect(checkRule('idCard', valid)).toBeNull();
  });
});

describe('username', () => {
  it.each(['a1234', 'abcde', 'Zhang_san', `a${repeat('1', 19)}`, 'A____'])('accepts %s', (v) => {
    expect(isUsername(v)).toBe(true);
  });
  it.each([
    ['starts with digit', '1abcd'],
    ['starts with underscore', '_abcd'],
    ['4 chars', 'abcd'],
    ['21 chars', `a${repeat('1', 20)}`],
    ['has a hyphen', 'ab-cd'],
    ['has Chinese', 'abc张三'],
    ['has a space', 'abc de'],
  ])('rejects %s', (_label, v) => {
    expect(isUsername(v)).toBe(false);
    expect(checkRule('username', v)).toBe('请输入5-20个字符，第一位必须字母，支持字母、数字组合');
  });
});

describe('password', () => {
  it.each(['Abcde1@x', 'Abcdefghijklm1@x', 'aB3$aB3$', 'Zz9!Zz9!Zz', 'Pa55w?rd&'])('accepts %s', (v) => {
    expect(isPassword(v)).toBe(true);
  });
  it('checks the length edges 7/8/16/17', () => {
    expect(isPassword('Abcd1@x')).toBe(false); // 7
    expect(isPassword('Abcde1@x')).toBe(true); // 8
    expect(isPassword(`Abcde1@x${repeat('y', 8)}`)).toBe(true); // 16
    expect(isPassword(`Abcde1@x${repeat('y', 9)}`)).toBe(false); // 17
  });
  it.each([
    ['no lower case', 'ABCDE1@X'],
    ['no upper case', 'abcde1@x'],
    ['no digit', 'Abcdef@x'],
    ['no special', 'Abcde12x'],
    ['special outside the set', 'Abcde1#x'],
    ['space', 'Abcde1@ x'],
    ['Chinese', 'Abcde1@密'],
  ])('rejects %s', (_label, v) => {
    expect(isPassword(v)).toBe(false);
    expect(checkRule('password', v)).toBe('请输入8-16个字符，由数字、大小写字母、特殊字符四种结合');
  });
});

describe('division codes', () => {
  it('a county code has 6 digits, a township code 9', () => {
    for (const v of ['330176', '330176001']) expect(checkRule('divisionCode', v)).toBeNull();
    for (const v of ['33017', '3301760', '33017600', '3301760011', '33O176', ' 330176', '-330176']) expect(checkRule('divisionCode', v)).toBe('请输入6位县级或9位乡镇级行政区划代码');
    expect(checkRule('divisionCode', 330176)).toBeNull();
    expect(checkRule('townshipCode', '330176001')).toBeNull();
    for (const v of ['330176', '3301760011', '33017600a']) expect(checkRule('townshipCode', v)).toBe('请输入9位乡镇级行政区划代码');
  });
});

describe('templateKeywords', () => {
  it('accepts template text whose placeholders are all keywords the sender fills in, or none', () => {
    for (const v of ['资源名称：{{thing1.DATA}}\n到期日期：{{date2.DATA}}', '{{ amount3.DATA }}', '没有占位符的说明', '单个括号 {x} 与 }{ 不算']) {
      expect(checkRule('templateKeywords', v)).toBeNull();
    }
  });
  it('refuses a placeholder the sender would leave unfilled', () => {
    for (const v of ['地块：{{thing1}}', '地块：{{thing1.DATA}', '地块：{{thing1.data}}', '地块：{thing1.DATA}}', '{{thing1.DATA}} 与 {{ 时间 }}', '{{.DATA}}']) {
      expect(checkRule('templateKeywords', v)).toBe('关键词占位符格式不正确，应如 {{thing1.DATA}}');
    }
  });
});

describe('positiveInt', () => {
  it.each(['1', '9', '10', '1234567890', 1, 42])('accepts %s', (v) => {
    expect(checkRule('positiveInt', v)).toBeNull();
  });
  it.each(['0', '01', '-1', '1.5', '1.0', 'abc', ' 1', '1e3', 0, -3, 1.5])('rejects %s', (v) => {
    expect(checkRule('positiveInt', v)).toBe('请输入正整数');
  });
  it('predicate', () => {
    expect(isPositiveInt('007')).toBe(false);
    expect(isPositiveInt(7)).toBe(true);
  });
});

describe('nonNegative', () => {
  it.each([0, '0', '0.5', 3, '1000', '-0'])('accepts %s', (v) => {
    expect(checkRule('nonNegative', v)).toBeNull();
  });
  it.each([-1, '-1', '-0.01', -0.0001])('rejects %s', (v) => {
    expect(checkRule('nonNegative', v)).toBe('不能为负数');
  });
  it('leaves non-numeric text to the number rule', () => {
    expect(checkRule('nonNegative', 'abc')).toBeNull();
    expect(checkRules('abc', ['number', 'nonNegative'])).toBe('只能是数字');
    expect(isNonNegative('abc')).toBe(false);
    expect(isNonNegative(Number.NaN)).toBe(false);
  });
});

describe('number', () => {
  it.each([
    '0',
    '-1',
    '123.45',
    repeat('9', 16),
    `-${repeat('9', 16)}`,
    `1.${repeat('5', 12)}`,
    0,
    -12.5,
    1e-7,
    9999999999999998,
  ])('accepts %s', (v) => {
    expect(checkRule('number', v)).toBeNull();
  });
  it.each([
    repeat('9', 17),
    `1.${repeat('5', 13)}`,
    '1.',
    '.5',
    '+1',
    '1,000',
    '1e5',
    'abc',
    '--1',
    ' 1',
    '１２', // full-width digits
    1e16,
    1e-13,
    Number.NaN,
    Number.POSITIVE_INFINITY,
  ])('rejects %s', (v) => {
    expect(checkRule('number', v)).toBe('只能是数字');
  });
  it('predicate allows empty', () => {
    expect(isNumber('')).toBe(true);
  });
});

describe('chineseLength and length rules', () => {
  it('counts Chinese characters as 2', () => {
    expect(chineseLength('地块ab')).toBe(6);
    expect(chineseLength('')).toBe(0);
    expect(chineseLength('abc')).toBe(3);
    expect(chineseLength('，。')).toBe(4); // full-width punctuation
    expect(chineseLength('😀')).toBe(2); // one code point, not two UTF-16 units
    expect(maxUnits('地块ab', 6)).toBe(true);
    expect(maxUnits('地块ab', 5)).toBe(false);
  });

  it('a counter in 汉字 (hanziCount) reaches the limit exactly where the rule starts refusing', () => {
    expect(hanziCount('地块ab')).toBe(3);
    expect(hanziCount('a')).toBe(1); // a letter is half a character, rounded up
    expect(hanziCount('')).toBe(0);
    for (const [rule, units] of [['len60', 60], ['len200', 200], ['len2000', 2000]] as const) {
      for (const text of [repeat('地', units / 2), repeat('a', units), `${repeat('地', units / 2 - 1)}ab`]) {
        expect(hanziCount(text)).toBe(units / 2);
        expect(checkRule(rule, text)).toBeNull();
      }
      for (const text of [repeat('地', units / 2 + 1), repeat('a', units + 1), `${repeat('地', units / 2)}a`]) {
        expect(hanziCount(text)).toBe(units / 2 + 1);
        expect(checkRule(rule, text)).not.toBeNull();
      }
    }
  });

  it('len60: 30 Chinese ok, 31 bad, 60 ascii ok, 61 bad', () => {
    expect(checkRule('len60', repeat('地', 30))).toBeNull();
    expect(checkRule('len60', repeat('地', 31))).toBe('长度不能超过30个汉字或者60个字符');
    expect(checkRule('len60', repeat('a', 60))).toBeNull();
    expect(checkRule('len60', repeat('a', 61))).toBe('长度不能超过30个汉字或者60个字符');
    expect(checkRule('len60', `${repeat('地', 29)}ab`)).toBeNull();
    expect(checkRule('len60', `${repeat('地', 29)}abc`)).toBe(MESSAGES.len60);
  });

  it('len200', () => {
    expect(checkRule('len200', repeat('地', 100))).toBeNull();
    expect(checkRule('len200', repeat('地', 101))).toBe('长度不能超过100个汉字或者200个字符');
    expect(checkRule('len200', repeat('a', 200))).toBeNull();
    expect(checkRule('len200', repeat('a', 201))).toBe('长度不能超过100个汉字或者200个字符');
  });

  it('len120', () => {
    expect(checkRule('len120', repeat('地', 60))).toBeNull();
    expect(checkRule('len120', repeat('地', 61))).toBe('长度不能超过60个汉字');
    expect(checkRule('len120', repeat('a', 120))).toBeNull();
    expect(checkRule('len120', repeat('a', 121))).toBe('长度不能超过60个汉字');
  });

  it('len2000 carries the 60-character message (SPEC slip kept)', () => {
    expect(checkRule('len2000', repeat('地', 1000))).toBeNull();
    expect(checkRule('len2000', repeat('地', 1001))).toBe('长度不能超过60个汉字');
    expect(checkRule('len2000', repeat('a', 2000))).toBeNull();
    expect(checkRule('len2000', repeat('a', 2001))).toBe('长度不能超过60个汉字');
  });

  it('len10 counts plain characters', () => {
    expect(checkRule('len10', repeat('1', 10))).toBeNull();
    expect(checkRule('len10', repeat('1', 11))).toBe('长度不能超过10位');
    expect(checkRule('len10', repeat('地', 10))).toBeNull();
    expect(checkRule('len10', repeat('地', 11))).toBe('长度不能超过10位');
    expect(checkRule('len10', 1234567890)).toBeNull();
    expect(checkRule('len10', 12345678901)).toBe('长度不能超过10位');
  });
});

describe('notBlank', () => {
  it.each(['a', ' a ', '地块', '  x'])('accepts %j', (v) => {
    expect(isNotBlank(v)).toBe(true);
    expect(checkRule('notBlank', v)).toBeNull();
  });
  it.each([' ', '   ', '\u3000\u3000', ' \t '])('rejects %j', (v) => {
    expect(isNotBlank(v)).toBe(false);
    expect(checkRule('notBlank', v)).toBe('不能全部为空格');
  });
  it('allows empty (required is separate)', () => {
    expect(isNotBlank('')).toBe(true);
  });
});

describe('ipv4', () => {
  it.each(['0.0.0.0', '127.0.0.1', '192.168.1.1', '255.255.255.255', '10.0.100.199'])('accepts %s', (v) => {
    expect(isIpv4(v)).toBe(true);
  });
  it.each(['256.0.0.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.04', '1.2.3.-1', 'a.b.c.d', '1..2.3', '1.2.3.4 ', '300.1.1.1'])(
    'rejects %s',
    (v) => {
      expect(isIpv4(v)).toBe(false);
      expect(checkRule('ipv4', v)).toBe('请输入正确的ip地址');
    },
  );
});

describe('checkRules', () => {
  it('returns the first failing rule in order', () => {
    expect(checkRules(repeat(' ', 70), ['notBlank', 'len60'])).toBe(MESSAGES.blank);
    expect(checkRules(repeat(' ', 70), ['len60', 'notBlank'])).toBe(MESSAGES.len60);
    expect(checkRules('ok', ['notBlank', 'len60'])).toBeNull();
    expect(checkRules('x', [])).toBeNull();
  });
});

describe('zod helpers', () => {
  it('zRule as a check on a string schema', () => {
    const schema = z.string().check(zRule('phone'));
    expect(schema.parse('13800138000')).toBe('13800138000');
    expect(firstMessage(schema, '12800138000')).toBe('联系电话格式不正确');
    expect(schema.parse('')).toBe('');
  });

  it('withRules reports only the first failing rule', () => {
    const schema = withRules(z.string(), 'notBlank', 'len10');
    const r = schema.safeParse(repeat(' ', 12));
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(r.error.issues).toHaveLength(1);
      expect(r.error.issues[0].message).toBe('不能全部为空格');
    }
    expect(firstMessage(schema, repeat('a', 11))).toBe('长度不能超过10位');
  });

  it('zRequiredString: missing, null and empty give 请输入{label}', () => {
    const schema = zRequiredString('联系电话', 'phone');
    expect(firstMessage(schema, undefined)).toBe('请输入联系电话');
    expect(firstMessage(schema, null)).toBe('请输入联系电话');
    expect(firstMessage(schema, '')).toBe('请输入联系电话');
    expect(firstMessage(schema, '123')).toBe('联系电话格式不正确');
    expect(schema.parse('0571-87654321')).toBe('0571-87654321');
  });

  it('zRequiredString keeps whitespace for the blank rule', () => {
    expect(zRequiredString('名称').parse('  ')).toBe('  ');
    expect(firstMessage(zRequiredString('名称', 'notBlank', 'len60'), '  ')).toBe('不能全部为空格');
  });

  it('zRequiredString in an object puts the field in the path', () => {
    const schema = z.object({ userAccount: zRequiredString('用户名', 'username') });
    const r = schema.safeParse({ userAccount: '1abc' });
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(r.error.issues[0].path).toEqual(['userAccount']);
      expect(r.error.issues[0].message).toBe(MESSAGES.username);
    }
  });

  it('zOptionalString lets undefined, null and empty through', () => {
    const schema = zOptionalString('email');
    expect(schema.parse(undefined)).toBeUndefined();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse('')).toBe('');
    expect(schema.parse('a@b.cn')).toBe('a@b.cn');
    expect(firstMessage(schema, 'a@b')).toBe('邮箱格式不正确');
    expect(firstMessage(schema, 5)).toBe('邮箱格式不正确');
    expect(firstMessage(zOptionalString(), 5)).toBe(INVALID_VALUE_MESSAGE);
    const obj = z.object({ email: zOptionalString('email') });
    expect(obj.parse({})).toEqual({});
  });

  it('zNumeric coerces numeric text', () => {
    const schema = zNumeric();
    expect(schema.parse('12.5')).toBe(12.5);
    expect(schema.parse(' 7 ')).toBe(7);
    expect(schema.parse(3)).toBe(3);
    expect(schema.parse('-0.25')).toBe(-0.25);
    expect(schema.parse('')).toBeUndefined();
    expect(schema.parse(null)).toBeUndefined();
    expect(schema.parse(undefined)).toBeUndefined();
  });

  it('zNumeric reports 只能是数字 for non-numeric input', () => {
    const schema = zNumeric();
    for (const v of ['abc', '1e5', '1,000', '12a', true, {}, Number.NaN, repeat('9', 17)]) {
      expect(firstMessage(schema, v)).toBe('只能是数字');
    }
  });

  it('zNumeric required gives 请输入{label}', () => {
    const schema = zNumeric({ required: true, label: '出让面积' });
    expect(firstMessage(schema, '')).toBe('请输入出让面积');
    expect(firstMessage(schema, '  ')).toBe('请输入出让面积');
    expect(firstMessage(schema, null)).toBe('请输入出让面积');
    expect(firstMessage(schema, undefined)).toBe('请输入出让面积');
    expect(schema.parse('100')).toBe(100);
  });

  it('zNumeric applies rules to the value as sent', () => {
    const area = zNumeric({ rules: ['nonNegative'] });
    expect(firstMessage(area, '-1')).toBe('不能为负数');
    expect(firstMessage(area, -1)).toBe('不能为负数');
    expect(area.parse('0')).toBe(0);
    const count = zNumeric({ rules: ['positiveInt'], required: true, label: '数量' });
    expect(firstMessage(count, '0')).toBe('请输入正整数');
    expect(firstMessage(count, '1.5')).toBe('请输入正整数');
    expect(firstMessage(count, '007')).toBe('请输入正整数');
    expect(count.parse('12')).toBe(12);
  });

  it('zNumeric inside an object', () => {
    const schema = z.object({ mj: zNumeric({ rules: ['nonNegative'] }), sl: zNumeric() });
    expect(schema.parse({ mj: '1.5', sl: '' })).toEqual({ mj: 1.5, sl: undefined });
    const r = schema.safeParse({ mj: 'x' });
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(r.error.issues[0]).toMatchObject({ path: ['mj'], message: '只能是数字' });
    }
  });
});

describe('index', () => {
  it('re-exports validation, helpers, constants, api and routes', () => {
    expect(index.MESSAGES).toBe(MESSAGES);
    expect(typeof index.amountToChinese).toBe('function');
    expect(index.TOKEN_STORAGE_KEY).toBe('token');
    expect(index.OK_CODE).toBe('200');
    expect(index.MANAGEMENT_BASE).toBe('/managementSystem');
    expect('default' in index).toBe(false);
  });
});

describe('link', () => {
  it("accepts the platform's own files and http(s) addresses only", () => {
    for (const ok of ['/virtualPath/files/202401/a.pdf', 'https://mp.weixin.qq.com/s/abc', 'HTTP://10.0.0.5:8080/x?y=1#z']) expect(checkRule('link', ok)).toBeNull();
    for (const bad of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', '//evil.example/a', '/api/logout', 'https://', 'https:///x', 'https://a b', 'https://a\nb', 'java\tscript:alert(1)', 'mailto:a@b.cn']) {
      expect(checkRule('link', bad), bad).toBe(MESSAGES.link);
    }
  });
});

describe('a required entity field left empty', () => {
  const field = (type: FieldDef['type'], label: string): FieldDef => ({ name: 'f', type, label, required: true, options: [{ value: 'a', label: 'A' }] });

  it('says 请输入 for what is typed, 请选择 for what is picked, 请上传 for files', () => {
    for (const empty of [undefined, null, '']) {
      expect(firstMessage(fieldSchema(field('string', '地块名称')), empty)).toBe('请输入地块名称');
      expect(firstMessage(fieldSchema(field('number', '出让面积')), empty)).toBe('请输入出让面积');
      expect(firstMessage(fieldSchema(field('enum', '价格类型')), empty)).toBe('请选择价格类型');
      expect(firstMessage(fieldSchema(field('ref', '所属地块')), empty)).toBe('请选择所属地块');
      expect(firstMessage(fieldSchema(field('tree', '土地用途')), empty)).toBe('请选择土地用途');
      expect(firstMessage(fieldSchema(field('date', '活动日期')), empty)).toBe('请选择活动日期');
      expect(firstMessage(fieldSchema(field('images', '封面图')), empty)).toBe('请上传封面图');
    }
  });

  it("the platform's own forms: every required pick-list field asks to choose", () => {
    const price = ENTITIES.find((e) => e.name === 'tDkxq')!;
    const messages = Object.fromEntries(price.fields.filter((f) => f.required).map((f) => [f.name, firstMessage(fieldSchema(f), undefined)]));
    expect(messages).toMatchObject({ dkid: '请选择所属地块', priceType: '请选择价格类型', price: '请输入价格' });
  });
});
