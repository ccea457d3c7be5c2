/**
 * Global search (/search/{searchValue}): one keyword over parcels, notices, events, regulations,
 * districts, key projects and news, grouped by kind with counts; each hit links to its page.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { SEARCH_LIMIT } from '@land/shared/constants';
import type { ReactNode } from 'react';
import { Fragment, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHead } from '../../../public/head';
import { useAddressParams } from '../../../public/use-address-params';
import { useSettledValue } from '../../../public/use-settled-value';
import { BlockError, Card, Empty, Pagination, SearchInput, Tabs, Tag } from '../../../public-ui';
import type { Parcel } from '../../public-map/api';
import { dateText, optionLabel, REGULATION_CATEGORY_LABELS, stripHtml, text, wanText, PROJECT_STAGE_LABELS } from '../../public-map/format';
import { searchQuery, type Row as DataRow, type SearchGroup, type SearchKind } from '../api';
import { ParcelCard } from '../ParcelCard';
import { PageBanner } from '../ui';
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
          {text(row.typeLabel) && <Tag color="green">{text(row.typeLabel)}</Tag>}
          {dateText(row.eventDate ?? row.publishDate)}
        </>
      );
      body = text(row.summary);
      break;
    case 'regulation':
      title = text(row.title);
      meta = (
        <>
          <Tag color="orange">{text(row.categoryLabel) || optionLabel(REGULATION_CATEGORY_LABELS, row.category)}</Tag>
          {[text(row.docNumber), text(row.issuingAuthority), dateText(row.publishDate)].filter((s) => s && s !== '—').join(' · ')}
        </>
      );
      break;
    case 'district':
      title = text(row.areaname);
      meta = (
        <>
          <Tag color="blue">{text(row.typeLabel)}</Tag>规划面积 {text(row.planArea) || '—'} 平方公里
        </>
      );
      body = text(row.leadingIndustry);
      break;
    case 'keyProject':
      title = text(row.name);
      meta = (
        <>
          <Tag color="orange">{text(row.stageLabel) || optionLabel(PROJECT_STAGE_LABELS, row.stage)}</Tag>
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
      <div className={styles.cards}>
        {group.list.map((p) => (
          <ParcelCard key={p.id} parcel={p as Parcel} />
        ))}
      </div>
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

/** One kind, page by page (its own query: it suspends inside the tab panel only). */
function KindResults({ keyword, kind, pageNo, onPage }: { keyword: string; kind: SearchKind; pageNo: number; onPage: (p: number) => void }) {
  const group = useSuspenseQuery(searchQuery(keyword, kind, pageNo, PAGE_SIZE)).data.groups.find((g) => g.kind === kind);
  if (!group || group.count === 0) return <Empty text="此类中没有匹配的内容" />;
  return (
    <>
      <GroupList group={group} keyword={keyword} />
      <div className={styles.pager}>
        <Pagination current={pageNo} pageSize={PAGE_SIZE} total={group.count} onChange={onPage} />
      </div>
    </>
  );
}

/** The page around the results: its title, the banner with the search box (holding the keyword), and the results' card. */
function SearchFrame({ keyword, subtitle, description, children }: { keyword: string; subtitle: ReactNode; description: string; children: ReactNode }) {
  const navigate = useNavigate();
  const go = (value: string) => {
    const t = value.trim();
    if (t) navigate(`/search/${encodeURIComponent(t)}`);
  };
  return (
    <div>
      <PageHead title={keyword ? `“${keyword}”的搜索结果` : '全站搜索'} description={description} />
      <PageBanner
        title="全站搜索"
        crumbs={[{ title: '全站搜索' }]}
        subtitle={subtitle}
        extra={<SearchInput key={keyword} defaultValue={keyword} size="large" placeholder="请输入关键词" onSearch={go} className={styles.searchBox} label="全局搜索" testId="search-input" limit={SEARCH_LIMIT} />}
      />
      <Card>{children}</Card>
    </div>
  );
}

const PROMPT = '输入地块名称、编号、坐落或任意关键词';

export function SearchPage() {
  const { searchValue = '' } = useParams();
  const keyword = searchValue.trim();
  // Nothing to search for, or more than the search takes (a long address pasted into the box):
  // said here, with the words kept in the box to shorten, rather than asked and refused.
  if (!keyword)
    return (
      <SearchFrame keyword="" subtitle={PROMPT} description="全站搜索：地块、公告、政策、片区与项目。">
        <Empty text="请输入搜索内容" />
      </SearchFrame>
    );
  if (keyword.length > SEARCH_LIMIT.max)
    return (
      <SearchFrame keyword={keyword} subtitle={PROMPT} description="全站搜索：地块、公告、政策、片区与项目。">
        <div role="alert" data-testid="search-too-long">
          <Empty text={`${SEARCH_LIMIT.message}（现为${keyword.length}个），请缩短后再搜索`} />
        </div>
      </SearchFrame>
    );
  return <SearchResults keyword={keyword} />;
}

function SearchResults({ keyword }: { keyword: string }) {
  const [params, setParams] = useAddressParams();
  // The tabs follow the address at once; the results keep showing (dimmed) until the next ones are
  // there, and say so in their place (with 重试) if they cannot be loaded.
  const next = useSettledValue(params.toString(), (asked) => {
    const address = new URLSearchParams(asked);
    const kind = address.get('kind');
    const page = Math.max(1, Number(address.get('pageNo')) || 1);
    return [searchQuery(keyword, undefined, 1, 4), ...(kind && kind !== 'all' ? [searchQuery(keyword, kind as SearchKind, page, PAGE_SIZE)] : [])];
  });
  const search = next.shown;
  const shown = useMemo(() => new URLSearchParams(search), [search]);
  const stale = next.pending;
  const liveTab = params.get('kind') ?? 'all';
  const tab = (shown.get('kind') as SearchKind | null) ?? 'all';
  const pageNo = Math.max(1, Number(shown.get('pageNo')) || 1);

  const overview = useSuspenseQuery(searchQuery(keyword, undefined, 1, 4)).data;
  const groups = [...overview.groups].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
  const total = overview.total;
  const setTab = (k: string) => setParams(k === 'all' ? {} : { kind: k }, { replace: true });

  let content: ReactNode;
  if (next.error) content = <BlockError label="搜索结果" error={next.error} onRetry={next.retry} />;
  else if (total === 0)
    content = (
      <div data-testid="search-empty">
        <Empty text={<>没有找到与“{keyword}”相关的内容，换个关键词试试</>}>
          <Link to="/index">去地图找地</Link>
        </Empty>
      </div>
    );
  else if (tab === 'all')
    content = groups
      .filter((g) => g.count > 0)
      .map((g) => (
        <section key={g.kind} className={styles.group} data-testid={`search-group-${g.kind}`} aria-labelledby={`search-group-${g.kind}`}>
          <div className={styles.groupHead}>
            <h2 id={`search-group-${g.kind}`}>
              {g.label} <span className={styles.count}>{g.count > 999 ? '999+' : g.count}</span>
            </h2>
            {g.count > g.list.length && (
              <button type="button" className={styles.more} onClick={() => setTab(g.kind)}>
                查看全部 {g.count} 条
              </button>
            )}
          </div>
          <GroupList group={g} keyword={keyword} />
        </section>
      ));
  else content = <KindResults keyword={keyword} kind={tab} pageNo={pageNo} onPage={(p) => setParams({ kind: tab, pageNo: String(p) }, { replace: true })} />;

  const tabs = [{ key: 'all', label: `全部 (${total})` }, ...groups.filter((g) => g.count > 0).map((g) => ({ key: g.kind, label: `${g.label} (${g.count})` }))];
  return (
    <SearchFrame keyword={keyword} subtitle={<>“{keyword}”共找到 {total} 条结果</>} description={`“${keyword}”共找到 ${total} 条结果：地块、公告、政策、片区与项目。`}>
      <div data-testid="search-tabs">
        <Tabs label="结果分类" activeKey={liveTab} onChange={setTab} items={tabs.map((t) => ({ ...t, children: t.key === liveTab ? <div className={stale ? styles.stale : undefined} aria-busy={stale || undefined}>{content}</div> : undefined }))} />
      </div>
    </SearchFrame>
  );
}
