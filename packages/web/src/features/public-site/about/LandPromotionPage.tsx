import { CalendarOutlined, EnvironmentOutlined, EyeOutlined, FireOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Drawer, Empty, Image, Pagination, Row, Segmented, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { openPost, listOf, type Parcel } from '../../public-map/api';
import { dateText, EVENT_TYPE_LABELS, optionLabel, text } from '../../public-map/format';
import { pageQuery, PATHS, recordQuery } from '../api';
import { ParcelCard } from '../ParcelCard';
import { linkHref } from '../../../lib/files';
import { FileLinks, firstImage, LoadError, NoData, PageBanner, RichText, Section } from '../ui';
import styles from './about.module.css';

function NewsDrawer({ kind, id, onClose }: { kind: 'event' | 'article'; id: string | null; onClose: () => void }) {
  const q = useQuery({ ...recordQuery(kind === 'event' ? PATHS.event : 'getWxgzhById', id ?? ''), enabled: Boolean(id) });
  const r = q.data;
  const cover = firstImage(r?.cover);
  return (
    <Drawer open={Boolean(id)} onClose={onClose} styles={{ wrapper: { width: 820, maxWidth: '92vw' } }} title={r ? text(r.title) : '详情'} destroyOnHidden data-testid="news-drawer">
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : !r ? (
        <NoData text="内容不存在或已撤回" />
      ) : (
        <>
          <div className={styles.newsMeta}>
            {text(r.typeLabel) && <Tag color="cyan">{text(r.typeLabel)}</Tag>}
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
          {cover && <Image src={cover} alt="" className={styles.newsCover} />}
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
    </Drawer>
  );
}

/** 土地推介 (landPromotion): investment events and news, the most read, and parcels worth a look. */
export function LandPromotionPage() {
  const [params, setParams] = useSearchParams();
  const [type, setType] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const events = useQuery({ ...pageQuery(PATHS.events, { pageNo, pageSize: 6, type }), placeholderData: keepPreviousData });
  const popular = useQuery(pageQuery(PATHS.popularNews, { pageNo: 1, pageSize: 8 }));
  const recommended = useQuery({
    queryKey: ['public', 'interestDk'],
    queryFn: async ({ signal }) => listOf<Parcel>(await openPost<unknown>('interestDk', { limit: 4 }, signal)),
  });
  const eventId = params.get('event');
  const articleId = params.get('article');

  return (
    <div>
      <PageBanner title="土地推介" crumbs={[{ title: '土地推介' }]} subtitle="招商推介会、项目签约与政策发布等活动资讯，以及推荐地块。" tone="teal" />
      <Row gutter={20}>
        <Col xs={24} lg={16}>
          <Card variant="borderless" title="招商活动">
            <Segmented
              value={type}
              onChange={(v) => {
                setType(String(v));
                setPageNo(1);
              }}
              options={[{ value: '', label: '全部' }, ...Object.entries(EVENT_TYPE_LABELS).map(([value, label]) => ({ value, label }))]}
              style={{ marginBottom: 16 }}
            />
            {events.isError ? (
              <LoadError error={events.error} retry={() => void events.refetch()} />
            ) : events.isPending ? (
              <Skeleton active paragraph={{ rows: 8 }} />
            ) : (events.data?.list ?? []).length === 0 ? (
              <Empty description="暂无活动" />
            ) : (
              <div className={styles.events}>
                {events.data!.list.map((e) => {
                  const cover = firstImage(e.cover);
                  return (
                    <button key={e.id} type="button" className={styles.event} onClick={() => setParams({ event: e.id })} data-testid="event-item">
                      <div className={styles.eventCover} style={cover ? { backgroundImage: `url("${cover}")` } : undefined}>
                        {!cover && <span>{text(e.typeLabel) || optionLabel(EVENT_TYPE_LABELS, e.type)}</span>}
                      </div>
                      <div className={styles.eventBody}>
                        <div className={styles.eventTitle}>{text(e.title)}</div>
                        <div className={styles.newsMeta}>
                          <Tag color="cyan">{text(e.typeLabel) || optionLabel(EVENT_TYPE_LABELS, e.type)}</Tag>
                          <span>
                            <CalendarOutlined /> {dateText(e.eventDate)}
                          </span>
                          {text(e.location) && (
                            <span>
                              <EnvironmentOutlined /> {text(e.location)}
                            </span>
                          )}
                        </div>
                        {text(e.summary) && <p className={styles.eventSummary}>{text(e.summary)}</p>}
                      </div>
                    </button>
                  );
                })}
              </div>
            )}
            {(events.data?.total ?? 0) > 6 && <Pagination style={{ marginTop: 16, textAlign: 'right' }} current={pageNo} pageSize={6} total={events.data?.total ?? 0} onChange={setPageNo} showSizeChanger={false} />}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Section title={<><FireOutlined style={{ color: '#fa541c' }} /> 热门资讯</>}>
            {popular.isPending ? (
              <Skeleton active />
            ) : (popular.data?.list ?? []).length === 0 ? (
              <NoData />
            ) : (
              <ol className={styles.hot}>
                {popular.data!.list.map((n, i) => (
                  <li key={`${text(n.kind)}-${n.id}`}>
                    <span className={`${styles.rank} ${i < 3 ? styles.rankTop : ''}`}>{i + 1}</span>
                    <a role="button" onClick={() => setParams(text(n.kind) === 'wxgzh' ? { article: n.id } : { event: n.id })}>
                      {text(n.title)}
                    </a>
                    <span className={styles.hotViews}>{text(n.visitcount) || 0}</span>
                  </li>
                ))}
              </ol>
            )}
          </Section>
          <Section title="推荐地块">
            {(recommended.data ?? []).length === 0 ? (
              recommended.isPending ? <Skeleton active /> : <NoData />
            ) : (
              <Row gutter={[12, 12]}>
                {recommended.data!.map((p) => (
                  <Col key={p.id} span={12}>
                    <ParcelCard parcel={p} />
                  </Col>
                ))}
              </Row>
            )}
          </Section>
        </Col>
      </Row>
      <NewsDrawer kind="event" id={eventId} onClose={() => setParams({})} />
      <NewsDrawer kind="article" id={articleId} onClose={() => setParams({})} />
    </div>
  );
}
