import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { isRouteErrorResponse, Link, useLocation, useMatches, useNavigate, useRouteError } from 'react-router';
import { pageErrorText } from '../lib/load-error';
import { resetFailedQueries } from '../public-ui/BlockBoundary';
import { Button, buttonClass } from '../public-ui/Button';
import { PageHead } from './head';
import { NotFoundPage } from './NotFoundPage';
import { useRenderContext } from './ssr-context';
import styles from './NotFoundPage.module.css';

/**
 * The title bar a layout puts above its pages' error page: the phone layout's back bar, so a phone
 * page that failed still has its way back (the layout's code is there when one of its pages fails).
 */
export const PageErrorBar = createContext<ReactNode>(null);

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
  const layoutBar = useContext(PageErrorBar);
  // Not in the mini-program's web-view, whose pages have no bar.
  const bar = home && layoutBar;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        {bar}
        <NotFoundPage backTo={home} />
      </>
    );
  }
  // Only the server render reads this (a loader that failed there).
  ctx.status = 503;
  const { title, text, reload } = pageErrorText(error);
  const retry = () => {
    if (reload) {
      window.location.reload();
      return;
    }
    // The failed queries start again, and a navigation to the same address leaves the error state.
    resetFailedQueries(queryClient);
    void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  };
  return (
    <>
      {bar}
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
    </>
  );
}
