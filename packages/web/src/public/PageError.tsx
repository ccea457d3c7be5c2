import { useQueryClient } from '@tanstack/react-query';
import { isRouteErrorResponse, Link, useLocation, useMatches, useNavigate, useRouteError } from 'react-router';
import { isChunkLoadError } from '../lib/lazy-routes';
import { ApiError, CLIENT_CODES } from '../lib/request';
import { Button, buttonClass } from '../public-ui/Button';
import { PageHead } from './head';
import { NotFoundPage } from './NotFoundPage';
import { useRenderContext } from './ssr-context';
import styles from './NotFoundPage.module.css';

export interface PageErrorText {
  title: string;
  text: string;
  /** The page's script files did not arrive: only a full load can fetch them again. */
  reload: boolean;
}

/** What the visitor is told when a page cannot be shown. */
export function pageErrorText(error: unknown): PageErrorText {
  if (isChunkLoadError(error)) {
    return { title: '页面加载失败', text: '页面文件没有加载成功：网络可能中断，或网站刚刚更新。请检查网络后刷新页面。', reload: true };
  }
  if (error instanceof ApiError && error.code === CLIENT_CODES.network) {
    return { title: '网络连接失败', text: '没有连上服务器，请检查网络后重试。', reload: false };
  }
  if (error instanceof ApiError && error.message) {
    return { title: '页面加载失败', text: `${error.message.replace(/[。！!.\s]+$/u, '')}。请稍后重试。`, reload: false };
  }
  return { title: '页面加载失败', text: '服务暂时不可用，请稍后重试。', reload: false };
}

/**
 * The error page of every public and mobile route (React Router's ErrorBoundary): a page whose
 * data or script files did not arrive says so in Chinese, inside the site's header and footer,
 * with 重试 and a way home, instead of the router's developer page. A route answered 404
 * shows the not-found page.
 */
export function PageError() {
  const error = useRouteError();
  const ctx = useRenderContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  // The phone pages' home is /mobileindex; the mini-program's web-view pages link nowhere else.
  const mobile = useMatches().some((match) => match.id === 'mobile-layout');
  const home = location.pathname.startsWith('/xcx') ? null : { to: mobile ? '/mobileindex' : '/home', title: '返回首页' };
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage backTo={home} />;
  // Only the server render reads this (a loader that failed there).
  ctx.status = 503;
  const { title, text, reload } = pageErrorText(error);
  const retry = () => {
    if (reload) {
      window.location.reload();
      return;
    }
    // The failed queries start again, and a navigation to the same address leaves the error state.
    void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' });
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  };
  return (
    <div className={styles.root} data-testid="page-error" role="alert">
      <PageHead title={title} />
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>
        <Button kind="primary" onClick={retry} data-testid="page-error-retry">
          {reload ? '刷新页面' : '重试'}
        </Button>
        {home && (
          <Link to={home.to} className={buttonClass('default')} reloadDocument={reload} data-testid="page-error-home">
            {home.title}
          </Link>
        )}
      </div>
    </div>
  );
}
