import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { PageHead } from '../../../public/head';
import { useInView } from '../../../public/use-in-view';
import { Card, Reserved, SkeletonBlock } from '../../../public-ui';
import { TrophyOutlined } from '../../../public-ui/icons/TrophyOutlined';
import type { Parcel } from '../../public-map/api';
import { dateText, num, text, wanText } from '../../public-map/format';
import { recentDealsQuery, type YearDeals } from '../api';
import { NoData, PageBanner, SimpleTable } from '../ui';
import { ParcelBrowser } from './ParcelBrowser';
import styles from './ParcelBrowser.module.css';
import dealStyles from './LandDealPage.module.css';

const DealsChart = lazy(() => import('./DealsChart'));

type Trade = Record<string, unknown> | null | undefined;

const CHART_HEIGHT = 300;

/** The chart draws in the browser only, once near the viewport, in a box of its final size. */
function DealsChartBox({ years }: { years: YearDeals[] }) {
  const [ref, inView] = useInView<HTMLDivElement>();
  return (
    <div ref={ref}>
      <Reserved height={CHART_HEIGHT}>
        {inView && (
          <Suspense fallback={<SkeletonBlock height={CHART_HEIGHT} />}>
            <DealsChart years={years} />
          </Suspense>
        )}
      </Reserved>
    </div>
  );
}

function RecentDeals() {
  const years = useSuspenseQuery(recentDealsQuery).data;
  const sum = years.reduce((a, y) => ({ count: a.count + (y.count ?? 0), mu: a.mu + Number(y.landAreaMu ?? 0), amount: a.amount + Number(y.amount ?? 0) }), { count: 0, mu: 0, amount: 0 });
  return (
    <Card title="近五年成交情况" id="recent-deals" testId="recent-deals" className={dealStyles.card}>
      {years.length === 0 ? (
        <NoData text="暂无成交统计" />
      ) : (
        <div className={dealStyles.grid}>
          <DealsChartBox years={years} />
          <div>
            <dl className={dealStyles.stats}>
              <div>
                <dt>成交宗数</dt>
                <dd>
                  {sum.count} <small>宗</small>
                </dd>
              </div>
              <div>
                <dt>成交面积</dt>
                <dd>
                  {num(sum.mu) || '0'} <small>亩</small>
                </dd>
              </div>
              <div>
                <dt>成交金额</dt>
                <dd>
                  {num(sum.amount) || '0'} <small>万元</small>
                </dd>
              </div>
            </dl>
            <SimpleTable<YearDeals & { id: number }>
              dataSource={years.map((y) => ({ ...y, id: y.year }))}
              columns={[
                { title: '年度', dataIndex: 'year', render: (v) => `${text(v)}年` },
                { title: '宗数', dataIndex: 'count', align: 'right' },
                { title: '面积（亩）', dataIndex: 'landAreaMu', align: 'right', render: (v) => num(v) || '0' },
                { title: '金额（万元）', dataIndex: 'amount', align: 'right', render: (v) => num(v) || '0' },
              ]}
            />
          </div>
        </div>
      )}
    </Card>
  );
}

/** 成交地块 (landDeal): concluded deals, with the last five years at a glance. */
export function LandDealPage() {
  return (
    <div>
      <PageHead title="成交地块" description="已完成出让的地块与成交结果：成交价、竞得人与成交日期，近五年成交情况。" />
      <PageBanner title="成交地块" crumbs={[{ title: '成交地块' }]} subtitle="已完成出让的地块与成交结果：成交价、竞得人与成交日期。" tone="teal" />
      <RecentDeals />
      <ParcelBrowser
        path="selectLandInfosJyxt"
        fixed={{ state: 'deal' }}
        emptyText="暂无成交地块"
        cardFooter={(p: Parcel) => {
          const t = p.transaction as Trade;
          if (!t) return null;
          return (
            <div className={styles.tradeLine}>
              <span>
                <TrophyOutlined /> 成交 <b>{wanText(t.dealPrice)}</b>
              </span>
              <span>{dateText(t.dealDate)}</span>
            </div>
          );
        }}
        columns={[
          { title: '成交价', key: 'deal', align: 'right', render: (p) => wanText((p.transaction as Trade)?.dealPrice) },
          { title: '成交日期', key: 'date', render: (p) => dateText((p.transaction as Trade)?.dealDate) },
          { title: '竞得人', key: 'winner', render: (p) => text((p.transaction as Trade)?.winner) || '—' },
        ]}
      />
    </div>
  );
}
