import { DownOutlined, KeyOutlined, LogoutOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { Avatar, Breadcrumb, Button, Drawer, Dropdown, Grid, Layout, Menu, Spin } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { DEFAULT_TAB, MANAGEMENT_BASE } from '@land/shared/routes';
import { canUseScreen } from '@land/shared/roles';
import { logout } from '../../features/auth/api';
import { SessionTimeout } from '../../features/auth/SessionTimeout';
import { loginHref } from '../../lib/navigation';
import { clearSession, getSession, sessionEndedUnasked, subscribeSession } from '../../lib/session';
import { useActiveScreen } from '../route-handle';
import { buildMenuItems, groupKey } from './menu';
import { openTab, tabHref } from './tabs-model';
import { getTabs, setTabs } from './tabs-store';
import { TabsBar } from './TabsBar';
import styles from './ManagementLayout.module.css';

// The "no permission" state is rare; its antd Result (with illustrations) loads when shown.
const ForbiddenResult = lazy(() => import('./ForbiddenResult'));
// The password form (and the validators behind it) loads when it opens, not with every screen.
const ChangePasswordModal = lazy(() => import('../../features/auth/ChangePasswordModal').then((m) => ({ default: m.ChangePasswordModal })));

/** Active-menu index when no screen matches (SPEC §9). */
const DEFAULT_ACTIVE_MENU = 'home';

export function ManagementLayout() {
  const session = useSyncExternalStore(subscribeSession, getSession);
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const screen = useActiveScreen();
  const [collapsed, setCollapsed] = useState(false);
  // Below antd's md breakpoint (768 px) the menu leaves the page for a drawer opened from the header.
  const narrow = Grid.useBreakpoint().md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const role = session?.role ?? '';
  const menuItems = useMemo(() => buildMenuItems(role), [role]);
  // The server refuses the calls anyway; the page says so instead of showing empty lists.
  const forbidden = screen !== null && !canUseScreen(role, screen.path);
  const activeGroup = screen?.group ? groupKey(screen.group) : null;
  const [openKeys, setOpenKeys] = useState<string[]>(activeGroup ? [activeGroup] : []);

  // antd tables with a horizontal scroll keep a hidden measuring row holding copies of the
  // header controls (the select-all checkbox): take it out of the keyboard order too.
  useEffect(() => {
    const hideMeasureRows = () => document.querySelectorAll('.ant-table-measure-row:not([inert])').forEach((row) => row.setAttribute('inert', ''));
    hideMeasureRows();
    const observer = new MutationObserver(hideMeasureRows);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  // Every visited screen gets (or refreshes) its tab; the query string rides along so a
  // list comes back with its filters when the tab is clicked again.
  useEffect(() => {
    if (!screen || forbidden) return;
    setTabs(
      openTab(getTabs(), {
        name: screen.path,
        path: location.pathname,
        search: location.search,
        title: screen.title,
        closable: screen.closable,
      }),
    );
  }, [screen, forbidden, location.pathname, location.search]);

  useEffect(() => {
    if (activeGroup) setOpenKeys((keys) => (keys.includes(activeGroup) ? keys : [...keys, activeGroup]));
  }, [activeGroup]);

  // Signed out elsewhere (another tab, the server): back here once signed in again.
  if (!session) return <Navigate to={sessionEndedUnasked() ? loginHref(location.pathname + location.search) : '/login'} replace />;

  const signOut = async () => {
    try {
      await logout();
    } catch {
      // The session ends locally whatever the server says.
    }
    clearSession();
    navigate('/login', { replace: true });
  };

  const goToScreen = (path: string) => {
    setDrawerOpen(false);
    const existing = getTabs().find((t) => t.name === path);
    navigate(existing ? tabHref(existing) : `${MANAGEMENT_BASE}/${path}`);
  };

  const userMenu: MenuProps = {
    items: [
      { key: 'password', icon: <KeyOutlined />, label: '修改密码' },
      { type: 'divider' },
      { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
    ],
    onClick: ({ key }) => {
      if (key === 'password') setPasswordOpen(true);
      if (key === 'logout') void signOut();
    },
  };

  const activeMenu = screen?.path ?? DEFAULT_ACTIVE_MENU;

  /** The brand and the screen menu, in the side bar or (on a phone) in the drawer. */
  const sideMenu = (folded: boolean) => (
    <>
      <div className={styles.brand} title="开发区土地信息平台">
        <span className={styles.brandMark}>土</span>
        {!folded && <span className={styles.brandText}>土地信息平台</span>}
      </div>
      <Menu
        theme="dark"
        mode="inline"
        items={menuItems}
        selectedKeys={[activeMenu]}
        {...(folded ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => goToScreen(key)}
        data-testid="side-menu"
      />
    </>
  );
  const breadcrumbs = [...new Set([screen?.group, screen?.title])].filter((t): t is string => Boolean(t));

  return (
    <Layout className={styles.root} data-active-menu={activeMenu}>
      {narrow ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          size={256}
          closable={false}
          title={null}
          className={styles.menuDrawer}
          styles={{ body: { padding: 0 } }}
          aria-label="功能菜单"
        >
          <nav aria-label="功能菜单">{sideMenu(false)}</nav>
        </Drawer>
      ) : (
        <Layout.Sider collapsible collapsed={collapsed} trigger={null} width={224} className={styles.sider} aria-label="功能菜单">
          {sideMenu(collapsed)}
        </Layout.Sider>
      )}
      <Layout className={styles.main}>
        <Layout.Header className={styles.header}>
          {narrow ? (
            <Button type="text" icon={<MenuOutlined />} onClick={() => setDrawerOpen(true)} aria-label="打开菜单" aria-expanded={drawerOpen} data-testid="menu-drawer-button" />
          ) : (
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed((c) => !c)}
              aria-label={collapsed ? '展开菜单' : '收起菜单'}
            />
          )}
          <Breadcrumb
            className={styles.breadcrumb}
            items={breadcrumbs.map((title) => ({ title }))}
            data-testid="breadcrumb"
          />
          <Dropdown menu={userMenu} trigger={['click']}>
            <Button type="text" className={styles.user} data-testid="user-menu">
              <Avatar size="small" icon={<UserOutlined />} />
              <span className={styles.userName}>{session.userName || session.userAccount}</span>
              <DownOutlined />
            </Button>
          </Dropdown>
        </Layout.Header>
        <TabsBar onCloseAll={() => void signOut()} />
        <Layout.Content className={styles.content} data-screen-scroll>
          <h1 className={styles.pageTitle}>{screen?.title ?? '土地信息平台'}</h1>
          <Spin spinning={navigation.state === 'loading'} delay={300}>
            {/* Until the password is changed the server answers only the session calls: the screen waits behind the dialog. */}
            {session.mustChangePassword ? null : forbidden ? (
              <Suspense fallback={null}>
                <ForbiddenResult title={screen?.title ?? ''} onHome={() => navigate(`${MANAGEMENT_BASE}/${DEFAULT_TAB}`)} />
              </Suspense>
            ) : (
              <Outlet />
            )}
          </Spin>
        </Layout.Content>
      </Layout>
      <SessionTimeout session={session} onSignOut={() => void signOut()} />
      {(passwordOpen || session.mustChangePassword) && (
        <Suspense fallback={null}>
          <ChangePasswordModal open forced={session.mustChangePassword} onClose={() => setPasswordOpen(false)} onSignOut={() => void signOut()} />
        </Suspense>
      )}
    </Layout>
  );
}
