import { CalendarOutlined, EyeOutlined, FileTextOutlined, PrinterOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Empty, Input, Pagination, Segmented, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { dateText, optionLabel, REGULATION_CATEGORY_LABELS, text } from '../../public-map/format';
import { pageQuery, PATHS, recordQuery } from '../api';
import { FileLinks, LoadError, NoData, PageBanner, RichText } from '../ui';
import styles from './PoliciesPage.module.css';

const CATEGORY_COLORS: Record<string, string> = { national: 'red', provincial: 'volcano', municipal: 'blue', zone: 'green' };

function RegulationDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const q = useQuery({ ...recordQuery(PATHS.regulation, id ?? ''), enabled: Boolean(id) });
  const r = q.data;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      size="large"
      styles={{ wrapper: { width: 860, maxWidth: '92vw' } }}
      title={r ? text(r.title) : '政策详情'}
      extra={
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印
        </Button>
      }
      destroyOnHidden
      data-testid="regulation-drawer"
    >
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : !r ? (
        <NoData text="政策不存在或已撤回" />
      ) : (
        <>
          <Descriptions
            size="small"
            column={2}
            bordered
            items={[
              { key: 'c', label: '政策层级', children: <Tag color={CATEGORY_COLORS[text(r.category)]}>{text(r.categoryLabel) || optionLabel(REGULATION_CATEGORY_LABELS, r.category)}</Tag> },
              { key: 'n', label: '文号', children: text(r.docNumber) || '—' },
              { key: 'a', label: '发文机关', children: text(r.issuingAuthority) || '—' },
              { key: 'p', label: '发布日期', children: dateText(r.publishDate) },
              { key: 'e', label: '施行日期', children: dateText(r.effectiveDate) },
              { key: 'v', label: '浏览次数', children: text(r.visitcount) || '0' },
            ]}
          />
          <div className={styles.body}>
            <RichText html={r.content} />
          </div>
          <FileLinks value={r.attachments} empty={null} />
        </>
      )}
    </Drawer>
  );
}

/** 招商政策 (policiesRegulations): laws, regulations and the zone's own policies, with a detail drawer. */
export function PoliciesPage() {
  const [params, setParams] = useSearchParams();
  const [category, setCategory] = useState('');
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const q = useQuery({ ...pageQuery(PATHS.regulations, { pageNo, pageSize: 12, category, keyword }), placeholderData: keepPreviousData });
  const openId = params.get('id');
  const list = q.data?.list ?? [];

  return (
    <div>
      <PageBanner title="招商政策" crumbs={[{ title: '招商政策' }]} subtitle="国家、省、市及开发区的产业扶持、用地保障与招商引资政策。" tone="teal" />
      <Card variant="borderless">
        <div className={styles.toolbar}>
          <Segmented
            value={category}
            onChange={(v) => {
              setCategory(String(v));
              setPageNo(1);
            }}
            options={[{ value: '', label: '全部' }, ...Object.entries(REGULATION_CATEGORY_LABELS).map(([value, label]) => ({ value, label }))]}
          />
          <Input.Search
            allowClear
            placeholder="标题、文号或发文机关"
            style={{ width: 280 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPageNo(1);
            }}
          />
        </div>
        {q.isError ? (
          <LoadError error={q.error} retry={() => void q.refetch()} />
        ) : q.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : list.length === 0 ? (
          <Empty description="暂无政策" />
        ) : (
          <div className={styles.grid} style={{ opacity: q.isFetching ? 0.6 : 1 }}>
            {list.map((r) => (
              <button key={r.id} type="button" className={styles.item} onClick={() => setParams({ id: r.id }, { replace: false })} data-testid="regulation-item">
                <span className={styles.icon}>
                  <FileTextOutlined />
                </span>
                <span className={styles.main}>
                  <span className={styles.title}>{text(r.title)}</span>
                  <span className={styles.meta}>
                    <Tag color={CATEGORY_COLORS[text(r.category)]}>{text(r.categoryLabel) || optionLabel(REGULATION_CATEGORY_LABELS, r.category)}</Tag>
                    {text(r.docNumber) && <span>{text(r.docNumber)}</span>}
                    <span>
                      <CalendarOutlined /> {dateText(r.publishDate)}
                    </span>
                    <span>
                      <EyeOutlined /> {text(r.visitcount) || 0}
                    </span>
                  </span>
                </span>
              </button>
            ))}
          </div>
        )}
        {(q.data?.total ?? 0) > 12 && (
          <Pagination style={{ marginTop: 16, textAlign: 'right' }} current={pageNo} pageSize={12} total={q.data?.total ?? 0} onChange={setPageNo} showSizeChanger={false} />
        )}
      </Card>
      <RegulationDrawer id={openId} onClose={() => setParams({}, { replace: false })} />
    </div>
  );
}
