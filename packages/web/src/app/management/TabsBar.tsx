import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { Button, Dropdown } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import type { CSSProperties } from 'react';
import { useEffect, useRef } from 'react';
import { THEME_COLORS } from '@land/shared/theme';
import { useConfirm } from '../../components/use-confirm';
import { MANAGEMENT_BASE } from '@land/shared/routes';
import type { CloseMode, Tab } from './tabs-model';
import { closeTabs, tabHref } from './tabs-model';
import { getTabs, setTabs, useTabs } from './tabs-store';
import styles from './ManagementLayout.module.css';

const CLOSE_LABELS: Record<CloseMode, string> = {
  close: '关闭',
  closeLeft: '关闭左侧',
  closeRight: '关闭右侧',
  closeOthers: '关闭其他',
  closeAll: '全部关闭',
};

/** Stable test handle of a tab: its path below the back-office base, e.g. 'tab-user'. */
export function tabTestId(path: string): string {
  return `tab-${path.startsWith(`${MANAGEMENT_BASE}/`) ? path.slice(MANAGEMENT_BASE.length + 1) : path}`;
}

interface TabsBarProps {
  /** Closing every tab ends the visit (SPEC §2: the user goes to /login). */
  onCloseAll: () => void;
}

export function TabsBar({ onCloseAll }: TabsBarProps) {
  const tabs = useTabs();
  const location = useLocation();
  const navigate = useNavigate();
  const confirm = useConfirm();

  const close = async (mode: CloseMode, target: string) => {
    if (mode === 'closeAll') {
      // Closing every tab ends the visit: say so before doing it.
      if (!(await confirm('全部关闭将关闭所有页面并退出登录，确定要继续吗？'))) return;
      setTabs(closeTabs(getTabs(), mode, target, location.pathname).tabs);
      onCloseAll();
      return;
    }
    const result = closeTabs(getTabs(), mode, target, location.pathname);
    setTabs(result.tabs);
    if (result.navigateTo) navigate(result.navigateTo);
  };

  const menuFor = (tab: Tab): MenuProps => {
    const index = tabs.findIndex((t) => t.path === tab.path);
    const closableExists = (predicate: (t: Tab, i: number) => boolean) =>
      tabs.some((t, i) => t.closable && predicate(t, i));
    const items: MenuProps['items'] = [
      { key: 'close', label: CLOSE_LABELS.close, disabled: !tab.closable },
      { key: 'closeLeft', label: CLOSE_LABELS.closeLeft, disabled: !closableExists((_t, i) => i < index) },
      { key: 'closeRight', label: CLOSE_LABELS.closeRight, disabled: !closableExists((_t, i) => i > index) },
      { key: 'closeOthers', label: CLOSE_LABELS.closeOthers, disabled: !closableExists((_t, i) => i !== index) },
      { type: 'divider' },
      { key: 'closeAll', label: CLOSE_LABELS.closeAll, danger: true },
    ];
    return {
      items,
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        void close(key as CloseMode, tab.path);
      },
    };
  };

  const active = tabs.find((t) => t.path === location.pathname) ?? null;
  const listRef = useRef<HTMLUListElement>(null);
  // The current screen's tab is always in view, however many are open.
  useEffect(() => {
    listRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active?.path]);

  // The open screens are links (each has its own URL), not an ARIA tab widget: a tablist may
  // hold nothing but tabs, and each of these has a close button beside it.
  return (
    <nav className={styles.tabsBar} aria-label="已打开的页面" style={{ '--land-primary': THEME_COLORS.primary } as CSSProperties}>
      <ul className={styles.tabList} ref={listRef}>
        {tabs.map((tab) => {
          const current = tab.path === active?.path;
          return (
            <li key={tab.path} className={current ? `${styles.tab} ${styles.tabActive}` : styles.tab}>
              <Dropdown menu={menuFor(tab)} trigger={['contextMenu']}>
                <Link
                  to={tabHref(tab)}
                  aria-current={current ? 'page' : undefined}
                  data-testid={tabTestId(tab.path)}
                  data-path={tab.path}
                  className={styles.tabLabel}
                >
                  {tab.title}
                </Link>
              </Dropdown>
              {tab.closable && (
                <button type="button" className={styles.tabClose} aria-label={`关闭${tab.title}`} title="关闭" onClick={() => void close('close', tab.path)}>
                  <CloseOutlined aria-hidden />
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <Dropdown menu={menuFor(active ?? tabs[0])} trigger={['click']}>
        <Button size="small" type="text" data-testid="tabs-actions">
          标签操作 <DownOutlined aria-hidden />
        </Button>
      </Dropdown>
    </nav>
  );
}
