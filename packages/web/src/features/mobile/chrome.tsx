/** The pieces every phone page shares: the title bar. */
import { Link, useLocation, useNavigate } from 'react-router';
import { DesktopOutlined } from '../../public-ui/icons/DesktopOutlined';
import { LeftOutlined } from '../../public-ui/icons/LeftOutlined';
import styles from './mobile.module.css';

/**
 * Back, title and the link to the same content on the desktop site (never in the web-view). The
 * bar's title names the kind of page; the page's own heading (its one h1) is the record's name.
 */
export function TopBar({ title, desktopTo }: { title: string; desktopTo?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened directly (a shared link): there is no page to go back to, so back means the mobile home.
  const back = () => (location.key === 'default' ? navigate('/mobileindex') : navigate(-1));
  return (
    <header className={styles.bar} data-testid="mobile-bar">
      <button type="button" className={styles.back} onClick={back} aria-label="返回">
        <LeftOutlined />
      </button>
      <p className={styles.barTitle}>{title}</p>
      {desktopTo ? (
        <Link to={desktopTo} className={styles.barLink} data-testid="desktop-link">
          <DesktopOutlined /> 电脑版
        </Link>
      ) : (
        <span className={styles.barSpacer} />
      )}
    </header>
  );
}
