import { DownOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import { Button, Dropdown, Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
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

  const close = (mode: CloseMode, target: string) => {
    if (mode === 'closeAll') {
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
        close(key as CloseMode, tab.path);
      },
    };
  };

  const active = tabs.find((t) => t.path === location.pathname) ?? null;

  return (
    <div className={styles.tabsBar}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active?.path}
        onChange={(path) => {
          const tab = tabs.find((t) => t.path === path);
          if (tab) navigate(tabHref(tab));
        }}
        onEdit={(target, action) => {
          if (action === 'remove' && typeof target === 'string') close('close', target);
        }}
        items={tabs.map((tab) => ({
          key: tab.path,
          closable: tab.closable,
          label: (
            <Dropdown menu={menuFor(tab)} trigger={['contextMenu']}>
              <span data-testid={tabTestId(tab.path)} data-path={tab.path} className={styles.tabLabel}>
                {tab.title}
              </span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={{
          right: (
            <Dropdown menu={menuFor(active ?? tabs[0])} trigger={['click']}>
              <Button size="small" type="text" data-testid="tabs-actions" aria-label="标签操作">
                标签操作 <DownOutlined />
              </Button>
            </Dropdown>
          ),
        }}
        className={styles.tabs}
      />
    </div>
  );
}
