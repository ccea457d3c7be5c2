/**
 * The wire contract shared by server and web: the response envelope of SPEC §3 and the
 * error codes of SPEC §8 plus the platform's own stable codes.
 */

/** Success code of the envelope (SPEC §3: code as string, '200' = success). */
export const OK_CODE = '200';

export const ERROR_CODES = {
  /** Missing or unknown token: the client clears the session and goes to /login. */
  NOT_LOGGED_IN: 'A0006',
  /** Expired or revoked session: the client shows msg, clears the session, goes to /login. */
  SESSION_EXPIRED: 'A0007',
  /** Input failed validation; data carries the field and the SPEC §5 message. */
  VALIDATION: 'A0400',
  /** Wrong account or password. */
  BAD_CREDENTIALS: 'A0201',
  /** Too many failed logins of this account from this address; locked for a while. */
  ACCOUNT_LOCKED: 'A0202',
  /** Staff login needs the captcha (ALTCHA proof of work; missing, invalid, spent or expired); data.captchaRequired is true. */
  CAPTCHA_REQUIRED: 'A0240',
  /**
   * The account is disabled: a login answers it with 400; a call of a signed-in user whose account
   * was disabled meanwhile with 401 (the client signs out, as for A0007, and says so).
   */
  ACCOUNT_DISABLED: 'A0203',
  /** Signed in, but not allowed to do this. */
  FORBIDDEN: 'A0301',
  /** The record or the route does not exist. */
  NOT_FOUND: 'A0404',
  /** A unique value is already taken, or the record changed meanwhile. */
  CONFLICT: 'A0409',
  /** Request body too large. */
  TOO_LARGE: 'A0413',
  /** Unsupported content type. */
  UNSUPPORTED_MEDIA: 'A0415',
  /** Too many requests. */
  RATE_LIMITED: 'A0429',
  /** Anything unexpected on the server; details stay in the server log. */
  SERVER_ERROR: 'B0001',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export interface Envelope<T = unknown> {
  code: string;
  data: T;
  msg: string;
}

export interface PageResult<T> {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
  /**
   * false when counting stopped at COUNT_LIMIT: `total` is then a lower bound ("超过 N 条"),
   * so a list over a million rows does not count them all for every page.
   */
  totalExact?: boolean;
  /** Keyset paging: send as `cursor` for the page after this one (present when the page is full). */
  nextCursor?: string;
}

/** Lists count matching rows up to this many; beyond it the total is reported as a bound. */
export const COUNT_LIMIT = 10_000;

export interface FieldError {
  field: string;
  msg: string;
}

export interface ValidationErrorData {
  field: string;
  errors: FieldError[];
}

/** Header names of SPEC §6. Identity comes only from `token`. */
export const HEADERS = {
  token: 'token',
  userInfo: 'userinfo',
  sessionId: 'sessionid',
} as const;

export interface LoginRequest {
  userAccount: string;
  password: string;
  /** Needed after a failed attempt (A0240): the ALTCHA widget's payload for a challenge from /openApi/captcha. */
  captchaCode?: string;
}

export interface CaptchaResult {
  /** The challenge's nonce; each challenge is accepted once. */
  captchaId: string;
  /** The ALTCHA challenge (the widget's `challenge` option), signed by the server, valid five minutes. */
  challenge: { parameters: Record<string, unknown>; signature?: string };
}

export interface LoginResult {
  token: string;
  userId: string;
  userName: string;
  userAccount: string;
  role: string;
  /** True while the account still has the password it was created with. */
  mustChangePassword: boolean;
  /** Minutes without requests that end the session (the back office warns before). */
  idleMinutes: number;
  /** ISO time the session ends whatever happens. */
  expiresAt: string;
}

/** Condition types of the paged query language (SPEC §7 "Area dropdown query"). */
export const QUERY_TYPES = [
  'eq',
  'ne',
  'like',
  'gt',
  'ge',
  'lt',
  'le',
  'in',
  'notIn',
  'between',
  'isNull',
  'isNotNull',
  'orderAsc',
  'orderDesc',
] as const;

export type QueryType = (typeof QUERY_TYPES)[number];

/** Aliases accepted on input and normalised to a QueryType (older clients send these). */
export const QUERY_TYPE_ALIASES: Record<string, QueryType> = {
  equal: 'eq',
  '=': 'eq',
  notEqual: 'ne',
  '!=': 'ne',
  '<>': 'ne',
  greater: 'gt',
  '>': 'gt',
  greaterEqual: 'ge',
  '>=': 'ge',
  less: 'lt',
  '<': 'lt',
  lessEqual: 'le',
  '<=': 'le',
  asc: 'orderAsc',
  desc: 'orderDesc',
  orderBy: 'orderAsc',
  orderByAsc: 'orderAsc',
  orderByDesc: 'orderDesc',
};

export interface QueryCondition {
  column: string;
  type: QueryType | string;
  val?: unknown;
}

export interface PagedQuery {
  /** 1-based page; 0 together with pageSize 0 means "no paging". */
  pageNo: number;
  pageSize: number;
  params?: QueryCondition[];
}

/** Largest page a client may ask for. */
export const MAX_PAGE_SIZE = 500;

/** The session fields of SPEC §3, exactly: what visitorLogin (and register) answer. */
export interface VisitorSession {
  token: string;
  userId: string;
  userName: string;
  userAccount: string;
  registerType: string;
  sqdw: string;
}

/** What a visitor sees of their own account (never the hash or the lock counters). */
export interface VisitorProfile {
  userId: string;
  userAccount: string;
  userName: string;
  registerType: string;
  sqdw: string;
  email: string;
  lastLoginAt: string | null;
  createdAt: string;
}
