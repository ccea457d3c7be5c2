/**
 * The route table of SPEC §2: the single source for the web router, the back-office menu
 * and the server's history-mode fallback.
 */

export interface ManagementScreen {
  /** Child path under /managementSystem, as in SPEC §2 (parameters as :name). */
  path: string;
  title: string;
  /** Menu group title; screens without one are not in the side menu. */
  group?: string;
  closable: boolean;
}

export const MANAGEMENT_BASE = '/managementSystem';
export const DEFAULT_TAB = 'analysis';

export const MENU_GROUPS = [
  '统计分析',
  '地块管理',
  '交易管理',
  '土地供应',
  '招商服务',
  '基础数据',
  '微信与消息',
  '系统管理',
] as const;

export const MANAGEMENT_SCREENS: ManagementScreen[] = [
  { path: 'analysis', title: '统计分析', group: '统计分析', closable: false },
  { path: 'land', title: '地块录入', group: '地块管理', closable: true },
  { path: 'landManagement_process', title: '待初审地块', group: '地块管理', closable: true },
  { path: 'landManagement_publish', title: '待审核地块', group: '地块管理', closable: true },
  { path: 'landManagement_published', title: '已发布地块', group: '地块管理', closable: true },
  { path: 'landManagement_xiajia', title: '已下架地块', group: '地块管理', closable: true },
  { path: 'landManagement_zsscgl', title: '招商手册管理', group: '地块管理', closable: true },
  { path: 'dkysManagement', title: '地块优势管理', group: '地块管理', closable: true },
  { path: 'price', title: '价格管理', group: '地块管理', closable: true },
  { path: 'pipeNetwork', title: '管网数据管理', group: '地块管理', closable: true },
  { path: 'kfpqCrdk', title: '片区出让地块管理', group: '地块管理', closable: true },
  { path: 'landJyxtManagement_gp', title: '挂牌地块', group: '交易管理', closable: true },
  { path: 'landJyxtManagement_cj', title: '成交地块', group: '交易管理', closable: true },
  // Screens beyond SPEC §2 for records the public site shows and staff must keep.
  { path: 'landJystManagement', title: '土地交易记录', group: '交易管理', closable: true },
  { path: 'secondMarketManagement', title: '二级市场管理', group: '交易管理', closable: true },
  { path: 'gyjsyd', title: '供地计划管理', group: '土地供应', closable: true },
  { path: 'cltd', title: '存量土地管理', group: '土地供应', closable: true },
  { path: 'kczyManagement', title: '可出租资源管理', group: '土地供应', closable: true },
  { path: 'merchants', title: '招商联系人管理', group: '招商服务', closable: true },
  { path: 'zshdManagement', title: '招商活动管理', group: '招商服务', closable: true },
  { path: 'addZshd', title: '新增招商活动', group: '招商服务', closable: true },
  { path: 'editZshd/:id', title: '编辑招商活动', closable: true },
  { path: 'problem', title: '咨询服务管理', group: '招商服务', closable: true },
  { path: 'regulations', title: '政策法规管理', group: '招商服务', closable: true },
  { path: 'platform', title: '平台公司管理', group: '招商服务', closable: true },
  { path: 'tzggManagement', title: '通知公告管理', group: '招商服务', closable: true },
  { path: 'keyProjectManagement', title: '重点项目管理', group: '招商服务', closable: true },
  { path: 'prophaseProjectManagement', title: '前期项目管理', group: '招商服务', closable: true },
  { path: 'regional', title: '片区管理', group: '基础数据', closable: true },
  { path: 'jdManagement', title: '街道管理', group: '基础数据', closable: true },
  { path: 'Dl', title: '地类管理', group: '基础数据', closable: true },
  { path: 'pqkffaManagement', title: '片区开发方案', group: '基础数据', closable: true },
  { path: 'facilityManagement', title: '配套设施字典', group: '基础数据', closable: true },
  { path: 'messageManagerment', title: '订阅消息模板', group: '微信与消息', closable: true },
  { path: 'messageList', title: '消息列表管理', group: '微信与消息', closable: true },
  { path: 'wxuserpermission', title: '租期到期权限管理', group: '微信与消息', closable: true },
  { path: 'officialAccountManagement', title: '公众号资讯', group: '微信与消息', closable: true },
  { path: 'videoManagement', title: '小程序视频管理', group: '微信与消息', closable: true },
  { path: 'user', title: '用户管理', group: '系统管理', closable: true },
  { path: 'templateManagement', title: '模板管理', group: '系统管理', closable: true },
  { path: 'peizhi', title: '系统配置', group: '系统管理', closable: true },
  { path: 'recycleBin', title: '回收站', group: '系统管理', closable: true },
  { path: 'auditLog', title: '审计日志', group: '系统管理', closable: true },
];

export interface PublicRoute {
  path: string;
  title: string;
  /** Kept alive when navigating away (SPEC §2). */
  keepAlive?: boolean;
  /** Shown in the public header navigation. */
  nav?: boolean;
}

/** Children of the public shell at / (SPEC §2). */
export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: 'home', title: '首页', nav: true },
  { path: 'index', title: '地图找地', keepAlive: true, nav: true },
  { path: 'landListing', title: '挂牌地块', nav: true },
  { path: 'landDeal', title: '成交地块', nav: true },
  { path: 'jiaoyixinxi', title: '交易信息', nav: true },
  { path: 'gdjhMapIndex', title: '供地计划', keepAlive: true, nav: true },
  { path: 'clkcrtd', title: '存量土地', keepAlive: true, nav: true },
  { path: 'policiesRegulations', title: '招商政策', nav: true },
  { path: 'popularInquiries', title: '通知公告', nav: true },
  { path: 'consultingServices', title: '咨询服务', nav: true },
  { path: 'pqList', title: '片区介绍' },
  { path: 'zhongdianxiangmu', title: '重点项目' },
  { path: 'tuijiejihua', title: '公开租赁' },
  { path: 'enteringNewArea', title: '走进新区' },
  { path: 'landPromotion', title: '土地推介' },
  { path: 'regionalPosition', title: '区位优势' },
  { path: 'personalCenter', title: '个人中心' },
  { path: 'mapMoreDetails/:id', title: '地块详情' },
  { path: 'gkzzMoreDetails/:id', title: '地块详情' },
  { path: 'mapMoreGpggDetails/:id', title: '挂牌地块详情' },
  { path: 'landTransactionDetails/:id', title: '成交地块详情' },
  { path: 'tzggDetail/:id', title: '公告详情' },
  { path: 'plotContrastTable/:plotList', title: '地块对比' },
  { path: 'pqPositionDetail/:name', title: '片区详情' },
  { path: 'search/:searchValue', title: '全局搜索' },
  { path: 'secondMarket', title: '二级市场' },
  { path: 'secondMarketDetail/:id', title: '二级市场详情' },
];

/** Top-level routes outside both shells (SPEC §2 "Other top-level routes"). */
export const TOP_LEVEL_ROUTES = [
  '/login',
  '/TimeOut',
  '/mobileindex',
  '/mobileMoreDetails/:id',
  '/xcxmobileMoreDetails/:id',
  // Listed with the public shell in SPEC §2, but a phone page: it lives with the mobile pages.
  '/mobileTzggDetail/:id',
] as const;

/** Every SPA path pattern, absolute, used by the server's history fallback. */
export function spaRoutePatterns(): string[] {
  return [
    '/',
    MANAGEMENT_BASE,
    ...MANAGEMENT_SCREENS.map((s) => `${MANAGEMENT_BASE}/${s.path}`),
    ...PUBLIC_ROUTES.map((r) => `/${r.path}`),
    ...TOP_LEVEL_ROUTES,
  ];
}

/** True when `pathname` matches one of the SPA patterns (":x" matches one non-empty segment). */
export function isSpaRoute(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return spaRoutePatterns().some((pattern) => {
    const a = pattern.split('/');
    const b = clean.split('/');
    return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? b[i] !== '' : seg === b[i]));
  });
}

/** Mobile user agents are sent from the public index to /mobileindex (SPEC §1). */
export function isMobileUserAgent(ua: string): boolean {
  return /Android|iPhone|iPod|iPad|Windows Phone|Mobile|MicroMessenger|HarmonyOS/i.test(ua);
}
