import { Link } from 'react-router';
import { buttonClass } from '../public-ui/Button';
import { PageHead } from './head';
import { useRenderContext } from './ssr-context';
import styles from './NotFoundPage.module.css';

/**
 * "Page not found" of the public site. Rendered on the server it makes the answer a 404 (unknown
 * paths, and parcels that do not exist or are not published). `backTo` is where its button leads
 * (none inside the mini-program's web-view, whose links stay on its own pages).
 */
export function NotFoundPage({ what = '页面', backTo = { to: '/home', title: '返回首页' } }: { what?: string; backTo?: { to: string; title: string } | null }) {
  const ctx = useRenderContext();
  // Only the server render reads this (a render-time flag, not state: the answer is being built).
  ctx.status = 404;
  return (
    <div className={styles.root} data-testid="not-found">
      <PageHead title={`${what}不存在`} />
      <div className={styles.code} aria-hidden>
        404
      </div>
      <h1 className={styles.title}>{what}不存在</h1>
      <p className={styles.text}>您访问的{what}不存在或已下线。</p>
      {backTo && (
        <Link to={backTo.to} className={buttonClass('primary')}>
          {backTo.title}
        </Link>
      )}
    </div>
  );
}
