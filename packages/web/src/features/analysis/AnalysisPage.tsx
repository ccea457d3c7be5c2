import { QuestionCircleOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Popover, Row, Segmented, Select, Space, Typography } from 'antd';
import type { TimeRangePickerProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ALL_DISTRICTS_LABEL } from '@land/shared/constants';
import { ScreenCard } from '../../components/ScreenCard';
import type { Granularity, StatisticsFilter } from './api';
import { dealsQuery, districtsQuery, overviewQuery, parcelStatisticsQuery, priceTrendQuery, supplyQuery, topVisitedQuery } from './api';
import { ChartCard } from './ChartCard';
import type { ChartCardProps } from './ChartCard';
import type { ChartOption } from './echarts';
import {
  DISTRICT_MAP,
  classOption,
  dealsOption,
  districtGeoJson,
  districtOption,
  mapOption,
  priceOption,
  statusOption,
  supplyOption,
  topVisitedOption,
} from './charts';
import type { ChartClick } from './EChart';
import { loadEcharts, useEchartsFailed } from './echarts-loader';
import { Headline } from './Headline';
import styles from './AnalysisPage.module.css';

const DATE = 'YYYY-MM-DD';

const PRESETS: TimeRangePickerProps['presets'] = [
  { label: '本年', value: [dayjs().startOf('year'), dayjs().endOf('year')] },
  { label: '上年', value: [dayjs().subtract(1, 'year').startOf('year'), dayjs().subtract(1, 'year').endOf('year')] },
  { label: '近三年', value: [dayjs().subtract(2, 'year').startOf('year'), dayjs().endOf('year')] },
];

const DEFINITIONS: [string, string][] = [
  ['地块数、面积', '统计期间内录入系统的地块（按录入时间，北京时间）；不选期间为全部地块'],
  ['已成交、成交金额', '成交日期在期间内的土地交易记录（状态为已成交），金额为成交价'],
  ['实际供应', '季度内成交的地块面积；计划供应为供地计划中该年度、季度的计划面积'],
  ['可供面积', '已发布且尚未成交（未挂牌或挂牌中）的地块面积'],
  ['成交均价', '成交总价 ÷ 成交地块总面积，按一级地类分别计算'],
  ['咨询回复率', '期间内提出的咨询中已回复的比例；咨询不分片区'],
  ['热门地块', '已发布地块的累计浏览次数，不受期间限制'],
];

/** Filters live in the URL, so a tab comes back with them and a link shares them. */
function useFilter(): [StatisticsFilter, (next: StatisticsFilter) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo<StatisticsFilter>(
    () => ({
      startDate: params.get('startDate') || undefined,
      endDate: params.get('endDate') || undefined,
      areacode: params.get('areacode') || undefined,
    }),
    [params],
  );
  const update = useCallback(
    (next: StatisticsFilter) => {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(next)) if (v) search.set(k, String(v));
      setParams(search, { replace: true });
    },
    [setParams],
  );
  return [filter, update];
}

/** A chart card's props but the filter, which every chart shares; fileTitle defaults to the title. */
type ChartSpec = Omit<ChartCardProps, 'filter' | 'fileTitle' | 'title'> & { title: string; fileTitle?: string };

/**
 * The first of these queries that failed with nothing to show: its error, and `retry` for the
 * card's 重试 (which asks again for every failed figure of the screen: one click after the
 * network is back, not one per card).
 */
function failedQuery(retry: () => void, ...queries: UseQueryResult<unknown>[]): { error: unknown; refetch: () => void } | null {
  const failed = queries.find((q) => q.isError && q.data === undefined);
  return failed ? { error: failed.error, refetch: retry } : null;
}

/** Failure, loading, empty state and option of a chart drawn from one query. */
function fromQuery<T>(retry: () => void, query: UseQueryResult<T>, toOption: (data: T) => ChartOption, isEmpty: (data: T) => boolean, emptyText: string) {
  return {
    failed: failedQuery(retry, query),
    loading: query.isPending,
    refreshing: query.isPlaceholderData,
    empty: query.data !== undefined && isEmpty(query.data) ? emptyText : (false as const),
    option: query.data !== undefined ? toOption(query.data) : null,
  };
}

export function AnalysisPage() {
  const [filter, setFilter] = useFilter();
  const [dlParent, setDlParent] = useState<string>();
  const [granularity, setGranularity] = useState<Granularity>('quarter');

  const districts = useQuery(districtsQuery());
  const overview = useQuery(overviewQuery(filter));
  const parcels = useQuery(parcelStatisticsQuery(filter));
  const classes = useQuery({ ...parcelStatisticsQuery(filter, dlParent), enabled: dlParent !== undefined });
  const supply = useQuery(supplyQuery(filter));
  const deals = useQuery(dealsQuery(filter));
  const price = useQuery(priceTrendQuery(filter, granularity));
  const visited = useQuery(topVisitedQuery(filter));
  const retryFailed = () => {
    for (const query of [districts, overview, parcels, classes, supply, deals, price, visited]) if (query.isError) void query.refetch();
  };

  const districtOptions = useMemo(
    // Without the list (call failed) only 全部片区 is offered (SPEC §8).
    () => [
      { value: '', label: ALL_DISTRICTS_LABEL },
      ...(districts.data ?? []).map((d) => ({ value: d.areacode, label: String(d.status ?? '1') === '0' ? `${d.areaname}（已停用）` : d.areaname })),
    ],
    [districts.data],
  );

  const classData = dlParent === undefined ? parcels.data : classes.data;

  const onClassClick = useCallback(
    (e: ChartClick) => {
      const code = (e.data as { dlcode?: string | null } | undefined)?.dlcode;
      // One level down only, and never into the parent's own "not subdivided" slice.
      if (dlParent === undefined && code) setDlParent(code);
    },
    [dlParent],
  );

  // The map needs its shapes registered before the option naming them reaches the chart: the
  // option is built only once ECharts has loaded and the shapes are in. registerMap is
  // idempotent for the same name and shapes.
  const districtGeo = useMemo(() => districtGeoJson(districts.data ?? []), [districts.data]);
  const [registeredGeo, setRegisteredGeo] = useState<typeof districtGeo | null>(null);
  // After a failed load of the library the cards show it; their 重试 clears the failure and this runs again.
  const echartsFailed = useEchartsFailed();
  useEffect(() => {
    if (districtGeo.features.length === 0 || echartsFailed) return;
    let cancelled = false;
    loadEcharts().then(
      ({ echarts }) => {
        if (cancelled) return;
        echarts.registerMap(DISTRICT_MAP, districtGeo as unknown as Parameters<typeof echarts.registerMap>[1]);
        setRegisteredGeo(districtGeo);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [districtGeo, echartsFailed]);
  const districtMap = registeredGeo === districtGeo && districtGeo.features.length > 0;

  const district = districtOptions.find((o) => o.value === (filter.areacode ?? ''))?.label ?? ALL_DISTRICTS_LABEL;
  const range: [Dayjs, Dayjs] | null = filter.startDate && filter.endDate ? [dayjs(filter.startDate), dayjs(filter.endDate)] : null;

  const charts: ChartSpec[] = [
    {
      id: 'district',
      title: '片区地块分布',
      section: 'district',
      ...fromQuery(retryFailed, parcels, districtOption, (d) => d.byDistrict.length === 0, '期间内没有地块'),
    },
    {
      id: 'class',
      title: classData?.classParent ? `土地用途构成 · ${classData.classParent.name}` : '土地用途构成',
      fileTitle: classData?.classParent ? `土地用途构成-${classData.classParent.name}` : '土地用途构成',
      section: 'class',
      exportParams: { dlParent },
      ...fromQuery(retryFailed, dlParent === undefined ? parcels : classes, classOption, (d) => d.byClass.length === 0, '期间内没有地块'),
      onChartClick: onClassClick,
      tools: dlParent !== undefined && (
        <Button size="small" icon={<RollbackOutlined />} onClick={() => setDlParent(undefined)} data-testid="class-back">
          返回上级
        </Button>
      ),
      footer: dlParent === undefined && classData && classData.byClass.length > 0 ? '点击扇区查看二级地类' : undefined,
    },
    {
      id: 'map',
      title: '片区可供地块面积',
      section: 'district',
      failed: failedQuery(retryFailed, parcels, districts),
      loading: parcels.isPending || districts.isPending || (districtGeo.features.length > 0 && !districtMap),
      refreshing: parcels.isPlaceholderData,
      empty: districtGeo.features.length > 0 ? false : '片区尚未绘制范围',
      option: parcels.data && districts.data && districtMap ? mapOption(districts.data, parcels.data) : null,
      height: 360,
      roam: true,
      footer: '可供：已发布且尚未成交的地块；用右上角按钮、Ctrl+滚轮或双指缩放，鼠标拖动平移',
    },
    {
      id: 'status',
      title: '地块状态分布',
      section: 'status',
      ...fromQuery(retryFailed, parcels, statusOption, (d) => d.total.count === 0, '期间内没有地块'),
      height: 360,
    },
    {
      id: 'supply',
      title: '供地计划与实际供应',
      section: 'supply',
      ...fromQuery(retryFailed, supply, supplyOption, (d) => d.quarters.every((q) => q.plannedCount === 0 && q.actualCount === 0), '期间内没有供地计划或成交'),
      footer:
        supply.data && supply.data.unscheduled.length > 0
          ? `未定季度的计划：${supply.data.unscheduled.map((u) => `${u.year}年 ${u.count} 宗 ${u.landAreaMu} 亩`).join('；')}`
          : '实际供应：季度内成交的地块面积',
    },
    {
      id: 'deals',
      title: '土地成交情况',
      section: 'deals',
      ...fromQuery(retryFailed, deals, dealsOption, (d) => d.total.count === 0, '期间内没有成交'),
    },
    {
      id: 'price',
      title: '成交地价走势（一级地类）',
      fileTitle: '成交地价走势',
      section: 'price',
      exportParams: { granularity },
      ...fromQuery(retryFailed, price, priceOption, (d) => d.series.length === 0, '期间内没有成交'),
      tools: (
        <Segmented
          size="small"
          value={granularity}
          onChange={(v) => setGranularity(v as Granularity)}
          options={[
            { value: 'quarter', label: '季度' },
            { value: 'year', label: '年度' },
          ]}
        />
      ),
    },
    {
      id: 'topVisited',
      title: '热门地块 TOP10',
      fileTitle: '热门地块',
      section: 'topVisited',
      ...fromQuery(retryFailed, visited, topVisitedOption, (d) => d.length === 0, '已发布地块暂无浏览记录'),
      footer: '累计浏览次数，不受统计期间限制',
    },
  ];

  return (
    <ScreenCard
      title="统计分析"
      extra={
        <Space wrap size={8} className={styles.filters}>
          <DatePicker.RangePicker
            value={range}
            presets={PRESETS}
            allowClear
            placeholder={['开始日期', '结束日期']}
            onChange={(dates) =>
              setFilter({
                ...filter,
                startDate: dates?.[0]?.format(DATE),
                endDate: dates?.[1]?.format(DATE),
              })
            }
          />
          <Select
            value={filter.areacode ?? ''}
            options={districtOptions}
            loading={districts.isPending}
            style={{ width: 160 }}
            onChange={(areacode: string) => setFilter({ ...filter, areacode: areacode || undefined })}
            aria-label="片区"
            data-testid="analysis-district"
          />
          <Popover
            title="统计口径"
            placement="bottomRight"
            content={
              <dl className={styles.definitions}>
                {DEFINITIONS.map(([term, text]) => (
                  <div key={term}>
                    <dt>{term}</dt>
                    <dd>{text}</dd>
                  </div>
                ))}
              </dl>
            }
          >
            <Button type="text" icon={<QuestionCircleOutlined />}>
              统计口径
            </Button>
          </Popover>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" className={styles.scope}>
        {range ? `${filter.startDate} 至 ${filter.endDate}` : '全部时间'} · {district}
      </Typography.Paragraph>
      <Headline overview={overview.data} loading={overview.isPending} failed={failedQuery(retryFailed, overview)} inDistrict={Boolean(filter.areacode)} />
      <Row gutter={[12, 12]} className={styles.charts}>
        {charts.map((chart) => (
          <Col key={chart.id} xs={24} xl={12}>
            <ChartCard {...chart} fileTitle={chart.fileTitle ?? chart.title} filter={filter} />
          </Col>
        ))}
      </Row>
    </ScreenCard>
  );
}
