import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, startTransition, Suspense, useState } from 'react';
import { PageHead } from '../../../public/head';
import { useRenderContext, type RenderContext } from '../../../public/ssr-context';
import { useInView } from '../../../public/use-in-view';
import { BlockBoundary, Card, Reserved, SkeletonBlock } from '../../../public-ui';
import { TrophyOutlined } from '../../../public-ui/icons/TrophyOutlined';
import type { Parcel } from '../../public-map/api';
import { dateText, num, text, wanText } from '../../public-map/format';
import { recentDealsQuery, type YearDeals } from '../api';
import { NoData, PageBanner, SimpleTable } from '../ui';
import { dealsChartOption, dealsChartSummary } from './deals-chart-option';
import { ParcelBrowser } from './ParcelBrowser';
import styles from './ParcelBrowser.module.css';
import dealStyles from './LandDealPage.module.css';

const DealsChart = lazy(() => import('./DealsChart'));

type Trade = Record<string, unknown> | null | undefined;

const CHART_HEIGHT = 300;

/**
 * The server's drawings, by name: one for a phone's column and one for the desktop's; the CSS
 * shows the one for the box's width (container query), scaled to it. One drawing for both would
 * be either unreadably small on a phone or a narrow strip on the desktop (the box's height is fixed).
 */
const SVG_WIDTHS = { narrow: 360, wide: 720 } as const;
type ChartSvgs = Record<keyof typeof SVG_WIDTHS, string>;
const SVG_NAMES = Object.keys(SVG_WIDTHS) as (keyof typeof SVG_WIDTHS)[];

/**
 * The chart as the server drew it: on the server, drawn now; in the browser during hydration, the
 * markup already in the page (so the first render matches it); after a client-side navigation,
 * none.
 */
function serverSvgs(years: YearDeals[], draw: RenderContext['drawChartSvg']): ChartSvgs | undefined {
  if (draw) {
    const option = dealsChartOption(years);
    return { narrow: draw(option, SVG_WIDTHS.narrow, CHART_HEIGHT), wide: draw(option, SVG_WIDTHS.wide, CHART_HEIGHT) };
  }
  if (typeof document === 'undefined') return undefined;
  const [narrow, wide] = SVG_NAMES.map((name) => document.querySelector(`#recent-deals [data-chart-svg="${name}"]`)?.innerHTML);
  return narrow && wide ? { narrow, wide } : undefined;
}

/**
 * The chart in a box of its final size. Server-rendered, it is an SVG in the HTML, and ECharts
 * (about 150 KiB) loads only when the visitor asks for the tooltips: pointer over, focus or tap
 * on the box; the SVG stays until the interactive chart is ready. Reached by a client-side
 * navigation (no SVG), the interactive chart loads once the box is near the viewport.
 */
/** The server's drawing of the chart (its SVGs), shown until the interactive chart is asked for. */
function ServerDrawing({ svgs }: { svgs: ChartSvgs }) {
  return (
    <div className={dealStyles.chartSvg}>
      {SVG_NAMES.map((name) => (
        <div key={name} className={dealStyles[name]} data-chart-svg={name} dangerouslySetInnerHTML={{ __html: svgs[name] }} />
      ))}
    </div>
  );
}

function DealsChartBox({ years }: { years: YearDeals[] }) {
  const { drawChartSvg } = useRenderContext();
  const [ref, inView] = useInView<HTMLDivElement>();
  const [drawn] = useState(() => ({ years, svgs: serverSvgs(years, drawChartSvg) }));
  const [asked, setAsked] = useState(false);
  // A refetch with other figures (the cache keeps the same array when nothing changed) makes the drawing stale.
  const svgs = drawn.years === years ? drawn.svgs : undefined;
  const interactive = asked || (!svgs && inView);
  // In a transition, React keeps showing the SVG while the chart's code loads.
  const ask = () => {
    if (!asked) startTransition(() => setAsked(true));
  };
  return (
    <div ref={ref} className={dealStyles.chartBox} role="img" aria-label={dealsChartSummary(years)} tabIndex={0} onPointerEnter={ask} onFocus={ask} onClick={ask} data-testid="deals-chart-box">
      <Reserved height={CHART_HEIGHT}>
        {/* Without the chart's code (offline) the server's drawing stays, or the box says so. */}
        <BlockBoundary label="图表" fallback={svgs && <ServerDrawing svgs={svgs} />}>
          <Suspense fallback={<SkeletonBlock height={CHART_HEIGHT} />}>{interactive ? <DealsChart years={years} /> : svgs && <ServerDrawing svgs={svgs} />}</Suspense>
        </BlockBoundary>
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
