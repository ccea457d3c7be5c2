import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '../../public-ui/Button';
import { openVisitorAuth, useAuthPrompt } from './auth-prompt';
import { useVisitor } from './session';
import { VisitorAccountMenu } from './VisitorAccountMenu';

const AuthModal = lazy(() => import('./AuthModal').then((m) => ({ default: m.AuthModal })));

/**
 * Renders the login / register dialog whenever something asks for it. Its code loads on first
 * use; from then on it stays mounted, so closing it returns the focus where it was.
 */
export function VisitorAuthHost() {
  const prompt = useAuthPrompt();
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (prompt) setUsed(true);
  }, [prompt]);
  if (!prompt && !used) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal prompt={prompt} />
    </Suspense>
  );
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
  return <VisitorAccountMenu visitor={visitor} />;
}
