import { LeftOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import { useNavigate } from 'react-router';
import { useMobileRootFontSize } from '../../lib/use-mobile-root-font-size';
import styles from './mobile.module.css';

interface MobileDetailsPageProps {
  /** Inside the mini-program web view the host app draws the title bar. */
  embedded?: boolean;
}

/** Mobile parcel detail (/mobileMoreDetails/:id, /xcxmobileMoreDetails/:id). */
export function MobileDetailsPage({ embedded = false }: MobileDetailsPageProps) {
  useMobileRootFontSize();
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      {!embedded && (
        <header className={styles.bar}>
          <button type="button" className={styles.back} onClick={() => navigate(-1)} aria-label="返回">
            <LeftOutlined />
          </button>
          <h1 className={styles.barTitle}>地块详情</h1>
        </header>
      )}
      <section className={styles.section}>
        <Empty description="暂无数据" />
      </section>
    </div>
  );
}
