import { PhoneOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Empty, Image, Input, Pagination, Row, Segmented, Select, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { fileUrl, toFileList } from '../../../lib/files';
import { useDistrictOptions } from '../../public-map/api';
import { LEASE_STATUS_LABELS, LEASE_TYPE_LABELS, num, optionLabel, text, withUnit } from '../../public-map/format';
import { pageQuery, PATHS } from '../api';
import { LoadError, PageBanner } from '../ui';
import styles from './projects.module.css';

/** 公开租赁 (tuijiejihua): standard factories, warehouses, offices and land offered for lease. */
export function LeasingPage() {
  const { options: districtOptions, nameOf } = useDistrictOptions();
  const [type, setType] = useState('');
  const [status, setStatus] = useState('available');
  const [areacode, setAreacode] = useState('');
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const q = useQuery({ ...pageQuery(PATHS.leasable, { pageNo, pageSize: 9, type, status, areacode, keyword }), placeholderData: keepPreviousData });
  const list = q.data?.list ?? [];
  const reset = () => setPageNo(1);

  return (
    <div>
      <PageBanner title="公开租赁" crumbs={[{ title: '公开租赁' }]} subtitle="标准厂房、仓库、办公楼与土地的公开租赁信息，可直接联系招租负责人。" tone="teal" />
      <Card variant="borderless">
        <div className={styles.toolbar}>
          <Segmented value={type} onChange={(v) => { setType(String(v)); reset(); }} options={[{ value: '', label: '全部类型' }, ...Object.entries(LEASE_TYPE_LABELS).map(([value, label]) => ({ value, label }))]} />
          <span className={styles.toolbarRight}>
            <Select style={{ width: 110 }} value={status} onChange={(v: string) => { setStatus(v); reset(); }} options={[{ value: '', label: '全部状态' }, ...Object.entries(LEASE_STATUS_LABELS).map(([value, label]) => ({ value, label }))]} aria-label="出租状态" />
            <Select style={{ width: 150 }} options={districtOptions} value={areacode} onChange={(v: string) => { setAreacode(v); reset(); }} aria-label="片区" />
            <Input.Search allowClear placeholder="名称或地址" style={{ width: 200 }} onSearch={(v) => { setKeyword(v.trim()); reset(); }} />
          </span>
        </div>
        {q.isError ? (
          <LoadError error={q.error} retry={() => void q.refetch()} />
        ) : q.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : list.length === 0 ? (
          <Empty description="暂无符合条件的租赁信息" />
        ) : (
          <Row gutter={[16, 16]} style={{ opacity: q.isFetching ? 0.6 : 1 }}>
            {list.map((r) => {
              const images = toFileList(r.images);
              return (
                <Col key={r.id} xs={24} md={12} xl={8}>
                  <div className={styles.project} data-testid="lease-card">
                    {images.length > 0 ? (
                      <Image.PreviewGroup items={images.map((i) => fileUrl(i.url))}>
                        <Image src={fileUrl(images[0].url)} alt={text(r.name)} className={styles.cover} />
                      </Image.PreviewGroup>
                    ) : (
                      <div className={styles.coverPlaceholder}>{text(r.typeLabel) || optionLabel(LEASE_TYPE_LABELS, r.type)}</div>
                    )}
                    <div className={styles.body}>
                      <div className={styles.name}>
                        {text(r.name)}
                        <Tag color={text(r.status) === 'available' ? 'green' : 'default'}>{text(r.statusLabel) || optionLabel(LEASE_STATUS_LABELS, r.status)}</Tag>
                      </div>
                      <div className={styles.meta}>
                        {nameOf.get(text(r.areacode)) || '—'} · {text(r.address) || '—'}
                      </div>
                      <div className={styles.figures}>
                        <span>
                          可租面积 <b>{num(r.buildingArea, 0) || '—'}</b> ㎡
                        </span>
                        <span>
                          租金 <b>{num(r.rent) || '面议'}</b> {num(r.rent) ? '元/㎡·月' : ''}
                        </span>
                      </div>
                      <Descriptions
                        size="small"
                        column={3}
                        items={[
                          { key: 'f', label: '层数', children: withUnit(r.floors, '层', 0) },
                          { key: 'h', label: '层高', children: withUnit(r.floorHeight, 'm', 1) },
                          { key: 'l', label: '荷载', children: withUnit(r.floorLoad, 'kg/㎡', 0) },
                        ]}
                      />
                      {text(r.description) && <p className={styles.desc}>{text(r.description)}</p>}
                      {text(r.phone) && (
                        <div className={styles.contact}>
                          <PhoneOutlined /> {text(r.contact)} <a href={`tel:${text(r.phone)}`}>{text(r.phone)}</a>
                        </div>
                      )}
                    </div>
                  </div>
                </Col>
              );
            })}
          </Row>
        )}
        {(q.data?.total ?? 0) > 9 && <Pagination style={{ marginTop: 16, textAlign: 'right' }} current={pageNo} pageSize={9} total={q.data?.total ?? 0} onChange={setPageNo} showSizeChanger={false} />}
      </Card>
    </div>
  );
}
