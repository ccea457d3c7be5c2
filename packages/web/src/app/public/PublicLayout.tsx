import { EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Layout, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MANAGEMENT_BASE, PUBLIC_ROUTES } from '@land/shared/routes';
import { KeepAliveOutlet } from '../../components/KeepAliveOutlet';
import { useSiteSettings } from '../../features/public-map/api';
import { CompareTray } from '../../features/visitor/CompareTray';
import { VisitorAuthHost, VisitorMenu } from '../../features/visitor/VisitorMenu';
import { useActivePublicRoute } from '../route-handle';
import styles from './PublicLayout.module.css';

/** Until the settings arrive (the shared default lives beside zod, which the first paint does without). */
const FALLBACK_SITE_NAME = '开发区土地信息平台';

const TITLE_OF = new Map(PUBLIC_ROUTES.map((r) => [r.path, r.title]));

/** Secondary pages, reached from the 更多 menu (and from links on the pages themselves). */
const MORE_PATHS = ['pqList', 'regionalPosition', 'enteringNewArea', 'landPromotion', 'zhongdianxiangmu', 'tuijiejihua', 'secondMarket'];

const NAV_ITEMS: MenuProps['items'] = [
  ...PUBLIC_ROUTES.filter((r) => r.nav).map((r) => ({ key: r.path, label: r.title })),
  {
    key: 'more',
    label: '更多',
    children: MORE_PATHS.map((path) => ({ key: path, label: TITLE_OF.get(path) ?? path })),
  },
];

/** Full-window map pages: no page frame, no footer. */
const FULL_BLEED = new Set(['index', 'gdjhMapIndex', 'clkcrtd']);

/** Detail pages highlight the list they belong to. */
const NAV_PARENT: Record<string, string> = {
  'mapMoreDetails/:id': 'index',
  'gkzzMoreDetails/:id': 'index',
  'mapMoreGpggDetails/:id': 'landListing',
  'landTransactionDetails/:id': 'landDeal',
  'tzggDetail/:id': 'popularInquiries',
  'pqPositionDetail/:name': 'pqList',
  'secondMarketDetail/:id': 'secondMarket',
};

export function PublicLayout() {
  const route = useActivePublicRoute();
  const location = useLocation();
  const navigate = useNavigate();
  const settings = useSiteSettings().data;
  const siteName = settings?.siteName || FALLBACK_SITE_NAME;
  const year = new Date().getFullYear();
  const fullBleed = route ? FULL_BLEED.has(route.path) : false;
  const navKey = route ? (NAV_PARENT[route.path] ?? route.path) : '';

  useEffect(() => {
    document.title = route ? `${route.title} - ${siteName}` : siteName;
  }, [route, siteName]);

  return (
    <Layout className={styles.root}>
      <Layout.Header className={styles.header}>
        <Link to="/home" className={styles.brand} title={siteName}>
          <span className={styles.brandMark}>土</span>
          <span className={styles.brandName}>{siteName}</span>
        </Link>
        <Menu
          mode="horizontal"
          items={NAV_ITEMS}
          selectedKeys={navKey ? [navKey] : []}
          onClick={({ key }) => navigate(`/${key}`)}
          className={styles.nav}
          aria-label="网站导航"
        />
        <div className={styles.account}>
          <VisitorMenu />
        </div>
      </Layout.Header>
      <Layout.Content className={fullBleed ? styles.fullBleed : styles.content}>
        <KeepAliveOutlet activeKey={route?.keepAlive ? location.pathname : null} />
      </Layout.Content>
      {!fullBleed && (
        <Layout.Footer className={styles.footer}>
          <div className={styles.footerInner}>
            <div className={styles.footerBrand}>
              <div className={styles.footerName}>{siteName}</div>
              {settings?.siteSubtitle && <div>{settings.siteSubtitle}</div>}
              <div className={styles.contact}>
                {settings?.contactPhone && (
                  <span>
                    <PhoneOutlined /> {settings.contactPhone}
                  </span>
                )}
                {settings?.contactEmail && (
                  <span>
                    <MailOutlined /> {settings.contactEmail}
                  </span>
                )}
                {settings?.contactAddress && (
                  <span>
                    <EnvironmentOutlined /> {settings.contactAddress}
                  </span>
                )}
                {!settings?.contactPhone && !settings?.contactAddress && <span>可通过“咨询服务”栏目在线留言，专人答复。</span>}
              </div>
            </div>
            <div className={styles.footerLinks}>
              <Link to="/index">地图找地</Link>
              <Link to="/landListing">挂牌地块</Link>
              <Link to="/policiesRegulations">招商政策</Link>
              <Link to="/popularInquiries">通知公告</Link>
              <Link to="/consultingServices">咨询服务</Link>
              <Link to="/pqList">片区介绍</Link>
              <Link to={MANAGEMENT_BASE} data-testid="footer-management-link">
                管理后台
              </Link>
            </div>
          </div>
          <div className={styles.copyright}>
            © {year} {siteName} 版权所有{settings?.icpNumber ? ` · ${settings.icpNumber}` : ''}
          </div>
        </Layout.Footer>
      )}
      {route?.path !== 'plotContrastTable/:plotList' && <CompareTray />}
      <VisitorAuthHost />
    </Layout>
  );
}
