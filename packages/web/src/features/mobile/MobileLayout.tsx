import { Outlet, useLocation } from 'react-router';
import { BODY_FONT_PX, ROOT_FONT_DIVISOR, useMobileRootFontSize } from '../../lib/use-mobile-root-font-size';
import { PageErrorBar } from '../../public/PageError';
import { TopBar } from './chrome';
import styles from './mobile.module.css';

const MOBILE_ROOT_CSS = [
  `html{font-size:calc(100vw / ${ROOT_FONT_DIVISOR})}`,
  `body{font-size:${BODY_FONT_PX}px}`,
  ...[2, 3].map((dpr) => `@media (min-resolution:${dpr}dppx){body{font-size:${BODY_FONT_PX * dpr}px}}`),
].join('');

/**
 * The frame of every mobile route (/mobileindex, /mobileMoreDetails, /xcxmobileMoreDetails,
 * /mobileTzggDetail): outside the desktop public shell, with the SPEC §9 root font rule applied
 * for as long as any of them is shown (no flicker when moving between them).
 */
export function MobileLayout() {
  useMobileRootFontSize();
  const { pathname } = useLocation();
  return (
    <div className={styles.root} data-testid="mobile-root">
      {/* The same rule in CSS, so the server-rendered page has its rem sizes from the first paint
          (the hook then keeps it exact); removed with the layout, like the hook's values. */}
      <style>{MOBILE_ROOT_CSS}</style>
      {/* A page that fails keeps the phone's title bar: back (or home, opened from a link). */}
      <PageErrorBar value={<TopBar title={pathname.startsWith('/mobileTzggDetail/') ? '公告详情' : pathname.startsWith('/mobileindex') ? '地块查询' : '地块详情'} />}>
        <Outlet />
      </PageErrorBar>
    </div>
  );
}
