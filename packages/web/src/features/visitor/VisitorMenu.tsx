import { BellOutlined, DownOutlined, LogoutOutlined, StarOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Badge, Button, Dropdown, Space } from 'antd';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { logoutVisitor, unreadQuery, visitorKeys } from './api';
import { openVisitorAuth, useAuthPrompt } from './auth-prompt';
import { clearVisitor, useVisitor } from './session';

const AuthModal = lazy(() => import('./AuthModal').then((m) => ({ default: m.AuthModal })));

/** Renders the login / register dialog whenever something asks for it; its code loads on first use. */
export function VisitorAuthHost() {
  const prompt = useAuthPrompt();
  if (!prompt) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal prompt={prompt} />
    </Suspense>
  );
}

/** Ends the visitor session here even when the server call fails (the token is then useless anyway). */
export function useVisitorLogout() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await logoutVisitor();
    } catch {
      // already signed out on the server, or offline: the local session goes regardless
    }
    clearVisitor();
    queryClient.removeQueries({ queryKey: visitorKeys.all });
    notify.success('已退出登录');
  };
}

/** 登录 / 注册 in the public header, or the visitor's name with their menu. */
export function VisitorMenu() {
  const visitor = useVisitor();
  const navigate = useNavigate();
  const logout = useVisitorLogout();
  const unread = useQuery({ ...unreadQuery, enabled: visitor !== null });

  if (!visitor) {
    return (
      <Space size={4} data-testid="visitor-entry">
        <Button type="text" onClick={() => openVisitorAuth({ mode: 'login' })} data-testid="visitor-login-button">
          登录
        </Button>
        <Button type="primary" ghost onClick={() => openVisitorAuth({ mode: 'register' })} data-testid="visitor-register-button">
          注册
        </Button>
      </Space>
    );
  }

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
