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
    <div role="alert" style={{ minHeight: '60vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 12, padding: 24, textAlign: 'center' }}>
      <div style={{ fontSize: 48, lineHeight: 1, color: '#ff4d4f' }} aria-hidden>
        ⚠
      </div>
      <div style={{ fontSize: 24, color: 'rgba(0,0,0,.88)' }}>页面加载失败</div>
      <div style={{ color: 'rgba(0,0,0,.45)' }}>页面资源加载失败或出现异常，请刷新后重试。</div>
      <Button type="primary" onClick={() => window.location.reload()}>
        重新加载
      </Button>
    </div>
  );
}
