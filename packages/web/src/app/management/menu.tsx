import {
  AppstoreOutlined,
  BarChartOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  MessageOutlined,
  SettingOutlined,
  TeamOutlined,
  TransactionOutlined,
} from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { MANAGEMENT_SCREENS, MENU_GROUPS } from '@land/shared/routes';
import { canUseScreen } from '@land/shared/roles';

type MenuItem = Required<MenuProps>['items'][number];

const GROUP_ICONS: Record<(typeof MENU_GROUPS)[number], ReactNode> = {
  统计分析: <BarChartOutlined />,
  地块管理: <EnvironmentOutlined />,
  交易管理: <TransactionOutlined />,
  土地供应: <AppstoreOutlined />,
  招商服务: <TeamOutlined />,
  基础数据: <DatabaseOutlined />,
  微信与消息: <MessageOutlined />,
  系统管理: <SettingOutlined />,
};

/** Submenu keys are prefixed so they never collide with a screen path. */
export const groupKey = (group: string): string => `group:${group}`;

/**
 * The side menu: one submenu per group in MENU_GROUPS order, screens in table order. A group
 * holding a single screen of the same name (统计分析) is shown as a plain item. Only the screens
 * the role may use (SCREEN_PERMISSIONS of @land/shared/roles) are listed; empty groups go.
 */
export function buildMenuItems(role: string): MenuItem[] {
  return MENU_GROUPS.flatMap((group): MenuItem[] => {
    const screens = MANAGEMENT_SCREENS.filter((s) => s.group === group && canUseScreen(role, s.path));
    if (screens.length === 0) return [];
    if (screens.length === 1 && screens[0].title === group) {
      return [{ key: screens[0].path, icon: GROUP_ICONS[group], label: screens[0].title }];
    }
    return [
      {
        key: groupKey(group),
        icon: GROUP_ICONS[group],
        label: group,
        children: screens.map((s) => ({ key: s.path, label: s.title })),
      },
    ];
  });
}
