import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './NotFoundPage';

/**
 * Errors while loading or rendering a route. After a release the old page chunks are gone,
 * so a failed chunk import is answered with a reload rather than a dead end.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle="页面资源加载失败或出现异常，请刷新后重试。"
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      }
    />
  );
}
