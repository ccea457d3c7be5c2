import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MANAGEMENT_BASE, PUBLIC_ROUTES } from '@land/shared/routes';
import { KeepAliveOutlet } from '../../components/KeepAliveOutlet';
import { settingsQuery } from '../../features/public-map/api';
import { useCompareItems } from '../../features/visitor/compare';
import { VisitorAuthHost, VisitorMenu } from '../../features/visitor/VisitorMenu';
import { PENDING_SSR_ROUTES } from '../../public/pending';
import { DownOutlined } from '../../public-ui/icons/DownOutlined';
import { EnvironmentOutlined } from '../../public-ui/icons/EnvironmentOutlined';
import { MailOutlined } from '../../public-ui/icons/MailOutlined';
import { PhoneOutlined } from '../../public-ui/icons/PhoneOutlined';
import { useRevealInRow } from '../../public-ui/reveal';
import { useActivePublicRoute } from '../route-handle';
import styles from './PublicLayout.module.css';

/** Until the settings arrive (the shared default lives beside zod, which the first paint does without). */
const FALLBACK_SITE_NAME = '开发区土地信息平台';

const TITLE_OF = new Map(PUBLIC_ROUTES.map((r) => [r.path, r.title]));

/** Secondary pages, reached from the 更多 menu (and from links on the pages themselves). */
const MORE_PATHS = ['pqList', 'regionalPosition', 'enteringNewArea', 'landPromotion', 'zhongdianxiangmu', 'tuijiejihua', 'secondMarket'];

const NAV_ITEMS = PUBLIC_ROUTES.filter((r) => r.nav).map((r) => ({ key: r.path, label: r.title }));
const MORE_ITEMS = MORE_PATHS.map((path) => ({ key: path, label: TITLE_OF.get(path) ?? path }));

// The compare tray (with antd Badge and Tooltip) loads once a parcel is chosen for comparison.
const CompareTray = lazy(() => import('../../features/visitor/CompareTray').then((m) => ({ default: m.CompareTray })));

function CompareTrayHost() {
  const items = useCompareItems();
  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CompareTray />
    </Suspense>
  );
}

/**
 * The site's main navigation in plain markup (antd's Menu is about 20 KiB gzipped on every
 * public page). A menubar of links; 更多 opens its list on hover, on keyboard focus and on click.
 */
function PublicNav({ activeKey }: { activeKey: string }) {
  const moreActive = MORE_PATHS.includes(activeKey);
  // Open while the pointer or the focus is on 更多 ('passing'), or since a click or tap on it
  // ('clicked'): a click opens the list a hover or the focus has opened already, so a click on
  // 更多 (a tap focuses the button first) no longer closes it again at once.
  const [more, setMore] = useState<false | 'passing' | 'clicked'>(false);
  const moreOpen = more !== false;
  const setMoreOpen = (open: boolean) => setMore((m) => (open ? m || 'passing' : false));
  // A new page closes the list (the pointer or the focus may still be on it).
  useEffect(() => setMoreOpen(false), [activeKey]);
  // On a phone the row scrolls: the current page's item is brought into it (咨询服务 was off the edge).
  const navRef = useRef<HTMLElement>(null);
  useRevealInRow(navRef, '[aria-current="page"]', activeKey);
  return (
    <nav className={styles.nav} aria-label="网站导航" ref={navRef}>
      <ul className={styles.navList} role="menubar">
        {NAV_ITEMS.map((item) => (
          <li key={item.key} role="none" className={item.key === activeKey ? styles.navActive : undefined}>
            <Link role="menuitem" to={`/${item.key}`} aria-current={item.key === activeKey ? 'page' : undefined} className={styles.navLink}>
              {item.label}
            </Link>
          </li>
        ))}
        <li
          role="none"
          className={`${styles.more} ${moreActive ? styles.navActive : ''}`}
          onMouseEnter={() => setMoreOpen(true)}
          onMouseLeave={() => setMoreOpen(false)}
          onFocus={() => setMoreOpen(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setMoreOpen(false);
          }}
          onKeyDown={(e) => {
            const links = [...e.currentTarget.querySelectorAll<HTMLAnchorElement>('ul a')];
            const at = links.indexOf(document.activeElement as HTMLAnchorElement);
            if (e.key === 'Escape') {
              setMoreOpen(false);
              e.currentTarget.querySelector('button')?.focus();
            } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              // Arrow keys move through the list (and open it from the 更多 button).
              e.preventDefault();
              setMoreOpen(true);
              const next = e.key === 'ArrowDown' ? (at + 1) % links.length : (at <= 0 ? links.length : at) - 1;
              requestAnimationFrame(() => links[next]?.focus());
            }
          }}
        >
          <button type="button" role="menuitem" aria-haspopup="menu" aria-expanded={moreOpen} className={styles.navLink} onClick={() => setMore((m) => (m === 'clicked' ? false : 'clicked'))}>
            更多 <DownOutlined className={styles.moreArrow} />
          </button>
          <ul role="menu" aria-label="更多" className={styles.moreList} hidden={!moreOpen}>
            {MORE_ITEMS.map((item) => (
              <li key={item.key} role="none">
                <Link role="menuitem" to={`/${item.key}`} aria-current={item.key === activeKey ? 'page' : undefined} className={item.key === activeKey ? styles.moreActive : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </li>
        {/* On a phone the row scrolls and a list dropping from it would be cut off: 更多's pages
            stand in the row itself there (CSS shows one set or the other). */}
        {MORE_ITEMS.map((item) => (
          <li key={item.key} role="none" className={`${styles.moreInline} ${item.key === activeKey ? styles.navActive : ''}`}>
            <Link role="menuitem" to={`/${item.key}`} aria-current={item.key === activeKey ? 'page' : undefined} className={styles.navLink}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

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
  // In the server render, so the header and footer come with the page.
  const settings = useSuspenseQuery(settingsQuery).data;
  const siteName = settings?.siteName || FALLBACK_SITE_NAME;
  const year = new Date().getFullYear();
  const fullBleed = route ? FULL_BLEED.has(route.path) : false;
  const navKey = route ? (NAV_PARENT[route.path] ?? route.path) : '';

  // Server-rendered pages set their own head (public/head.tsx); the rest still get the title here.
  const pending = route ? PENDING_SSR_ROUTES.includes(route.path) : false;
  useEffect(() => {
    if (pending) document.title = route ? `${route.title} - ${siteName}` : siteName;
  }, [pending, route, siteName]);

  return (
    <div className={styles.root}>
      <header className={styles.header}>
        <Link to="/home" className={styles.brand} title={siteName}>
          <span className={styles.brandMark}>土</span>
          <span className={styles.brandName}>{siteName}</span>
        </Link>
        <PublicNav activeKey={navKey} />
        <div className={styles.account}>
          <VisitorMenu />
        </div>
      </header>
      <main className={fullBleed ? styles.fullBleed : styles.content}>
        {/* Pages wait for their data here; the reserved height keeps the footer from jumping. */}
        <Suspense fallback={<div className={styles.pageLoading} aria-busy="true" />}>
          <KeepAliveOutlet activeKey={route?.keepAlive ? location.pathname : null} />
        </Suspense>
      </main>
      {!fullBleed && (
        <footer className={styles.footer}>
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
        </footer>
      )}
      {route?.path !== 'plotContrastTable/:plotList' && <CompareTrayHost />}
      <VisitorAuthHost />
    </div>
  );
}
