import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { notify } from '../../lib/notify';
import { Button } from '../../public-ui/Button';
import { logoutVisitor, visitorKeys } from './api';
import { openVisitorAuth, useAuthPrompt } from './auth-prompt';
import { clearVisitor, useVisitor } from './session';

// The signed-in menu (antd Dropdown, Badge, Avatar) loads only for a signed-in visitor.
const VisitorAccountMenu = lazy(() => import('./VisitorAccountMenu'));
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
  if (!visitor) {
    return (
      <span style={{ display: 'inline-flex', gap: 4 }} data-testid="visitor-entry">
        <Button kind="text" onClick={() => openVisitorAuth({ mode: 'login' })} data-testid="visitor-login-button">
          登录
        </Button>
        <Button kind="ghost" onClick={() => openVisitorAuth({ mode: 'register' })} data-testid="visitor-register-button">
          注册
        </Button>
      </span>
    );
  }

  return (
    <Suspense fallback={<span data-testid="visitor-name">{visitor.userName || visitor.userAccount}</span>}>
      <VisitorAccountMenu visitor={visitor} />
    </Suspense>
  );
}
