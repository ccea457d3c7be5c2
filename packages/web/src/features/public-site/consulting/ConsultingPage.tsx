import { useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useTransition } from 'react';
import { PageHead } from '../../../public/head';
import { BlockBoundary, Empty, Pagination, SearchInput, SkeletonLines, Tabs, Tag } from '../../../public-ui';
import { CustomerServiceOutlined } from '../../../public-ui/icons/CustomerServiceOutlined';
import { MessageOutlined } from '../../../public-ui/icons/MessageOutlined';
import { PhoneOutlined } from '../../../public-ui/icons/PhoneOutlined';
import { settingsQuery } from '../../public-map/api';
import { dateText, optionLabel, PROBLEM_CATEGORY_LABELS, text } from '../../public-map/format';
import { pageQuery, PATHS } from '../api';
import { PageBanner, Panel } from '../ui';
import { AskForm } from './AskForm';
import styles from './ConsultingPage.module.css';
import { useEntryState } from '../../../public/use-entry-state';

const PAGE_SIZE = 10;
const SUBTITLE = '用地政策、招商政策、项目审批与土地交易问题，在线留言，专人答复。';

interface Filter {
  category: string;
  keyword: string;
  pageNo: number;
}

function Answers({ filter, fading, onPage }: { filter: Filter; fading: boolean; onPage: (pageNo: number) => void }) {
  const { data } = useSuspenseQuery(pageQuery(PATHS.publicProblems, { pageNo: filter.pageNo, pageSize: PAGE_SIZE, category: filter.category, keyword: filter.keyword }));
  if (data.list.length === 0) return <Empty text="暂无公开的咨询答复" />;
  return (
    <div style={{ opacity: fading ? 0.6 : 1 }}>
      <div className={styles.questions}>
        {data.list.map((p) => (
          // A native disclosure: keyboard and screen readers for free, as antd's Collapse.
          <details key={p.id} className={styles.item}>
            <summary className={styles.question}>
              <span className={styles.q}>问</span>
              <span className={styles.qTitle}>{text(p.title)}</span>
              <Tag>{text(p.categoryLabel) || optionLabel(PROBLEM_CATEGORY_LABELS, p.category)}</Tag>
            </summary>
            <div className={styles.qa}>
              <p className={styles.content}>{text(p.content)}</p>
              <div className={styles.answer}>
                <span className={styles.a}>答</span>
                <div>
                  <p>{text(p.answer)}</p>
                  <span className={styles.date}>答复于 {dateText(p.answeredAt)}</span>
                </div>
              </div>
            </div>
          </details>
        ))}
      </div>
      {data.total > PAGE_SIZE && (
        <div className={styles.pager}>
          <Pagination current={filter.pageNo} pageSize={PAGE_SIZE} total={data.total} onChange={onPage} />
        </div>
      )}
    </div>
  );
}

function AnsweredList() {
  const [filter, setFilter] = useEntryState<Filter>('questions', { category: '', keyword: '', pageNo: 1 });
  const [fading, startTransition] = useTransition();
  const change = (next: Partial<Filter>) => startTransition(() => setFilter((f) => ({ ...f, pageNo: 1, ...next })));
  const list = (
    <BlockBoundary label="咨询答复" resetKey={filter}>
      <Suspense fallback={<SkeletonLines rows={6} />}>
        <Answers filter={filter} fading={fading} onPage={(pageNo) => change({ pageNo })} />
      </Suspense>
    </BlockBoundary>
  );
  return (
    <Panel
      title={
        <>
          <MessageOutlined /> 咨询答复
        </>
      }
      testId="answered-list"
    >
      <div className={styles.toolbar}>
        <SearchInput label="搜索咨询答复" placeholder="搜索问题" className={styles.search} defaultValue={filter.keyword} onSearch={(v) => change({ keyword: v.trim() })} />
      </div>
      <Tabs
        label="咨询类别"
        activeKey={filter.category}
        onChange={(category) => change({ category })}
        items={[{ key: '', label: '全部' }, ...Object.entries(PROBLEM_CATEGORY_LABELS).map(([key, label]) => ({ key, label }))].map((t) => ({ ...t, children: list }))}
      />
    </Panel>
  );
}

/** 咨询服务 (consultingServices): ask a question (visitors or name + phone) and read answered ones. */
export function ConsultingPage() {
  const [{ data: settings }] = useSuspenseQueries({ queries: [settingsQuery] });
  return (
    <div>
      <PageHead title="咨询服务" description={`${SUBTITLE}${settings?.contactPhone ? `咨询电话：${settings.contactPhone}` : ''}`} />
      <PageBanner title="咨询服务" crumbs={[{ title: '咨询服务' }]} subtitle={SUBTITLE} />
      <div className={styles.columns}>
        <Panel
          title={
            <>
              <CustomerServiceOutlined /> 我要咨询
            </>
          }
          className={styles.formCard}
        >
          <AskForm />
          {settings?.contactPhone && (
            <div className={styles.hotline}>
              <PhoneOutlined /> 咨询电话：{settings.contactPhone}
            </div>
          )}
        </Panel>
        <AnsweredList />
      </div>
    </div>
  );
}
