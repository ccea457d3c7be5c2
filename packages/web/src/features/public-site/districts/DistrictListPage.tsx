import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHead } from '../../../public/head';
import { Empty, Tag } from '../../../public-ui';
import { EnvironmentOutlined } from '../../../public-ui/icons/EnvironmentOutlined';
import { RightOutlined } from '../../../public-ui/icons/RightOutlined';
import { DISTRICT_TYPE_LABELS, num, optionLabel, text } from '../../public-map/format';
import { districtsWithFiguresQuery } from '../api';
import { firstImage, PageBanner, Panel } from '../ui';
import { ProgressBar } from '../widgets';
import styles from './districts.module.css';
import { ResponsiveImage } from '../../../lib/responsive-image';

const SUBTITLE = '开发区各功能片区的定位、主导产业、规划面积与可供地块。';

/** 片区介绍 (pqList): every enabled district as a card with its figures. */
export function DistrictListPage() {
  const list = useSuspenseQuery(districtsWithFiguresQuery).data;
  const maxCount = Math.max(1, ...list.map((d) => d.statistics?.count ?? 0));
  return (
    <div>
      <PageHead title="片区介绍" description={`${SUBTITLE}${list.map((d) => d.areaname).join('、')}`} image={list.map((d) => firstImage(d.images)).find(Boolean)} />
      <PageBanner title="片区介绍" crumbs={[{ title: '片区介绍' }]} subtitle={SUBTITLE} />
      {list.length === 0 ? (
        <Panel>
          <Empty text="暂无片区信息" />
        </Panel>
      ) : (
        <div className={styles.cards}>
          {list.map((d, i) => {
            const img = firstImage(d.images);
            const s = d.statistics;
            const available = s?.byTradeState.find((t) => t.tradeState === 'none')?.count ?? 0;
            return (
              <Link key={d.areacode} to={`/pqPositionDetail/${encodeURIComponent(d.areaname)}`} className={styles.card} data-testid="district-card">
                <div className={styles.cover}>
                  {img && <ResponsiveImage src={img} alt="" className={styles.coverImage} width={400} height={150} sizes="(max-width: 576px) 100vw, (max-width: 992px) 50vw, 400px" priority={i === 0} eager={i < 3} style={{ width: '100%', height: '100%' }} />}
                  <div className={styles.coverShade}>
                    <Tag color="blue">{text(d.typeLabel) || optionLabel(DISTRICT_TYPE_LABELS, d.type)}</Tag>
                    <h2>{d.areaname}</h2>
                  </div>
                </div>
                <div className={styles.body}>
                  <div className={styles.industry}>{text(d.leadingIndustry) || '—'}</div>
                  {text(d.address) && (
                    <div className={styles.address}>
                      <EnvironmentOutlined /> {text(d.address)}
                    </div>
                  )}
                  <div className={styles.figures}>
                    <div>
                      <b>{num(d.planArea) || '—'}</b>
                      <small>规划面积（km²）</small>
                    </div>
                    <div>
                      <b>{s?.count ?? 0}</b>
                      <small>在线地块（宗）</small>
                    </div>
                    <div>
                      <b>{available}</b>
                      <small>可供地块（宗）</small>
                    </div>
                  </div>
                  <ProgressBar percent={((s?.count ?? 0) / maxCount) * 100} label="在线地块占比" />
                  <div className={styles.more}>
                    查看片区 <RightOutlined />
                  </div>
                </div>
              </Link>
            );
          })}
        </div>
      )}
    </div>
  );
}
