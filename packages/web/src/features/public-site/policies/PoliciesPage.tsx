import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useTransition } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageHead } from '../../../public/head';
import { BlockBoundary, Button, Descriptions, Empty, Modal, Pagination, SearchInput, SkeletonLines, Tabs, Tag } from '../../../public-ui';
import { CalendarOutlined } from '../../../public-ui/icons/CalendarOutlined';
import { EyeOutlined } from '../../../public-ui/icons/EyeOutlined';
import { FileTextOutlined } from '../../../public-ui/icons/FileTextOutlined';
import { PrinterOutlined } from '../../../public-ui/icons/PrinterOutlined';
import { dateText, optionLabel, REGULATION_CATEGORY_LABELS, stripHtml, text } from '../../public-map/format';
import { pageQuery, PATHS, recordQuery } from '../api';
import { FileLinks, NoData, PageBanner, Panel, RichText } from '../ui';
import styles from './PoliciesPage.module.css';
import { useEntryState } from '../../../public/use-entry-state';

const CATEGORY_COLORS: Record<string, string> = { national: 'red', provincial: 'orange', municipal: 'blue', zone: 'green' };
const PAGE_SIZE = 12;
const SUBTITLE = '国家、省、市及开发区的产业扶持、用地保障与招商引资政策。';
/** The list's title and share card (a policy's drawer, opened by its address, has its own). */
const LIST_HEAD = <PageHead title="招商政策" description={SUBTITLE} />;

function RegulationDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const r = useSuspenseQuery(recordQuery(PATHS.regulation, id)).data;
  return (
    <Modal
      open
      onClose={onClose}
      placement="drawer"
      width={860}
      title={r ? text(r.title) : '政策详情'}
      footer={
        <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
          打印
        </Button>
      }
      testId="regulation-drawer"
    >
      {/* A policy's address (?id=) is what gets shared: its card and the tab name the policy. */}
      {r ? (
        <PageHead
          title={text(r.title)}
          description={[text(r.categoryLabel) || optionLabel(REGULATION_CATEGORY_LABELS, r.category), text(r.docNumber), text(r.issuingAuthority), dateText(r.publishDate), stripHtml(r.content).slice(0, 120)]
            .filter(Boolean)
            .join(' · ')}
          type="article"
        />
      ) : (
        LIST_HEAD
      )}
      {!r ? (
        <NoData text="政策不存在或已撤回" />
      ) : (
        <>
          <Descriptions
            columns={2}
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
    </Modal>
  );
}

interface Filter {
  category: string;
  keyword: string;
  pageNo: number;
}

function Regulations({ filter, fading, onPage, onOpen }: { filter: Filter; fading: boolean; onPage: (pageNo: number) => void; onOpen: (id: string) => void }) {
  const { data } = useSuspenseQuery(pageQuery(PATHS.regulations, { pageNo: filter.pageNo, pageSize: PAGE_SIZE, category: filter.category, keyword: filter.keyword }));
  if (data.list.length === 0) return <Empty text="暂无政策" />;
  return (
    <>
      <div className={styles.grid} style={{ opacity: fading ? 0.6 : 1 }}>
        {data.list.map((r) => (
          <button key={r.id} type="button" className={styles.item} onClick={() => onOpen(r.id)} data-testid="regulation-item">
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
      {data.total > PAGE_SIZE && (
        <div className={styles.pager}>
          <Pagination current={filter.pageNo} pageSize={PAGE_SIZE} total={data.total} onChange={onPage} />
        </div>
      )}
    </>
  );
}

/** 招商政策 (policiesRegulations): laws, regulations and the zone's own policies, with a detail drawer. */
export function PoliciesPage() {
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useEntryState<Filter>('policies', { category: '', keyword: '', pageNo: 1 });
  const [fading, startTransition] = useTransition();
  const change = (next: Partial<Filter>) => startTransition(() => setFilter((f) => ({ ...f, pageNo: 1, ...next })));
  const openId = params.get('id');
  // A policy opened from the list is a step back (the phone's back button closes it, and closing it
  // leaves no entry that Back would open again); one opened from a shared link closes in place.
  const location = useLocation();
  const navigate = useNavigate();
  const openedHere = (location.state as { opened?: boolean } | null)?.opened === true;
  const close = () => (openedHere ? void navigate(-1) : setParams({}, { replace: true }));
  const list = (
    <BlockBoundary label="政策列表" resetKey={filter}>
      <Suspense fallback={<SkeletonLines rows={8} />}>
        <Regulations filter={filter} fading={fading} onPage={(pageNo) => change({ pageNo })} onOpen={(id) => setParams({ id }, { state: { opened: true } })} />
      </Suspense>
    </BlockBoundary>
  );

  return (
    <div>
      {!openId && LIST_HEAD}
      <PageBanner title="招商政策" crumbs={[{ title: '招商政策' }]} subtitle={SUBTITLE} tone="teal" />
      <Panel>
        <div className={styles.toolbar}>
          <span />
          <SearchInput label="搜索政策" placeholder="标题、文号或发文机关" className={styles.search} defaultValue={filter.keyword} onSearch={(v) => change({ keyword: v.trim() })} />
        </div>
        <Tabs
          label="政策层级"
          activeKey={filter.category}
          onChange={(category) => change({ category })}
          items={[{ key: '', label: '全部' }, ...Object.entries(REGULATION_CATEGORY_LABELS).map(([key, label]) => ({ key, label }))].map((t) => ({ ...t, children: list }))}
        />
      </Panel>
      {openId && (
        <BlockBoundary
          label="政策详情"
          resetKey={openId}
          frame={(message) => (
            <Modal open onClose={close} placement="drawer" width={860} title="政策详情">
              {LIST_HEAD}
              {message}
            </Modal>
          )}
        >
          <Suspense
            fallback={
              <Modal open onClose={close} placement="drawer" width={860} title="政策详情">
                {LIST_HEAD}
                <SkeletonLines rows={10} />
              </Modal>
            }
          >
            <RegulationDrawer id={openId} onClose={close} />
          </Suspense>
        </BlockBoundary>
      )}
    </div>
  );
}
