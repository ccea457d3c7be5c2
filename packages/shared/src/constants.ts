/** Business constants of SPEC §8 and §9: UI wording and limits both server and web rely on. */

/** Around-search and driving calls to the maps service go one at a time, this far apart. */
export const MAPS_REQUEST_DELAY_MS = 350;
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
export const NOTIFY_DURATION_MS = 2000;
/** localStorage key of the session token. */
export const TOKEN_STORAGE_KEY = 'token';
/** amountToChinese gives '' at or beyond this magnitude. */
export const YUAN_LIMIT = 1e15;

/** A list's keyword filter (公告、政策、地块列表…): at most this many characters, on the server and in the search boxes. */
export const KEYWORD_MAX = 100;
export const KEYWORD_TOO_LONG_MESSAGE = `查询条件不能超过${KEYWORD_MAX}个字符`;

/** The global search's keyword (全站搜索): at most this many characters, on the server and the page. */
export const SEARCH_KEYWORD_MAX = 50;
export const SEARCH_TOO_LONG_MESSAGE = `搜索内容不能超过${SEARCH_KEYWORD_MAX}个字符`;

/** A search box's limit: the most characters it sends, and what it says beyond them. */
export interface TextLimit {
  max: number;
  message: string;
}
export const KEYWORD_LIMIT: TextLimit = { max: KEYWORD_MAX, message: KEYWORD_TOO_LONG_MESSAGE };
export const SEARCH_LIMIT: TextLimit = { max: SEARCH_KEYWORD_MAX, message: SEARCH_TOO_LONG_MESSAGE };
/** True when words are more than a search takes (blanks at either end not counted, as the server trims them). */
export const overLimit = (text: string, limit: TextLimit = KEYWORD_LIMIT): boolean => text.trim().length > limit.max;

/** 20 chart colours; antd's palette order so neighbouring series stay distinguishable. */
export const CHART_PALETTE = [
  '#1677ff',
  '#52c41a',
  '#faad14',
  '#f5222d',
  '#722ed1',
  '#13c2c2',
  '#eb2f96',
  '#fa8c16',
  '#2f54eb',
  '#a0d911',
  '#fadb14',
  '#fa541c',
  '#69b1ff',
  '#95de64',
  '#ffc53d',
  '#ff7875',
  '#b37feb',
  '#5cdbd3',
  '#ff85c0',
  '#ffa940',
] as const;

export const NOTIFY_TITLES = {
  success: '成功',
  warning: '温馨提示',
  info: '消息',
  error: '错误',
} as const;

export const CONFIRM = { title: '提示', ok: '确定', cancel: '取消' } as const;

export const NETWORK_ERROR_MESSAGE = '网络连接失败！';

/** The first district option, and the only one when the area list fails to load. */
export const ALL_DISTRICTS_LABEL = '全部片区';

export const UPLOAD_LABELS = {
  button: '点击上传',
  drag: '将文件拖到此处，或点击上传',
  select: '选取文件',
} as const;

export const deleteAttachmentConfirm = (name: string): string => `您确定要删除附件[${name}]吗？`;

/** The most characters of a saved search's name (保存搜索, 重命名), and what is said past it. */
export const SAVED_SEARCH_NAME_MAX = 30;
export const SAVED_SEARCH_NAME_TOO_LONG = `搜索名称不能超过${SAVED_SEARCH_NAME_MAX}个字符`;

/** SPEC §5's words for a number below 0 and for what is not a number (MESSAGES; here for pages that do not load the validators). */
/**
 * Said beside every new-password box before anything is typed: SPEC §5's message does not name
 * the special characters the rule takes (# - _ are refused).
 */
export const PASSWORD_HINT = '8-16位，须同时含大写字母、小写字母、数字和特殊字符，特殊字符限 @ $ ! % * ? &';

export const NON_NEGATIVE_MESSAGE = '不能为负数';
export const NOT_A_NUMBER_MESSAGE = '只能是数字';
