/**
 * Site configuration (back-office screen peizhi): one zod schema that states every key, its
 * Chinese label, its default and whether visitors may read it. The server validates saves and
 * filters the public view with it; the web builds the settings form from it.
 */
import { z } from 'zod';
import { isLinkUrl } from './helpers';
import { MESSAGES, RULES, type RuleName } from './validation';

export type SettingGroup = 'site' | 'contact' | 'map' | 'services' | 'review';

export const SETTING_GROUPS: Record<SettingGroup, string> = {
  site: '站点信息',
  contact: '联系方式',
  map: '地图',
  services: '外部服务',
  review: '地块审核',
};

export interface SettingMeta {
  label: string;
  group: SettingGroup;
  /** Readable by anyone through /openApi/config. Keys that cost money or allow abuse are not. */
  public: boolean;
  widget: 'text' | 'textarea' | 'number' | 'select' | 'images' | 'password';
  help?: string;
  options?: { value: string; label: string }[];
}

function withMeta<S extends z.ZodType>(schema: S, meta: SettingMeta): S {
  return schema.meta({ ...meta });
}

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

function text(label: string, rules: RuleName[], max: number, required = false): z.ZodType<string> {
  return z.preprocess(
    trimmed,
    z
      .string({ error: `${label}必须是文本` })
      .max(max, `${label}不能超过${max}个字符`)
      .superRefine((s, ctx) => {
        if (required && s === '') ctx.addIssue({ code: 'custom', message: MESSAGES.required(label) });
        for (const rule of rules) {
          if (!RULES[rule].test(s)) {
            ctx.addIssue({ code: 'custom', message: RULES[rule].message });
            return;
          }
        }
      }),
  ) as z.ZodType<string>;
}

function httpUrl(label: string): z.ZodType<string> {
  return z.preprocess(
    trimmed,
    z
      .string({ error: `${label}必须是文本` })
      .max(500, `${label}不能超过500个字符`)
      .refine((s) => s === '' || /^https?:\/\/[^\s"'<>]+$/i.test(s), `${label}必须以 http:// 或 https:// 开头`),
  ) as z.ZodType<string>;
}

function serviceKey(label: string): z.ZodType<string> {
  return z.preprocess(
    trimmed,
    z.string({ error: `${label}必须是文本` }).regex(/^[0-9A-Za-z]{0,64}$/, `${label}只能包含字母和数字，最多64位`),
  ) as z.ZodType<string>;
}

function numberIn(label: string, min: number, max: number, integer = false): z.ZodType<number> {
  const message = `${label}应为${min}到${max}之间的${integer ? '整数' : '数字'}`;
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: MESSAGES.number })
      .min(min, message)
      .max(max, message)
      .refine((n) => !integer || Number.isInteger(n), message),
  ) as z.ZodType<number>;
}

/** An uploaded picture: a stored file (/virtualPath/…) or an absolute http(s) address. */
const bannerImage = z.object({
  id: z.string().max(64).optional(),
  name: z.string({ error: '图片名称不正确' }).max(255, '图片名称过长'),
  url: z
    .string({ error: '图片地址不正确' })
    .max(1000, '图片地址过长')
    .refine((u) => u !== '' && isLinkUrl(u), '图片地址必须是上传后的地址或 http(s) 地址'),
});

const jsonList = (v: unknown) => {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return [];
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

export const TILE_SOURCE_TYPES = [
  { value: 'none', label: '不使用在线底图' },
  { value: 'xyz', label: 'XYZ 瓦片' },
  { value: 'wmts', label: 'WMTS 服务' },
] as const;

/** Works with nothing configured: the public site shows the name and a map centred on the zone. */
export const DEFAULT_SITE_NAME = '临江经济技术开发区土地信息平台';

export const settingsShape = {
  siteName: withMeta(text('网站名称', ['notBlank', 'len60'], 60, true).default(DEFAULT_SITE_NAME), {
    label: '网站名称',
    group: 'site',
    public: true,
    widget: 'text',
  }),
  siteSubtitle: withMeta(text('网站副标题', ['len200'], 200).default(''), {
    label: '网站副标题',
    group: 'site',
    public: true,
    widget: 'text',
  }),
  icpNumber: withMeta(text('ICP备案号', ['len60'], 60).default(''), {
    label: 'ICP备案号',
    group: 'site',
    public: true,
    widget: 'text',
    help: '如 浙ICP备12345678号-1，显示在公众网站页脚',
  }),
  bannerImages: withMeta(
    z.preprocess(jsonList, z.array(bannerImage, { error: '轮播图片格式不正确' }).max(10, '轮播图片不能超过10张')).default([]),
    { label: '轮播图片', group: 'site', public: true, widget: 'images', help: '公众网站首页轮播，最多10张' },
  ),
  contactPhone: withMeta(text('联系电话', ['phone'], 20).default(''), {
    label: '联系电话',
    group: 'contact',
    public: true,
    widget: 'text',
  }),
  contactAddress: withMeta(text('联系地址', ['len200'], 200).default(''), {
    label: '联系地址',
    group: 'contact',
    public: true,
    widget: 'text',
  }),
  contactEmail: withMeta(text('电子邮箱', ['email'], 100).default(''), {
    label: '电子邮箱',
    group: 'contact',
    public: true,
    widget: 'text',
  }),
  mapCenterLon: withMeta(numberIn('地图中心经度', -180, 180).default(120.25), {
    label: '地图中心经度',
    group: 'map',
    public: true,
    widget: 'number',
  }),
  mapCenterLat: withMeta(numberIn('地图中心纬度', -90, 90).default(30.25), {
    label: '地图中心纬度',
    group: 'map',
    public: true,
    widget: 'number',
  }),
  mapZoom: withMeta(numberIn('地图缩放级别', 1, 20, true).default(12), {
    label: '地图缩放级别',
    group: 'map',
    public: true,
    widget: 'number',
  }),
  tileSourceType: withMeta(
    z.enum(['none', 'xyz', 'wmts'], { error: '请选择底图类型' }).default('none'),
    { label: '底图类型', group: 'map', public: true, widget: 'select', options: TILE_SOURCE_TYPES.map((o) => ({ ...o })) },
  ),
  tileUrl: withMeta(httpUrl('底图地址').default(''), {
    label: '底图地址',
    group: 'map',
    public: true,
    widget: 'text',
    help: 'XYZ 模板如 https://t{0-7}.tianditu.gov.cn/vec_w/wmts?…&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk={tk}；{tk} 由天地图密钥替换',
  }),
  // Tiles are fetched by the visitor's browser, so the Tianditu key is public by nature.
  tiandituKey: withMeta(serviceKey('天地图密钥').default(''), {
    label: '天地图密钥',
    group: 'map',
    public: true,
    widget: 'text',
    help: '天地图“浏览器端”类型的密钥',
  }),
  // Above this many parcels the public maps and the entry screen draw parcels from vector tiles
  // (/openApi/tiles) instead of loading every boundary as GeoJSON.
  mapTileThreshold: withMeta(numberIn('矢量瓦片阈值', 0, 100000000, true).default(2000), {
    label: '矢量瓦片阈值',
    group: 'map',
    public: true,
    widget: 'number',
    help: '地块数量超过此值时，地图改用矢量瓦片加载地块（0 表示始终使用瓦片）',
  }),
  // A web-service key is billed per call and must only be used by the server.
  amapKey: withMeta(serviceKey('高德 Web 服务密钥').default(''), {
    label: '高德 Web 服务密钥',
    group: 'services',
    public: false,
    widget: 'password',
    help: '仅服务器使用（周边、区域搜索与驾车路线），不会发送给访客',
  }),
  // Where the AMap web service is reached: the public one by default, or the office's proxy.
  // Not secret (the key is), so it follows the rule that only billed keys are hidden.
  amapBaseUrl: withMeta(httpUrl('高德 Web 服务地址').default(''), {
    label: '高德 Web 服务地址',
    group: 'services',
    public: true,
    widget: 'text',
    help: '留空为 https://restapi.amap.com；通过代理或专网访问时填写',
  }),
  imageryCatalogueUrl: withMeta(httpUrl('影像目录服务地址').default(''), {
    label: '影像目录服务地址',
    group: 'services',
    public: true,
    widget: 'text',
  }),
  // How far ahead the scheduled reminder warns of an expiring lease or land-use term.
  reminderDaysAhead: withMeta(numberIn('到期提醒提前天数', 1, 365, true).default(30), {
    label: '到期提醒提前天数',
    group: 'services',
    public: true,
    widget: 'number',
    help: '租期或土地使用期限在此天数内到期时，向有“租期到期提醒”权限的微信用户发送提醒',
  }),
  // Four eyes (issue 15): who entered or last changed a parcel does not review it, and its first
  // review and its publication are two people's. A one-person office switches it off; every step
  // the rule would have refused is then marked in the parcel's log.
  fourEyes: withMeta(z.enum(['on', 'off'], { error: '请选择是否启用双人审核' }).default('on'), {
    label: '双人审核（四眼原则）',
    group: 'review',
    public: true,
    widget: 'select',
    help: '启用时，录入或最后修改地块的人不能审核该地块，初审与发布须由两人完成；单人办公可关闭，关闭后本应拒绝的操作在流转记录中标注',
    options: [
      { value: 'on', label: '启用' },
      { value: 'off', label: '关闭（单人办公）' },
    ],
  }),
  // Publishing over a published, listed or dealt parcel by more than this needs a recorded reason.
  overlapToleranceM2: withMeta(numberIn('地块重叠容差', 0, 1000000).default(1), {
    label: '地块重叠容差（㎡）',
    group: 'review',
    public: true,
    widget: 'number',
    help: '与已发布、挂牌或成交地块重叠超过此面积时，发布须填写理由',
  }),
};

export type SettingKey = keyof typeof settingsShape;
export const SETTING_KEYS = Object.keys(settingsShape) as SettingKey[];

/** The whole configuration, with the rule that a tile source other than none needs its address. */
export const settingsSchema = z.object(settingsShape).superRefine((s, ctx) => {
  if (s.tileSourceType !== 'none' && s.tileUrl === '') {
    ctx.addIssue({ code: 'custom', path: ['tileUrl'], message: '请输入底图地址' });
  }
});

export type Settings = z.output<typeof settingsSchema>;

export function settingMeta(key: SettingKey): SettingMeta {
  return settingsShape[key].meta() as unknown as SettingMeta;
}

export const PUBLIC_SETTING_KEYS = SETTING_KEYS.filter((k) => settingMeta(k).public);
export const SECRET_SETTING_KEYS = SETTING_KEYS.filter((k) => !settingMeta(k).public);

export type PublicSettings = Omit<Settings, 'amapKey'>;

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

export function publicSettings(s: Settings): PublicSettings {
  return Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, s[k]])) as PublicSettings;
}
