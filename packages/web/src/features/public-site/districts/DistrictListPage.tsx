import { EnvironmentOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Progress, Row, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { DISTRICT_TYPE_LABELS, num, optionLabel, text } from '../../public-map/format';
import { districtsWithFiguresQuery } from '../api';
import { firstImage, LoadError, PageBanner } from '../ui';
import styles from './districts.module.css';

/** 片区介绍 (pqList): every enabled district as a card with its figures. */
export function DistrictListPage() {
  const q = useQuery(districtsWithFiguresQuery);
  const list = q.data ?? [];
  const maxCount = Math.max(1, ...list.map((d) => d.statistics?.count ?? 0));
  return (
    <div>
      <PageBanner title="片区介绍" crumbs={[{ title: '片区介绍' }]} subtitle="开发区各功能片区的定位、主导产业、规划面积与可供地块。" />
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : q.isPending ? (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : list.length === 0 ? (
        <Card variant="borderless">
          <Empty description="暂无片区信息" />
        </Card>
      ) : (
        <Row gutter={[20, 20]}>
          {list.map((d) => {
            const img = firstImage(d.images);
            const s = d.statistics;
            const available = s?.byTradeState.find((t) => t.tradeState === 'none')?.count ?? 0;
            return (
              <Col key={d.areacode} xs={24} md={12} xl={8}>
                <Link to={`/pqPositionDetail/${encodeURIComponent(d.areaname)}`} className={styles.card} data-testid="district-card">
                  <div className={styles.cover} style={img ? { backgroundImage: `url("${img}")` } : undefined}>
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
                    <Progress percent={Math.round(((s?.count ?? 0) / maxCount) * 100)} showInfo={false} size="small" status="normal" strokeColor="#1677ff" />
                    <div className={styles.more}>
                      查看片区 <RightOutlined />
                    </div>
                  </div>
                </Link>
              </Col>
            );
          })}
        </Row>
      )}
    </div>
  );
}
