import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Input, Pagination, Row, Segmented, Select, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { fileUrl, toFileList } from '../../../lib/files';
import { useDistrictOptions } from '../../public-map/api';
import { areaText, dateText, num, optionLabel, SECOND_MARKET_STATUS_LABELS, SECOND_MARKET_TYPE_LABELS, text } from '../../public-map/format';
import { pageQuery, PATHS } from '../api';
import { LoadError, PageBanner } from '../ui';
import styles from './market.module.css';

export const TYPE_COLORS: Record<string, string> = { transfer: 'blue', lease: 'green', mortgage: 'purple' };

/** 二级市场 (secondMarket): land-use rights offered for transfer, lease or mortgage between companies. */
export function SecondMarketPage() {
  const { options: districtOptions, nameOf } = useDistrictOptions();
  const [transactionType, setType] = useState('');
  const [areacode, setAreacode] = useState('');
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const q = useQuery({ ...pageQuery(PATHS.secondMarket, { pageNo, pageSize: 10, transactionType, areacode, keyword }), placeholderData: keepPreviousData });
  const list = q.data?.list ?? [];
  return (
    <div>
      <PageBanner title="二级市场" crumbs={[{ title: '二级市场' }]} subtitle="企业之间的土地使用权转让、出租与抵押信息，促进存量土地高效流转。" tone="teal" />
      <Card variant="borderless">
        <div className={styles.toolbar}>
          <Segmented value={transactionType} onChange={(v) => { setType(String(v)); setPageNo(1); }} options={[{ value: '', label: '全部' }, ...Object.entries(SECOND_MARKET_TYPE_LABELS).map(([value, label]) => ({ value, label }))]} />
          <span className={styles.toolbarRight}>
            <Select style={{ width: 150 }} options={districtOptions} value={areacode} onChange={(v: string) => { setAreacode(v); setPageNo(1); }} aria-label="片区" />
            <Input.Search allowClear placeholder="标题或坐落" style={{ width: 220 }} onSearch={(v) => { setKeyword(v.trim()); setPageNo(1); }} />
          </span>
        </div>
        {q.isError ? (
          <LoadError error={q.error} retry={() => void q.refetch()} />
        ) : q.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : list.length === 0 ? (
          <Empty description="暂无二级市场信息" />
        ) : (
          <div className={styles.list} style={{ opacity: q.isFetching ? 0.6 : 1 }}>
            {list.map((r) => {
              const img = toFileList(r.images)[0];
              return (
                <Link key={r.id} to={`/secondMarketDetail/${encodeURIComponent(r.id)}`} className={styles.item} data-testid="market-item">
                  <div className={styles.cover} style={img ? { backgroundImage: `url("${fileUrl(img.url)}")` } : undefined}>
                    {!img && (text(r.transactionTypeLabel) || optionLabel(SECOND_MARKET_TYPE_LABELS, r.transactionType))}
                  </div>
                  <div className={styles.body}>
                    <div className={styles.title}>
                      <Tag color={TYPE_COLORS[text(r.transactionType)]}>{text(r.transactionTypeLabel) || optionLabel(SECOND_MARKET_TYPE_LABELS, r.transactionType)}</Tag>
                      {text(r.title)}
                      {text(r.status) === 'dealt' && <Tag color="default">{text(r.statusLabel) || optionLabel(SECOND_MARKET_STATUS_LABELS, r.status)}</Tag>}
                    </div>
                    <div className={styles.meta}>
                      {nameOf.get(text(r.areacode)) || '—'} · {text(r.location) || '—'}
                    </div>
                    <Row className={styles.figures}>
                      <Col span={8}>
                        面积 <b>{areaText(r.area, r.areaMu)}</b>
                      </Col>
                      <Col span={8}>
                        剩余年限 <b>{num(r.remainingYears, 1) || '—'}</b> 年
                      </Col>
                      <Col span={8}>
                        发布 {dateText(r.publishDate)}
                      </Col>
                    </Row>
                  </div>
                  <div className={styles.price}>
                    <b>{num(r.price) || '面议'}</b>
                    {num(r.price) && <small>{text(r.transactionType) === 'lease' ? '万元/年' : '万元'}</small>}
                  </div>
                </Link>
              );
            })}
          </div>
        )}
        {(q.data?.total ?? 0) > 10 && <Pagination style={{ marginTop: 16, textAlign: 'right' }} current={pageNo} pageSize={10} total={q.data?.total ?? 0} onChange={setPageNo} showSizeChanger={false} />}
      </Card>
    </div>
  );
}
