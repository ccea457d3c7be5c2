/** The pieces every phone page shares: the title bar and the answer to a failed or missing record. */
import { DesktopOutlined, LeftOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import styles from './mobile.module.css';

/** Back, title and the link to the same content on the desktop site (never in the web-view). */
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
      <h1 className={styles.barTitle}>{title}</h1>
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

interface LoadResultProps {
  /** true: the call failed (retry); false: the record does not exist or is not published. */
  failed: boolean;
  notFoundTitle: string;
  retry: () => void;
  /** Where "not found" leads; none inside the web-view. */
  backTo?: { to: string; title: string };
}

export function LoadResult({ failed, notFoundTitle, retry, backTo }: LoadResultProps) {
  return (
    <Result
      status={failed ? 'warning' : '404'}
      title={failed ? '加载失败' : notFoundTitle}
      subTitle={failed ? '请检查网络后重试' : '内容可能已下架或地址有误'}
      extra={
        failed ? (
          <Button type="primary" onClick={retry}>
            重新加载
          </Button>
        ) : backTo ? (
          <Link to={backTo.to}>
            <Button>{backTo.title}</Button>
          </Link>
        ) : null
      }
    />
  );
}
