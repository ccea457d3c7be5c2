import { queryOptions, usePrefetchQuery, useQueryClient, useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useTransition } from 'react';
import { useSearchParams } from 'react-router';
import { linkHref } from '../../../lib/files';
import { PageHead } from '../../../public/head';
import { BlockBoundary, Empty, Modal, Pagination, SkeletonLines, Tabs, Tag } from '../../../public-ui';
import { CalendarOutlined } from '../../../public-ui/icons/CalendarOutlined';
import { EnvironmentOutlined } from '../../../public-ui/icons/EnvironmentOutlined';
import { EyeOutlined } from '../../../public-ui/icons/EyeOutlined';
import { FireOutlined } from '../../../public-ui/icons/FireOutlined';
import { listOf, openPost, type Parcel } from '../../public-map/api';
import { dateText, EVENT_TYPE_LABELS, optionLabel, text } from '../../public-map/format';
import { pageQuery, PATHS, recordQuery } from '../api';
import { ParcelCard } from '../ParcelCard';
import { FileLinks, firstImage, NoData, PageBanner, Panel, RichText, Section } from '../ui';
import styles from './about.module.css';
import { ResponsiveImage } from '../../../lib/responsive-image';
import { useEntryState } from '../../../public/use-entry-state';

const EVENTS_PER_PAGE = 6;
const SUBTITLE = '招商推介会、项目签约与政策发布等活动资讯，以及推荐地块。';

const recommendedQuery = queryOptions({
  queryKey: ['public', 'interestDk'] as const,
  queryFn: async ({ signal }) => listOf<Parcel>(await openPost<unknown>('interestDk', { limit: 4 }, signal)),
});

const newsQuery = (kind: 'event' | 'article', id: string) => recordQuery(kind === 'event' ? PATHS.event : 'getWxgzhById', id);
const eventsQuery = (type: string, pageNo: number) => pageQuery(PATHS.events, { pageNo, pageSize: EVENTS_PER_PAGE, type });

function NewsDrawer({ kind, id, onClose }: { kind: 'event' | 'article'; id: string; onClose: () => void }) {
  const r = useSuspenseQuery(newsQuery(kind, id)).data;
  const cover = firstImage(r?.cover);
  return (
    <Modal open onClose={onClose} placement="drawer" width={820} title={r ? text(r.title) : '详情'} testId="news-drawer">
      {!r ? (
        <NoData text="内容不存在或已撤回" />
      ) : (
        <>
          <div className={styles.newsMeta}>
            {text(r.typeLabel) && <Tag color="blue">{text(r.typeLabel)}</Tag>}
            <span>
              <CalendarOutlined /> {dateText(r.eventDate ?? r.publishDate)}
            </span>
            {text(r.location) && (
              <span>
                <EnvironmentOutlined /> {text(r.location)}
              </span>
            )}
            {text(r.author) && <span>{text(r.author)}</span>}
            <span>
              <EyeOutlined /> {text(r.visitcount) || 0}
            </span>
          </div>
          {cover && <ResponsiveImage src={cover} alt="" className={styles.newsCover} width={960} height={320} sizes="(max-width: 992px) 100vw, 960px" style={{ width: '100%' }} />}
          {text(r.summary) && <p className={styles.newsSummary}>{text(r.summary)}</p>}
          <RichText html={r.content} />
          <FileLinks value={r.attachments} empty={null} />
          {linkHref(text(r.url)) && (
            <p>
              <a href={linkHref(text(r.url))} target="_blank" rel="noopener noreferrer">
                阅读原文
              </a>
            </p>
          )}
        </>
      )}
    </Modal>
  );
}

function Events({ type, pageNo, fading, onPage, onOpen }: { type: string; pageNo: number; fading: boolean; onPage: (pageNo: number) => void; onOpen: (id: string) => void }) {
  const { data } = useSuspenseQuery(eventsQuery(type, pageNo));
  if (data.list.length === 0) return <Empty text="暂无活动" />;
  return (
    <div style={{ opacity: fading ? 0.6 : 1 }}>
      <div className={styles.events}>
        {data.list.map((e, i) => {
          const cover = firstImage(e.cover);
          return (
            <button key={e.id} type="button" className={styles.event} onClick={() => onOpen(e.id)} data-testid="event-item">
              <span className={styles.eventCover}>
                {cover ? <ResponsiveImage src={cover} alt="" className={styles.eventCoverImage} width={200} height={120} sizes="200px" eager={i < 2} style={{ width: '100%', height: '100%' }} /> : <span>{text(e.typeLabel) || optionLabel(EVENT_TYPE_LABELS, e.type)}</span>}
              </span>
              <span className={styles.eventBody}>
                <span className={styles.eventTitle}>{text(e.title)}</span>
                <span className={styles.newsMeta}>
                  <Tag color="blue">{text(e.typeLabel) || optionLabel(EVENT_TYPE_LABELS, e.type)}</Tag>
                  <span>
                    <CalendarOutlined /> {dateText(e.eventDate)}
                  </span>
                  {text(e.location) && (
                    <span>
                      <EnvironmentOutlined /> {text(e.location)}
                    </span>
                  )}
                </span>
                {text(e.summary) && <span className={styles.eventSummary}>{text(e.summary)}</span>}
              </span>
            </button>
          );
        })}
      </div>
      {data.total > EVENTS_PER_PAGE && (
        <div className={styles.pager}>
          <Pagination current={pageNo} pageSize={EVENTS_PER_PAGE} total={data.total} onChange={onPage} />
        </div>
      )}
    </div>
  );
}

/** 土地推介 (landPromotion): investment events and news, the most read, and parcels worth a look. */
export function LandPromotionPage() {
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useEntryState('promotion', { type: '', pageNo: 1 });
  const [fading, startTransition] = useTransition();
  const eventId = params.get('event');
  const articleId = params.get('article');
  // The events list and an event or article opened by the address (the home page links to them)
  // are asked for with the rest of the page, not after it: one round when reached by a link.
  usePrefetchQuery(eventsQuery(filter.type, filter.pageNo));
  const client = useQueryClient();
  const opened = eventId ? newsQuery('event', eventId) : articleId ? newsQuery('article', articleId) : null;
  if (opened && !client.getQueryState(opened.queryKey)) void client.prefetchQuery(opened);
  const [{ data: popular }, { data: recommended }] = useSuspenseQueries({ queries: [pageQuery(PATHS.popularNews, { pageNo: 1, pageSize: 8 }), recommendedQuery] });
  const close = () => setParams({});
  const events = (
    <BlockBoundary label="招商活动" resetKey={filter}>
      <Suspense fallback={<SkeletonLines rows={8} />}>
        <Events type={filter.type} pageNo={filter.pageNo} fading={fading} onPage={(pageNo) => startTransition(() => setFilter((f) => ({ ...f, pageNo })))} onOpen={(id) => setParams({ event: id })} />
      </Suspense>
    </BlockBoundary>
  );
  const drawer = (kind: 'event' | 'article', id: string) => (
    <BlockBoundary
      label="详情"
      resetKey={`${kind} ${id}`}
      frame={(message) => (
        <Modal open onClose={close} placement="drawer" width={820} title="详情">
          {message}
        </Modal>
      )}
    >
      <Suspense
        fallback={
          <Modal open onClose={close} placement="drawer" width={820} title="详情">
            <SkeletonLines rows={10} />
          </Modal>
        }
      >
        <NewsDrawer kind={kind} id={id} onClose={close} />
      </Suspense>
    </BlockBoundary>
  );

  return (
    <div>
      <PageHead title="土地推介" description={SUBTITLE} image={recommended.map((p) => firstImage(p.images)).find(Boolean)} />
      <PageBanner title="土地推介" crumbs={[{ title: '土地推介' }]} subtitle={SUBTITLE} tone="teal" />
      <div className={styles.promotionColumns}>
        <Panel title="招商活动">
          <Tabs
            label="活动类型"
            activeKey={filter.type}
            onChange={(type) => startTransition(() => setFilter({ type, pageNo: 1 }))}
            items={[{ key: '', label: '全部' }, ...Object.entries(EVENT_TYPE_LABELS).map(([key, label]) => ({ key, label }))].map((t) => ({ ...t, children: events }))}
          />
        </Panel>
        <div>
          <Section
            title={
              <>
                <FireOutlined className={styles.fire} /> 热门资讯
              </>
            }
          >
            {popular.list.length === 0 ? (
              <NoData />
            ) : (
              <ol className={styles.hot}>
                {popular.list.map((n, i) => (
                  <li key={`${text(n.kind)}-${n.id}`}>
                    <span className={`${styles.rank} ${i < 3 ? styles.rankTop : ''}`}>{i + 1}</span>
                    <button type="button" onClick={() => setParams(text(n.kind) === 'wxgzh' ? { article: n.id } : { event: n.id })}>
                      {text(n.title)}
                    </button>
                    <span className={styles.hotViews}>{text(n.visitcount) || 0}</span>
                  </li>
                ))}
              </ol>
            )}
          </Section>
          <Section title="推荐地块">
            {recommended.length === 0 ? (
              <NoData />
            ) : (
              <div className={styles.recommended}>
                {recommended.map((p) => (
                  <ParcelCard key={p.id} parcel={p} />
                ))}
              </div>
            )}
          </Section>
        </div>
      </div>
      {eventId && drawer('event', eventId)}
      {articleId && drawer('article', articleId)}
    </div>
  );
}
