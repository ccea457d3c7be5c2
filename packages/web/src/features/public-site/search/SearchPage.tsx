/**
 * Global search (/search/{searchValue}): one keyword over parcels, notices, events, regulations,
 * districts, key projects and news, grouped by kind with counts; each hit links to its page.
 */
import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Card, Col, Empty, Input, Pagination, Row, Skeleton, Tabs, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Fragment } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Parcel } from '../../public-map/api';
import { dateText, optionLabel, REGULATION_CATEGORY_LABELS, stripHtml, text, wanText, PROJECT_STAGE_LABELS } from '../../public-map/format';
import { searchQuery, type Row as DataRow, type SearchGroup, type SearchKind } from '../api';
import { ParcelCard } from '../ParcelCard';
import { LoadError, PageBanner } from '../ui';
import styles from './SearchPage.module.css';

const KIND_ORDER: SearchKind[] = ['parcel', 'notice', 'event', 'regulation', 'district', 'keyProject', 'article'];
const PAGE_SIZE = 10;

/** The keyword's occurrences marked in a text. */
function Highlight({ value, keyword }: { value: string; keyword: string }) {
  const terms = keyword
    .split(/[\s\u3000,，]+/)
    .map((t) => t.trim())
    .filter(Boolean);
  if (!terms.length || !value) return <>{value}</>;
  const re = new RegExp(`(${terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  const parts = value.split(re);
  return (
    <>
      {parts.map((p, i) =>
        i % 2 === 1 ? (
          <mark key={i} className={styles.mark}>
            {p}
          </mark>
        ) : (
          <Fragment key={i}>{p}</Fragment>
        ),
      )}
    </>
  );
}

function linkOf(kind: SearchKind, r: DataRow): string {
  switch (kind) {
    case 'notice':
      return `/tzggDetail/${encodeURIComponent(r.id)}`;
    case 'event':
      return `/landPromotion?event=${encodeURIComponent(r.id)}`;
    case 'article':
      return `/landPromotion?article=${encodeURIComponent(r.id)}`;
    case 'regulation':
      return `/policiesRegulations?id=${encodeURIComponent(r.id)}`;
    case 'district':
      return `/pqPositionDetail/${encodeURIComponent(text(r.areaname))}`;
    case 'keyProject':
      return `/zhongdianxiangmu?keyword=${encodeURIComponent(text(r.name))}`;
    default:
      return '/home';
  }
}

function Hit({ kind, row, keyword }: { kind: SearchKind; row: DataRow; keyword: string }) {
  let title = '';
  let meta: ReactNode = null;
  let body = '';
  switch (kind) {
    case 'notice':
      title = text(row.title);
      meta = (
        <>
          <Tag color="blue">{text(row.typeLabel)}</Tag>
          {text(row.number)} · {dateText(row.publishDate)}
        </>
      );
      break;
    case 'event':
    case 'article':
      title = text(row.title);
      meta = (
        <>
          {text(row.typeLabel) && <Tag color="cyan">{text(row.typeLabel)}</Tag>}
          {dateText(row.eventDate ?? row.publishDate)}
        </>
      );
      body = text(row.summary);
      break;
    case 'regulation':
      title = text(row.title);
      meta = (
        <>
          <Tag color="purple">{text(row.categoryLabel) || optionLabel(REGULATION_CATEGORY_LABELS, row.category)}</Tag>
          {[text(row.docNumber), text(row.issuingAuthority), dateText(row.publishDate)].filter((s) => s && s !== '—').join(' · ')}
        </>
      );
      break;
    case 'district':
      title = text(row.areaname);
      meta = (
        <>
          <Tag color="geekblue">{text(row.typeLabel)}</Tag>规划面积 {text(row.planArea) || '—'} 平方公里
        </>
      );
      body = text(row.leadingIndustry);
      break;
    case 'keyProject':
      title = text(row.name);
      meta = (
        <>
          <Tag color="gold">{text(row.stageLabel) || optionLabel(PROJECT_STAGE_LABELS, row.stage)}</Tag>
          {text(row.investor)} · 总投资 {wanText(row.totalInvestment)}
        </>
      );
      body = stripHtml(row.description);
      break;
    default:
      title = text(row.title ?? row.name);
  }
  return (
    <Link to={linkOf(kind, row)} className={styles.hit} data-testid={`search-hit-${kind}`}>
      <div className={styles.hitTitle}>
        <Highlight value={title} keyword={keyword} />
      </div>
      <div className={styles.hitMeta}>{meta}</div>
      {body && (
        <div className={styles.hitBody}>
          <Highlight value={body.length > 120 ? `${body.slice(0, 120)}…` : body} keyword={keyword} />
        </div>
      )}
    </Link>
  );
}

function GroupList({ group, keyword }: { group: SearchGroup; keyword: string }) {
  if (group.kind === 'parcel') {
    return (
      <Row gutter={[16, 16]}>
        {group.list.map((p) => (
          <Col key={p.id} xs={24} sm={12} lg={8} xl={6}>
            <ParcelCard parcel={p as Parcel} />
          </Col>
        ))}
      </Row>
    );
  }
  return (
    <div className={styles.hits}>
      {group.list.map((r) => (
        <Hit key={r.id} kind={group.kind} row={r} keyword={keyword} />
      ))}
    </div>
  );
}

export function SearchPage() {
  const { searchValue = '' } = useParams();
  const keyword = searchValue.trim();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = (params.get('kind') as SearchKind | null) ?? 'all';
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);

  const overview = useQuery({ ...searchQuery(keyword, undefined, 1, 4), placeholderData: keepPreviousData });
  const single = useQuery({ ...searchQuery(keyword, tab === 'all' ? undefined : tab, pageNo, PAGE_SIZE), enabled: keyword !== '' && tab !== 'all', placeholderData: keepPreviousData });

  const groups = [...(overview.data?.groups ?? [])].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  const total = overview.data?.total ?? 0;
  const setTab = (k: string) => setParams(k === 'all' ? {} : { kind: k }, { replace: true });

  const go = (value: string) => {
    const t = value.trim();
    if (t) navigate(`/search/${encodeURIComponent(t)}`);
  };

  let content: ReactNode;
  if (overview.isError) content = <LoadError error={overview.error} retry={() => void overview.refetch()} />;
  else if (overview.isPending) content = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (total === 0)
    content = (
      <Empty description={<>没有找到与“{keyword}”相关的内容，换个关键词试试</>} data-testid="search-empty">
        <Link to="/index">去地图找地</Link>
      </Empty>
    );
  else if (tab === 'all')
    content = groups
      .filter((g) => g.count > 0)
      .map((g) => (
        <section key={g.kind} className={styles.group} data-testid={`search-group-${g.kind}`}>
          <div className={styles.groupHead}>
            <h2>
              {g.label} <Badge count={g.count} overflowCount={999} color="#1677ff" />
            </h2>
            {g.count > g.list.length && (
              <a onClick={() => setTab(g.kind)} role="button">
                查看全部 {g.count} 条
              </a>
            )}
          </div>
          <GroupList group={g} keyword={keyword} />
        </section>
      ));
  else {
    const group = single.data?.groups.find((g) => g.kind === tab);
    content =
      single.isPending || !group ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : group.count === 0 ? (
        <Empty description="此类中没有匹配的内容" />
      ) : (
        <>
          <GroupList group={group} keyword={keyword} />
          <Pagination
            className={styles.pager}
            current={pageNo}
            pageSize={PAGE_SIZE}
            total={group.count}
            showSizeChanger={false}
            onChange={(p) => setParams({ kind: tab, pageNo: String(p) }, { replace: true })}
          />
        </>
      );
  }

  return (
    <div>
      <PageBanner
        title="全站搜索"
        crumbs={[{ title: '全站搜索' }]}
        subtitle={keyword ? <>“{keyword}”共找到 {overview.isPending ? '…' : total} 条结果</> : '输入地块名称、编号、坐落或任意关键词'}
        extra={
          <Input.Search
            key={keyword}
            defaultValue={keyword}
            size="large"
            enterButton={<SearchOutlined />}
            placeholder="请输入关键词"
            onSearch={go}
            className={styles.searchBox}
            aria-label="全局搜索"
            data-testid="search-input"
          />
        }
      />
      <Card variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'all', label: `全部 (${total})` },
            ...groups.map((g) => ({ key: g.kind, label: `${g.label} (${g.count})`, disabled: g.count === 0 })),
          ]}
          data-testid="search-tabs"
        />
        {content}
      </Card>
    </div>
  );
}
