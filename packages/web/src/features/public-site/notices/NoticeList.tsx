import { EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Input, Pagination, Segmented, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { dateText, NOTICE_TYPE_LABELS, optionLabel, text } from '../../public-map/format';
import { pageQuery, PATHS } from '../api';
import { LoadError } from '../ui';
import styles from './notices.module.css';

export const NOTICE_TYPE_COLORS: Record<string, string> = { transfer: 'blue', deal: 'green', notice: 'gold', announcement: 'purple' };

interface NoticeListProps {
  /** Only this type, or a choice among these types (first = all). */
  types?: string[];
  fixedType?: string;
  pageSize?: number;
}

/** Published notices, newest (and pinned) first, with type tabs, a keyword box and paging. */
export function NoticeList({ types, fixedType, pageSize = 15 }: NoticeListProps) {
  const [type, setType] = useState(fixedType ?? '');
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const q = useQuery({ ...pageQuery(PATHS.notices, { pageNo, pageSize, type: fixedType ?? type, keyword }), placeholderData: keepPreviousData });
  const list = q.data?.list ?? [];
  return (
    <div data-testid="notice-list">
      <div className={styles.toolbar}>
        {types && !fixedType ? (
          <Segmented
            value={type}
            onChange={(v) => {
              setType(String(v));
              setPageNo(1);
            }}
            options={[{ value: '', label: '全部' }, ...types.map((t) => ({ value: t, label: NOTICE_TYPE_LABELS[t] ?? t }))]}
          />
        ) : (
          <span />
        )}
        <Input.Search
          allowClear
          placeholder="搜索标题或公告编号"
          className={styles.search}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPageNo(1);
          }}
          aria-label="搜索公告"
        />
      </div>
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : q.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : list.length === 0 ? (
        <Empty description={keyword ? `没有包含“${keyword}”的公告` : '暂无公告'} />
      ) : (
        <ul className={styles.list} style={{ opacity: q.isFetching ? 0.6 : 1 }}>
          {list.map((n) => (
            <li key={n.id}>
              <Link to={`/tzggDetail/${encodeURIComponent(n.id)}`} className={styles.item} data-testid="notice-item">
                <span className={styles.date}>
                  <b>{dateText(n.publishDate).slice(8, 10)}</b>
                  <small>{dateText(n.publishDate).slice(0, 7)}</small>
                </span>
                <span className={styles.main}>
                  <span className={styles.title}>
                    {n.isTop === 1 && <Tag color="red">置顶</Tag>}
                    <Tag color={NOTICE_TYPE_COLORS[text(n.type)]}>{text(n.typeLabel) || optionLabel(NOTICE_TYPE_LABELS, n.type)}</Tag>
                    {text(n.title)}
                  </span>
                  <span className={styles.meta}>
                    {text(n.number) && <span>{text(n.number)}</span>}
                    {text(n.source) && <span>{text(n.source)}</span>}
                    <span>
                      <EyeOutlined /> {text(n.visitcount) || 0}
                    </span>
                    {Array.isArray(n.attachments) && n.attachments.length > 0 && (
                      <span>
                        <PaperClipOutlined /> 附件
                      </span>
                    )}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {(q.data?.total ?? 0) > pageSize && (
        <Pagination className={styles.pager} current={pageNo} pageSize={pageSize} total={q.data?.total ?? 0} showSizeChanger={false} onChange={setPageNo} showTotal={(t) => `共 ${t} 条`} />
      )}
    </div>
  );
}
