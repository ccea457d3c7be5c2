import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useTransition } from 'react';
import { Link } from 'react-router';
import { BlockBoundary, Empty, Pagination, SearchInput, SkeletonLines, Tabs, Tag } from '../../../public-ui';
import { EyeOutlined } from '../../../public-ui/icons/EyeOutlined';
import { PaperClipOutlined } from '../../../public-ui/icons/PaperClipOutlined';
import { dateText, NOTICE_TYPE_LABELS, optionLabel, text } from '../../public-map/format';
import { pageQuery, PATHS } from '../api';
import styles from './notices.module.css';
import { useEntryState } from '../../../public/use-entry-state';

export const NOTICE_TYPE_COLORS: Record<string, string> = { transfer: 'blue', deal: 'green', notice: 'orange', announcement: 'red' };

interface NoticeListProps {
  /** Only this type, or a choice among these types (first = all). */
  types?: string[];
  fixedType?: string;
  pageSize?: number;
}

interface Filter {
  type: string;
  keyword: string;
  pageNo: number;
}

function Rows({ filter, pageSize, fading, onPage }: { filter: Filter; pageSize: number; fading: boolean; onPage: (pageNo: number) => void }) {
  const { data } = useSuspenseQuery(pageQuery(PATHS.notices, { pageNo: filter.pageNo, pageSize, type: filter.type, keyword: filter.keyword }));
  if (data.list.length === 0) return <Empty text={filter.keyword ? `没有包含“${filter.keyword}”的公告` : '暂无公告'} />;
  return (
    <>
      <ul className={styles.list} style={{ opacity: fading ? 0.6 : 1 }}>
        {data.list.map((n) => (
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
      {data.total > pageSize && (
        <div className={styles.pager}>
          <Pagination current={filter.pageNo} pageSize={pageSize} total={data.total} onChange={onPage} />
        </div>
      )}
    </>
  );
}

/** Published notices, newest (and pinned) first, with type tabs, a keyword box and paging. */
export function NoticeList({ types, fixedType, pageSize = 15 }: NoticeListProps) {
  const [filter, setFilter] = useEntryState<Filter>('notices', { type: fixedType ?? '', keyword: '', pageNo: 1 });
  // A new page or filter keeps the current rows (faded) until the next ones are there.
  const [fading, startTransition] = useTransition();
  const change = (next: Partial<Filter>) => startTransition(() => setFilter((f) => ({ ...f, pageNo: 1, ...next })));
  const rows = (
    <BlockBoundary label="公告列表" resetKey={filter}>
      <Suspense fallback={<SkeletonLines rows={8} />}>
        <Rows filter={filter} pageSize={pageSize} fading={fading} onPage={(pageNo) => change({ pageNo })} />
      </Suspense>
    </BlockBoundary>
  );
  return (
    <div data-testid="notice-list">
      <div className={styles.toolbar}>
        <span />
        <SearchInput label="搜索公告" placeholder="搜索标题或公告编号" className={styles.search} defaultValue={filter.keyword} onSearch={(v) => change({ keyword: v.trim() })} />
      </div>
      {types && !fixedType ? (
        <Tabs
          label="公告类型"
          activeKey={filter.type}
          onChange={(type) => change({ type })}
          items={[{ key: '', label: '全部' }, ...types.map((t) => ({ key: t, label: NOTICE_TYPE_LABELS[t] ?? t }))].map((t) => ({ ...t, children: rows }))}
        />
      ) : (
        rows
      )}
    </div>
  );
}
