/**
 * Validation rules of SPEC §5, shared by the server (zod) and the web forms, so that both
 * sides reject the same input with the same words. The messages are a contract: copy them,
 * never rephrase them.
 */
import { z } from 'zod';
import { NON_NEGATIVE_MESSAGE, NOT_A_NUMBER_MESSAGE } from './constants';
import { chineseLength, isLinkUrl } from './helpers';

export const MESSAGES = {
  phone: '联系电话格式不正确',
  email: '邮箱格式不正确',
  idCard: '证件输入错误，请检查证件号码',
  username: '请输入5-20个字符，第一位必须字母，支持字母、数字组合',
  password: '请输入8-16个字符，由数字、大小写字母、特殊字符四种结合',
  positiveInt: '请输入正整数',
  nonNegative: NON_NEGATIVE_MESSAGE,
  number: NOT_A_NUMBER_MESSAGE,
  // Not in SPEC §5 (the original rounded silently); plain wording for a fractional integer.
  integer: '请输入整数',
  len60: '长度不能超过30个汉字或者60个字符',
  len200: '长度不能超过100个汉字或者200个字符',
  len120: '长度不能超过60个汉字',
  // SPEC §5 keeps the original's slip: the 2000-unit rule shows the 120-unit message.
  // Users and tests rely on the exact text, so the slip is deliberate here.
  len2000: '长度不能超过60个汉字',
  len10: '长度不能超过10位',
  blank: '不能全部为空格',
  ipv4: '请输入正确的ip地址',
  // Not in SPEC §5: administrative division codes (GB/T 2260 county level, 6 digits; township level, 9).
  divisionCode: '请输入6位县级或9位乡镇级行政区划代码',
  townshipCode: '请输入9位乡镇级行政区划代码',
  link: '链接地址必须是本平台上传的文件或 http(s) 地址',
  // Not in SPEC §5: a WeChat subscription-message template's keywords, which the sender fills in.
  templateKeywords: '关键词占位符格式不正确，应如 {{thing1.DATA}}',
  required: (label: string): string => `请输入${label}`,
  select: (label: string): string => `请选择${label}`,
  upload: (label: string): string => `请上传${label}`,
} as const;

/** The "please enter …" message of a required field. */
export const requiredMessage = (label: string): string => MESSAGES.required(label);

/**
 * Shown when a value has the wrong JSON type and no rule message fits better. Not a SPEC
 * message (the original UI could not send wrong types); kept neutral on purpose.
 */
export const INVALID_VALUE_MESSAGE = '输入格式不正确';

// ---------------------------------------------------------------------------------------
// Predicates. Every string predicate lets '' through: "required" is a separate rule.
// ---------------------------------------------------------------------------------------

const MOBILE_RE = /^1[3-9]\d{9}$/;
// Area codes are 3 or 4 digits including the leading 0 (010, 0571), so 010-1234567 passes.
const LANDLINE_RE = /^0\d{2,3}-?\d{7,8}$/;
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
const ID_CARD_RE = /^[1-9]\d{5}(\d{4})(\d{2})(\d{2})\d{3}[\dXx]$/;
const USERNAME_RE = /^[A-Za-z][A-Za-z0-9_]{4,19}$/;
const PASSWORD_RE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,16}$/;
const POSITIVE_INT_RE = /^[1-9]\d*$/;
const NUMBER_RE = /^-?\d{1,16}(?:\.\d{1,12})?$/;
const IPV4_PART = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4_RE = new RegExp(`^${IPV4_PART}(?:\\.${IPV4_PART}){3}$`);

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

export const isPhone = (s: string): boolean => s === '' || MOBILE_RE.test(s) || LANDLINE_RE.test(s);

export const isEmail = (s: string): boolean => s === '' || (s.length <= 254 && EMAIL_RE.test(s));

/** ISO 7064 MOD 11-2 check character of the first 17 digits of a mainland ID. */
export const idCardCheckChar = (first17: string): string => {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK_CHARS[sum % 11];
};

/**
 * 18-digit mainland ID: region, a real birth date from 1900 up to `today`, sequence and the
 * MOD 11-2 check character. `today` is a parameter so tests do not depend on the clock.
 */
export const isIdCard = (s: string, today: Date = new Date()): boolean => {
  if (s === '') return true;
  const m = ID_CARD_RE.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1900) return false;
  const birth = new Date(year, month - 1, day);
  if (birth.getFullYear() !== year || birth.getMonth() !== month - 1 || birth.getDate() !== day) {
    return false;
  }
  const endOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  if (birth.getTime() > endOfToday.getTime()) return false;
  return idCardCheckChar(s.slice(0, 17)) === s[17].toUpperCase();
};

export const isUsername = (s: string): boolean => s === '' || USERNAME_RE.test(s);

export const isPassword = (s: string): boolean => s === '' || PASSWORD_RE.test(s);

export const isPositiveInt = (s: string | number): boolean => {
  if (s === '') return true;
  if (typeof s === 'number') return Number.isSafeInteger(s) && s > 0;
  return POSITIVE_INT_RE.test(s);
};

/** True for a number (or numeric text) that is not below 0; non-numeric text is false. */
export const isNonNegative = (v: string | number): boolean => {
  if (v === '') return true;
  const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
  return Number.isFinite(n) && n >= 0;
};

/** Optional minus, 1-16 integer digits, optional dot with 1-12 decimals. */
export const isNumber = (v: string | number): boolean => {
  if (v === '') return true;
  if (typeof v === 'number') {
    // Numbers from JSON have no text form to match; check the same bounds numerically,
    // because String(1e-7) is '1e-7' and would fail the pattern.
    return Number.isFinite(v) && Math.abs(v) < 1e16 && Number(v.toFixed(12)) === v;
  }
  return NUMBER_RE.test(v);
};

/** Rejects a non-empty string made only of whitespace (including the full-width space). */
export const isNotBlank = (s: string): boolean => s === '' || /\S/.test(s);

export const isIpv4 = (s: string): boolean => s === '' || IPV4_RE.test(s);

/** An administrative division code: 6 digits (county level) or 9 (township level). */
export const isDivisionCode = (s: string): boolean => s === '' || /^\d{6}(?:\d{3})?$/.test(s);
export const isTownshipCode = (s: string): boolean => s === '' || /^\d{9}$/.test(s);

/** A keyword of a WeChat template text, "{{thing1.DATA}}" (the name in group 1); global, for matchAll/replace. */
export const TEMPLATE_KEYWORD_RE = /\{\{\s*([A-Za-z_]+\d*)\.DATA\s*\}\}/g;

/** Template text whose every "{{…}}" is a keyword the sender can fill (no "{{thing1}}", "{{thing1.DATA}", stray braces). */
export const isTemplateText = (s: string): boolean => !/\{\{|\}\}/.test(s.replace(TEMPLATE_KEYWORD_RE, ''));


// Length in the units of the SPEC length rules (in helpers, which the public pages load without zod).
export { chineseLength };

export const maxUnits = (s: string, n: number): boolean => chineseLength(s) <= n;

// ---------------------------------------------------------------------------------------
// Rule registry
// ---------------------------------------------------------------------------------------

export type RuleName =
  | 'phone'
  | 'email'
  | 'idCard'
  | 'username'
  | 'password'
  | 'positiveInt'
  | 'nonNegative'
  | 'number'
  | 'len60'
  | 'len200'
  | 'len120'
  | 'len2000'
  | 'len10'
  | 'notBlank'
  | 'ipv4'
  | 'divisionCode'
  | 'townshipCode'
  | 'link'
  | 'templateKeywords';

export interface Rule {
  test: (v: unknown) => boolean;
  message: string;
}

const isEmptyValue = (v: unknown): boolean => v === undefined || v === null || v === '';

/** The text a rule looks at, or null when the value is of a type no rule can accept. */
const asText = (v: unknown): string | null => {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  if (typeof v === 'bigint') return String(v);
  return null;
};

const textRule =
  (pred: (s: string) => boolean) =>
  (v: unknown): boolean => {
    if (isEmptyValue(v)) return true;
    const s = asText(v);
    return s !== null && pred(s);
  };

const numericRule =
  (pred: (v: string | number) => boolean) =>
  (v: unknown): boolean => {
    if (isEmptyValue(v)) return true;
    if (typeof v === 'number') return pred(v);
    const s = asText(v);
    return s !== null && pred(s);
  };

export const RULES: Record<RuleName, Rule> = {
  phone: { test: textRule(isPhone), message: MESSAGES.phone },
  email: { test: textRule(isEmail), message: MESSAGES.email },
  idCard: { test: textRule((s) => isIdCard(s)), message: MESSAGES.idCard },
  username: { test: textRule(isUsername), message: MESSAGES.username },
  password: { test: textRule(isPassword), message: MESSAGES.password },
  positiveInt: { test: numericRule(isPositiveInt), message: MESSAGES.positiveInt },
  nonNegative: {
    // Only a number below 0 earns "不能为负数"; non-numeric text is the number rule's
    // business, and saying "must not be negative" about "abc" would mislead.
    test: numericRule((v) => {
      const n = typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v);
      return Number.isNaN(n) || isNonNegative(n);
    }),
    message: MESSAGES.nonNegative,
  },
  number: { test: numericRule(isNumber), message: MESSAGES.number },
  len60: { test: textRule((s) => maxUnits(s, 60)), message: MESSAGES.len60 },
  len200: { test: textRule((s) => maxUnits(s, 200)), message: MESSAGES.len200 },
  len120: { test: textRule((s) => maxUnits(s, 120)), message: MESSAGES.len120 },
  len2000: { test: textRule((s) => maxUnits(s, 2000)), message: MESSAGES.len2000 },
  // The 10 limit is for codes and numbers, counted in plain characters (code points).
  len10: { test: textRule((s) => [...s].length <= 10), message: MESSAGES.len10 },
  notBlank: { test: textRule(isNotBlank), message: MESSAGES.blank },
  ipv4: { test: textRule(isIpv4), message: MESSAGES.ipv4 },
  divisionCode: { test: textRule(isDivisionCode), message: MESSAGES.divisionCode },
  townshipCode: { test: textRule(isTownshipCode), message: MESSAGES.townshipCode },
  link: { test: textRule(isLinkUrl), message: MESSAGES.link },
  templateKeywords: { test: textRule(isTemplateText), message: MESSAGES.templateKeywords },
};

export const RULE_NAMES: readonly RuleName[] = Object.freeze(Object.keys(RULES) as RuleName[]);

/** The SPEC message of the failed rule, or null when the value passes. */
export const checkRule = (name: RuleName, value: unknown): string | null =>
  RULES[name].test(value) ? null : RULES[name].message;

/** The message of the first failing rule, in the given order, or null. */
export const checkRules = (value: unknown, names: readonly RuleName[]): string | null => {
  for (const name of names) {
    const msg = checkRule(name, value);
    if (msg !== null) return msg;
  }
  return null;
};

// ---------------------------------------------------------------------------------------
// zod helpers: the same predicates, so a server-side zod issue carries the SPEC message.
// ---------------------------------------------------------------------------------------

/** A zod check for one rule: `z.string().check(zRule('phone'))`. */
export const zRule = <T = string>(name: RuleName): z.core.$ZodCheck<T> =>
  z.refine<T>((v) => RULES[name].test(v), { message: RULES[name].message });

/**
 * Adds the rules to a schema as one check that reports only the first failing rule, so a
 * field carries one message, as it does in the form.
 */
export const withRules = <S extends z.ZodType>(schema: S, ...names: RuleName[]): S =>
  schema.check(
    z.superRefine<z.output<S>>((value, ctx) => {
      const msg = checkRules(value, names);
      if (msg !== null) ctx.addIssue({ code: 'custom', message: msg, input: value });
    }),
  );

/**
 * A required string: missing, null or '' gives 请输入{label}. Whitespace is not trimmed —
 * SPEC §5 has a separate blank rule; add 'notBlank' to reject '   '.
 */
export const zRequiredString = (label: string, ...rules: RuleName[]): z.ZodString =>
  withRules(
    z.string({ error: () => requiredMessage(label) }).min(1, { error: () => requiredMessage(label) }),
    ...rules,
  );

/** An optional string: undefined, null and '' pass; anything else must pass the rules. */
export const zOptionalString = (
  ...rules: RuleName[]
): z.ZodOptional<z.ZodNullable<z.ZodString>> =>
  withRules(
    z.string({ error: () => (rules.length > 0 ? RULES[rules[0]].message : INVALID_VALUE_MESSAGE) }),
    ...rules,
  ).nullish();

export interface NumericOptions {
  /** Rules checked against the value as sent (trimmed text or number), before coercion. */
  rules?: RuleName[];
  required?: boolean;
  /** Field label for the 请输入{label} message of a required field. */
  label?: string;
}

type NumericSchema<R extends boolean> = z.ZodType<R extends true ? number : number | undefined>;

/**
 * A number that may arrive as text from a form post. '' and null mean "not given"; numeric
 * text becomes a number; other text reports 只能是数字.
 */
export function zNumeric(options: NumericOptions & { required: true }): NumericSchema<true>;
export function zNumeric(options?: NumericOptions): NumericSchema<false>;
export function zNumeric(options: NumericOptions = {}): NumericSchema<boolean> {
  const { rules = [], required = false, label = '' } = options;
  return z.unknown().transform((raw, ctx): number | undefined => {
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === null || value === '') {
      if (required) {
        ctx.addIssue({ code: 'custom', message: requiredMessage(label), input: raw });
        return z.NEVER;
      }
      return undefined;
    }
    const numeric =
      (typeof value === 'string' || typeof value === 'number') && isNumber(value) ? Number(value) : null;
    if (numeric === null) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.number, input: raw });
      return z.NEVER;
    }
    const msg = checkRules(value, rules);
    if (msg !== null) {
      ctx.addIssue({ code: 'custom', message: msg, input: raw });
      return z.NEVER;
    }
    return numeric;
  });
}
