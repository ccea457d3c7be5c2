import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

// antd's Result brings three large illustrations; the error page is in the entry chunk, so it
// does without, and the 404 page loads when it is needed.
const NotFoundPage = lazy(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/**
 * Errors while loading or rendering a route. After a release the old page chunks are gone,
 * so a failed chunk import is answered with a reload rather than a dead end.
 */
export function RouteErrorPage() {
  return <RouteError />;
}

/**
 * The same for one back-office screen, shown in the management layout's content area: the
 * menu, the tabs and the header stay, so the clerk can open another screen, and a screen whose
 * code did not arrive (offline, or a release replacing the files) or failed to render takes only
 * itself down.
 */
export function ScreenErrorPage() {
  return <RouteError inScreen />;
}

function RouteError({ inScreen = false }: { inScreen?: boolean }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  }
  console.error(error);
  return (
    <div role="alert" data-testid={inScreen ? 'screen-error' : 'route-error'} style={{ minHeight: inScreen ? '40vh' : '60vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 12, padding: 24, textAlign: 'center' }}>
      <div style={{ fontSize: 48, lineHeight: 1, color: '#ff4d4f' }} aria-hidden>
        ⚠
      </div>
      <div style={{ fontSize: 24, color: 'rgba(0,0,0,.88)' }}>页面加载失败</div>
      <div style={{ color: 'rgba(0,0,0,.65)' }}>页面资源加载失败或出现异常，请刷新后重试。</div>
      <Button type="primary" onClick={() => window.location.reload()}>
        重新加载
      </Button>
    </div>
  );
}
