/** The signed-in visitor's name in the public header, with their menu (loaded by VisitorMenu once signed in). */
import { BellOutlined, DownOutlined, LogoutOutlined, StarOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Badge, Button, Dropdown, Space } from 'antd';
import { useNavigate } from 'react-router';
import { unreadQuery } from './api';
import type { VisitorSession } from './session';
import { useVisitorLogout } from './VisitorMenu';

export default function VisitorAccountMenu({ visitor }: { visitor: VisitorSession }) {
  const navigate = useNavigate();
  const logout = useVisitorLogout();
  const unread = useQuery(unreadQuery);

  const count = typeof unread.data === 'number' ? unread.data : 0;
  return (
    <Dropdown
      trigger={['click']}
      // Inside the sticky header, so the menu stays under its button while the page scrolls.
      getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
      menu={{
        items: [
          { key: 'center', icon: <UserOutlined />, label: '个人中心' },
          { key: 'collections', icon: <StarOutlined />, label: '我的收藏' },
          { key: 'messages', icon: <BellOutlined />, label: <Badge count={count} size="small" offset={[10, 0]}>我的消息</Badge> },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') void logout();
          else navigate(key === 'center' ? '/personalCenter' : `/personalCenter?tab=${key}`);
        },
      }}
    >
      <Button type="text" data-testid="visitor-menu">
        <Space size={6}>
          <Badge dot={count > 0} offset={[-2, 2]}>
            <Avatar size="small" style={{ background: '#1677ff' }} icon={<UserOutlined />} />
          </Badge>
          <span data-testid="visitor-name">{visitor.userName || visitor.userAccount}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </Button>
    </Dropdown>
  );
}
