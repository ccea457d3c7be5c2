import { AimOutlined, BankOutlined, CustomerServiceOutlined, FileProtectOutlined, SearchOutlined, ShopOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import type { FormEvent, ReactNode } from 'react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMobileRootFontSize } from '../../lib/use-mobile-root-font-size';
import styles from './mobile.module.css';

const ENTRIES: { to: string; title: string; icon: ReactNode }[] = [
  { to: '/index', title: '地图找地', icon: <AimOutlined /> },
  { to: '/landListing', title: '挂牌地块', icon: <ShopOutlined /> },
  { to: '/landDeal', title: '成交地块', icon: <BankOutlined /> },
  { to: '/policiesRegulations', title: '招商政策', icon: <FileProtectOutlined /> },
  { to: '/consultingServices', title: '咨询服务', icon: <CustomerServiceOutlined /> },
];

/** Mobile home (/mobileindex): phones land here from / and /index. */
export function MobileIndexPage() {
  useMobileRootFontSize();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = keyword.trim();
    if (text) navigate(`/search/${encodeURIComponent(text)}`);
  };

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <h1 className={styles.heroTitle}>开发区土地信息平台</h1>
        <form className={styles.search} role="search" onSubmit={submit}>
          <SearchOutlined />
          <input
            className={styles.searchInput}
            type="search"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            placeholder="搜索地块名称、编号"
            aria-label="搜索地块"
          />
        </form>
      </header>
      <nav className={styles.entries} aria-label="功能入口">
        {ENTRIES.map((entry) => (
          <Link key={entry.to} to={entry.to} className={styles.entry}>
            <span className={styles.entryIcon}>{entry.icon}</span>
            <span>{entry.title}</span>
          </Link>
        ))}
      </nav>
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>最新地块</h2>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      </section>
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>通知公告</h2>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      </section>
      <footer className={styles.footer}>
        <Link to="/home">访问电脑版</Link>
      </footer>
    </div>
  );
}
