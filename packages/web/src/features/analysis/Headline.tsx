import { Alert, Button, Card, Col, Row, Skeleton, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { formatChineseNumber } from '@land/shared/helpers';
import type { Overview } from './api';
import { duration, num, wanYuan } from './charts';
import styles from './AnalysisPage.module.css';

interface Figure {
  key: string;
  title: string;
  value: number | string;
  suffix?: string;
  note: ReactNode;
}

function figuresOf(o: Overview, inDistrict: boolean): Figure[] {
  const { parcels, deals, consulting, collections } = o;
  return [
    { key: 'parcels', title: '地块总数', value: parcels.count, suffix: '宗', note: `期间内录入的地块` },
    { key: 'area', title: '总面积', value: parcels.landAreaMu, suffix: '亩', note: `${num(parcels.landArea / 10_000)} 万㎡` },
    {
      key: 'published',
      title: '已发布',
      value: parcels.published,
      suffix: '宗',
      // Parcels of a disabled district are published but not shown to the public (README).
      note: `${num(parcels.publishedAreaMu)} 亩${parcels.public !== parcels.published ? ` · 公开展示 ${parcels.public} 宗` : ''}`,
    },
    { key: 'listed', title: '挂牌中', value: parcels.listed, suffix: '宗', note: '土地交易系统挂牌' },
    { key: 'dealt', title: '已成交', value: deals.count, suffix: '宗', note: <>成交金额 <b>{wanYuan(deals.amount)}</b></> },
    {
      key: 'consulting',
      title: '咨询回复率',
      value: consulting.replyRate ?? '—',
      suffix: consulting.replyRate === null ? undefined : '%',
      // Questions belong to no district: with one chosen the figure is still the zone's.
      note: `${inDistrict ? '全区 · ' : ''}${
        consulting.asked === 0
          ? '期间内无咨询'
          : `已回复 ${consulting.answered}/${consulting.asked}${consulting.avgAnswerHours === null ? '' : `，平均${duration(consulting.avgAnswerHours)}`}`
      }`,
    },
    {
      key: 'collections',
      title: '收藏次数',
      value: collections.available ? collections.count : '—',
      suffix: collections.available ? '次' : undefined,
      note: collections.available ? '期间内新增收藏' : '收藏功能上线后统计',
    },
  ];
}

/** Cards with longer notes; with them the seven cards fill the 24 columns of a wide screen. */
const WIDE = new Set(['area', 'dealt', 'consulting']);

interface HeadlineProps {
  overview: Overview | undefined;
  loading: boolean;
  /** The figures could not load: the reason and 重试 instead of an endless skeleton. */
  failed: { error: unknown; refetch: () => unknown } | null;
  inDistrict: boolean;
}

/** The headline figures of the period and district, as statistic cards. */
export function Headline({ overview, loading, failed, inDistrict }: HeadlineProps) {
  if (failed && !overview) {
    return (
      <Alert
        type="error"
        showIcon
        title="统计数据加载失败"
        description={failed.error instanceof Error ? failed.error.message : undefined}
        action={
          <Button size="small" onClick={() => void failed.refetch()}>
            重试
          </Button>
        }
        data-testid="analysis-headline-failed"
      />
    );
  }
  if (loading || !overview) {
    return (
      <Row gutter={[12, 12]}>
        {Array.from({ length: 7 }, (_, i) => (
          <Col key={i} xs={12} md={8} xl={6} xxl={i < 3 ? 4 : 3}>
            <Card size="small">
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  }
  return (
    <Row gutter={[12, 12]} data-testid="analysis-headline">
      {figuresOf(overview, inDistrict).map((f) => (
        <Col key={f.key} xs={12} md={8} xl={6} xxl={WIDE.has(f.key) ? 4 : 3}>
          <Card size="small" className={styles.figure} data-testid={`stat-${f.key}`}>
            <Statistic
              title={f.title}
              value={f.value}
              suffix={f.suffix}
              formatter={(v) => (typeof v === 'number' ? formatChineseNumber(v) : v)}
            />
            <div className={styles.figureNote}>{f.note}</div>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
