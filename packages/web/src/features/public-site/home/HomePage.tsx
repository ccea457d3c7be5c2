import { useSuspenseQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { fileUrl } from '../../../lib/files';
import { PageHead } from '../../../public/head';
import { SEARCH_LIMIT } from '@land/shared/constants';
import { titlePhrases, separatedPhrases } from '@land/shared/phrases';
import { Phrases, SearchInput, Tag } from '../../../public-ui';
import { AimOutlined } from '../../../public-ui/icons/AimOutlined';
import { ApartmentOutlined } from '../../../public-ui/icons/ApartmentOutlined';
import { BankOutlined } from '../../../public-ui/icons/BankOutlined';
import { CalendarOutlined } from '../../../public-ui/icons/CalendarOutlined';
import { CustomerServiceOutlined } from '../../../public-ui/icons/CustomerServiceOutlined';
import { FileProtectOutlined } from '../../../public-ui/icons/FileProtectOutlined';
import { FileSearchOutlined } from '../../../public-ui/icons/FileSearchOutlined';
import { HomeOutlined } from '../../../public-ui/icons/HomeOutlined';
import { RightOutlined } from '../../../public-ui/icons/RightOutlined';
import { ShopOutlined } from '../../../public-ui/icons/ShopOutlined';
import { parcelPageQuery, settingsQuery } from '../../public-map/api';
import { dateText, EVENT_TYPE_LABELS, NOTICE_TYPE_LABELS, num, optionLabel, text } from '../../public-map/format';
import { latestNoticesQuery, pageQuery, PATHS, publicTotalsQuery, type DistrictInfo } from '../api';
import { ParcelCard } from '../ParcelCard';
import { firstImage, NoData } from '../ui';
import { ResponsiveImage } from '../../../lib/responsive-image';
import { BannerCarousel } from './BannerCarousel';
import styles from './HomePage.module.css';

interface Entry {
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
}

/** A district tile's width: one column on a phone, two from 576 px, three from 992 px. */
const DISTRICT_SIZES = '(max-width: 576px) 100vw, (max-width: 992px) 50vw, 400px';

const ENTRIES: Entry[] = [
  { to: '/index', title: '地图找地', text: '按片区、用途、面积在地图上找地', icon: <AimOutlined /> },
  { to: '/landListing', title: '挂牌地块', text: '正在挂牌出让的地块', icon: <ShopOutlined /> },
  { to: '/landDeal', title: '成交地块', text: '近年成交地块与成交价格', icon: <BankOutlined /> },
  { to: '/gdjhMapIndex', title: '供地计划', text: '年度国有建设用地供应计划', icon: <CalendarOutlined /> },
  { to: '/clkcrtd', title: '存量土地', text: '可盘活利用的存量土地', icon: <HomeOutlined /> },
  { to: '/policiesRegulations', title: '招商政策', text: '产业扶持与用地政策', icon: <FileProtectOutlined /> },
  { to: '/pqList', title: '片区介绍', text: '各功能片区的区位与配套', icon: <FileSearchOutlined /> },
  { to: '/consultingServices', title: '咨询服务', text: '在线留言，专人答复', icon: <CustomerServiceOutlined /> },
];

function SectionHead({ title, more }: { title: string; more?: string }) {
  return (
    <div className={styles.sectionHead}>
      <h2>{title}</h2>
      {more && (
        <Link to={more}>
          查看更多 <RightOutlined />
        </Link>
      )}
    </div>
  );
}

/** District cards on the home page (display order); 更多 leads to all of them (/pqList). */
const HOME_DISTRICTS = 6;

export function HomePage() {
  const navigate = useNavigate();
  // All of the page's data in one round (rendered on the server, embedded for hydration).
  const [{ data: settings }, districts, newest, notices, events, totals] = useSuspenseQueries({
    queries: [
      settingsQuery,
      pageQuery<DistrictInfo>(PATHS.districtsWithFigures, { pageNo: 1, pageSize: HOME_DISTRICTS }),
      parcelPageQuery({ pageNo: 1, pageSize: 8, orderBy: 'publishedAt', order: 'desc' }),
      latestNoticesQuery(7),
      pageQuery(PATHS.events, { pageNo: 1, pageSize: 4 }),
      // The public totals, from the same query as the map search and the district pages.
      publicTotalsQuery,
    ],
  });

  const search = (value: string) => {
    const t = value.trim();
    if (t) navigate(`/search/${encodeURIComponent(t)}`);
  };

  const trade = (state: string) => totals.data.byTradeState.find((t) => t.tradeState === state)?.count ?? 0;
  const stats = { count: totals.data.count, mu: totals.data.landAreaMu, listed: trade('listed'), deal: trade('deal') };
  const banners = settings?.bannerImages ?? [];
  const siteName = settings?.siteName || '开发区土地信息平台';

  return (
    <div className={styles.page}>
      <PageHead title={siteName} siteName={siteName} description={settings?.siteSubtitle || '一图览全区土地 · 一站办招商服务：地块查询、招商政策、交易信息与咨询服务'} image={banners[0] ? fileUrl(banners[0].url) : null} />
      <section className={styles.hero} aria-labelledby="home-title">
        {banners.length > 0 && (
          <BannerCarousel banners={banners.map((b) => ({ url: fileUrl(b.url), name: b.name }))} />
        )}
        <div className={`${styles.heroInner} ${banners.length ? styles.overImage : ''}`}>
          <h1 id="home-title" className={styles.heroTitle} data-testid="home-title">
            <Phrases parts={titlePhrases(siteName)} />
          </h1>
          <p className={styles.heroText} data-testid="home-subtitle">
            <Phrases parts={separatedPhrases(settings?.siteSubtitle || '一图览全区土地 · 一站办招商服务')} spaced />
          </p>
          <SearchInput className={styles.search} size="large" placeholder="搜索地块、公告、政策" onSearch={search} label="全局搜索" testId="home-search" limit={SEARCH_LIMIT} />
          <div className={styles.hotWords} data-testid="home-hot-words">
            热门：
            {['工业用地', '物流', '生物医药', '标准地'].map((w) => (
              <Link key={w} to={`/search/${encodeURIComponent(w)}`}>
                {w}
              </Link>
            ))}
          </div>
        </div>
      </section>

      <section className={styles.stats} aria-label="土地概况" data-testid="home-stats">
        {[
          { label: '在线地块', value: num(stats.count, 0), unit: '宗', to: '/index' },
          { label: '地块总面积', value: num(stats.mu, 0), unit: '亩', to: '/index' },
          { label: '挂牌中', value: num(stats.listed, 0), unit: '宗', to: '/landListing' },
          { label: '已成交', value: num(stats.deal, 0), unit: '宗', to: '/landDeal' },
          { label: '产业片区', value: num(districts.data.total, 0), unit: '个', to: '/pqList' },
        ].map((s) => (
          <Link key={s.label} to={s.to} className={styles.stat}>
            <span className={styles.statValue}>
              {s.value || '0'}
              <small>{s.unit}</small>
            </span>
            <span className={styles.statLabel}>{s.label}</span>
          </Link>
        ))}
      </section>

      <div className={styles.entries}>
        {ENTRIES.map((entry) => (
          <Link key={entry.to} to={entry.to} className={styles.entry}>
              <span className={styles.entryIcon}>{entry.icon}</span>
              <span>
                <span className={styles.entryTitle}>{entry.title}</span>
                <span className={styles.entryText}>{entry.text}</span>
              </span>
            </Link>
        ))}
      </div>

      <section data-testid="home-section-最新地块">
        <SectionHead title="最新地块" more="/index" />
        {newest.data.list.length === 0 ? (
          <NoData text="暂无已发布地块" />
        ) : (
          <div className={styles.parcels}>
            {newest.data.list.map((p) => (
              <ParcelCard key={p.id} parcel={p} />
            ))}
          </div>
        )}
      </section>

      <div className={styles.twoCol}>
          <section className={styles.panel} data-testid="home-section-通知公告">
            <SectionHead title="通知公告" more="/popularInquiries" />
            {notices.data.length === 0 ? (
              <NoData />
            ) : (
              <ul className={styles.noticeList}>
                {notices.data.map((n) => (
                  <li key={n.id}>
                    <Link to={`/tzggDetail/${n.id}`} className={styles.notice}>
                      <Tag className={styles.noticeTag} color={text(n.type) === 'transfer' ? 'blue' : text(n.type) === 'deal' ? 'green' : 'default'}>
                        {text(n.typeLabel) || optionLabel(NOTICE_TYPE_LABELS, n.type)}
                      </Tag>
                      <span className={styles.noticeTitle}>
                        {n.isTop === 1 && <span className={styles.top}>置顶</span>}
                        {text(n.title)}
                      </span>
                      <span className={styles.date}>{dateText(n.publishDate)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className={styles.panel} data-testid="home-section-招商活动">
            <SectionHead title="招商活动" more="/landPromotion" />
            {events.data.list.length === 0 ? (
              <NoData />
            ) : (
              <div className={styles.events}>
                {events.data.list.map((e) => {
                  const cover = firstImage(e.cover);
                  return (
                    <Link key={e.id} to={`/landPromotion?event=${e.id}`} className={styles.event}>
                      <div className={styles.eventCover}>
                        {cover ? <ResponsiveImage src={cover} alt="" width={120} height={76} sizes="120px" style={{ width: '100%', height: '100%' }} /> : <ApartmentOutlined />}
                      </div>
                      <div className={styles.eventBody}>
                        <div className={styles.eventTitle}>{text(e.title)}</div>
                        <div className={styles.eventMeta}>
                          <Tag>{text(e.typeLabel) || optionLabel(EVENT_TYPE_LABELS, e.type)}</Tag>
                          <span className={styles.eventDate}>{dateText(e.eventDate)}</span>
                        </div>
                        {text(e.summary) && <div className={styles.eventSummary}>{text(e.summary)}</div>}
                      </div>
                    </Link>
                  );
                })}
              </div>
            )}
          </section>
      </div>

      <section data-testid="home-section-片区">
        <SectionHead title="产业片区" more="/pqList" />
        <div className={styles.districts}>
          {districts.data.list.map((d) => {
            const img = firstImage(d.images);
            return (
                <Link key={d.areacode} to={`/pqPositionDetail/${encodeURIComponent(d.areaname)}`} className={styles.district}>
                  {img && (
                    <>
                      <ResponsiveImage src={img} alt="" width={400} height={150} sizes={DISTRICT_SIZES} className={styles.districtPhoto} style={{ width: '100%', height: '100%' }} />
                      <span className={styles.districtShade} />
                    </>
                  )}
                  <div className={styles.districtName}>{d.areaname}</div>
                  <div className={styles.districtIndustry}>{text(d.leadingIndustry)}</div>
                  <div className={styles.districtFigures}>
                    规划面积 {num(d.planArea) || '—'} 平方公里 · 在线地块 {d.statistics?.count ?? 0} 宗
                  </div>
                </Link>
            );
          })}
        </div>
      </section>
    </div>
  );
}
