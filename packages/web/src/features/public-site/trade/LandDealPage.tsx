import { TrophyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic, Table } from 'antd';
import { lazy, Suspense } from 'react';
import type { Parcel } from '../../public-map/api';
import { dateText, num, text, wanText } from '../../public-map/format';
import { recentDealsQuery, type YearDeals } from '../api';
import { NoData, PageBanner } from '../ui';
import { ParcelBrowser } from './ParcelBrowser';
import styles from './ParcelBrowser.module.css';

const DealsChart = lazy(() => import('./DealsChart'));

type Trade = Record<string, unknown> | null | undefined;

function RecentDeals() {
  const q = useQuery(recentDealsQuery);
  const years = q.data ?? [];
  const sum = years.reduce((a, y) => ({ count: a.count + (y.count ?? 0), mu: a.mu + Number(y.landAreaMu ?? 0), amount: a.amount + Number(y.amount ?? 0) }), { count: 0, mu: 0, amount: 0 });
  return (
    <Card variant="borderless" title="近五年成交情况" style={{ marginBottom: 16 }} data-testid="recent-deals">
      {q.isPending ? (
        <Skeleton active />
      ) : years.length === 0 ? (
        <NoData text="暂无成交统计" />
      ) : (
        <Row gutter={24}>
          <Col xs={24} xl={15}>
            <Suspense fallback={<Skeleton active />}>
              <DealsChart years={years} />
            </Suspense>
          </Col>
          <Col xs={24} xl={9}>
            <Row gutter={12} style={{ marginBottom: 12 }}>
              <Col span={8}>
                <Statistic title="成交宗数" value={sum.count} suffix="宗" />
              </Col>
              <Col span={8}>
                <Statistic title="成交面积" value={num(sum.mu)} suffix="亩" />
              </Col>
              <Col span={8}>
                <Statistic title="成交金额" value={num(sum.amount)} suffix="万元" />
              </Col>
            </Row>
            <Table<YearDeals>
              size="small"
              rowKey="year"
              pagination={false}
              dataSource={years}
              columns={[
                { title: '年度', dataIndex: 'year', render: (v: unknown) => `${text(v)}年` },
                { title: '宗数', dataIndex: 'count', align: 'right' },
                { title: '面积（亩）', dataIndex: 'landAreaMu', align: 'right', render: (v: unknown) => num(v) || '0' },
                { title: '金额（万元）', dataIndex: 'amount', align: 'right', render: (v: unknown) => num(v) || '0' },
              ]}
            />
          </Col>
        </Row>
      )}
    </Card>
  );
}

/** 成交地块 (landDeal): concluded deals, with the last five years at a glance. */
export function LandDealPage() {
  return (
    <div>
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
          { title: '成交价', key: 'deal', width: 130, align: 'right', render: (_v, p) => wanText((p.transaction as Trade)?.dealPrice) },
          { title: '成交日期', key: 'date', width: 120, render: (_v, p) => dateText((p.transaction as Trade)?.dealDate) },
          { title: '竞得人', key: 'winner', width: 200, render: (_v, p) => text((p.transaction as Trade)?.winner) || '—' },
        ]}
      />
    </div>
  );
}
