import { Outlet } from 'react-router';
import { useMobileRootFontSize } from '../../lib/use-mobile-root-font-size';
import styles from './mobile.module.css';

/**
 * The frame of every mobile route (/mobileindex, /mobileMoreDetails, /xcxmobileMoreDetails,
 * /mobileTzggDetail): outside the desktop public shell, with the SPEC §9 root font rule applied
 * for as long as any of them is shown (no flicker when moving between them).
 */
export function MobileLayout() {
  useMobileRootFontSize();
  return (
    <div className={styles.root} data-testid="mobile-root">
      <Outlet />
    </div>
  );
}
