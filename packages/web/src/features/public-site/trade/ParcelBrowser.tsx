/**
 * A filterable, paged list of published parcels (cards or a table), its state in the URL so a
 * reload or a shared link shows the same page (and the server renders that page). Used by 挂牌地块
 * and 成交地块.
 */
import { useSuspenseQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAddressParams } from '../../../public/use-address-params';
import { useSettledValue } from '../../../public/use-settled-value';
import { overLimit } from '@land/shared/constants';
import { Alert, BlockError, Button, Card, Empty, isBelow, NumberBound, Pagination, SearchInput, Select } from '../../../public-ui';
import type { SelectOption } from '../../../public-ui';
import { AppstoreOutlined } from '../../../public-ui/icons/AppstoreOutlined';
import { ReloadOutlined } from '../../../public-ui/icons/ReloadOutlined';
import { UnorderedListOutlined } from '../../../public-ui/icons/UnorderedListOutlined';
import { districtsQuery, landClassesQuery, parcelPageQuery, useDistrictOptions, useLandClasses, type LandClassTree, type Parcel, type ParcelPageQuery } from '../../public-map/api';
import { addressCode, addressNumber, AREA_BELOW_MESSAGE, KEYWORD_NOT_APPLIED } from '../../public-map/filters';
import { muText, parcelDetailPath, text, wanText } from '../../public-map/format';
import { SaveSearchButton } from '../../visitor/SaveSearchButton';
import { publicTotalsQuery } from '../api';
import { ParcelCard } from '../ParcelCard';
import styles from './ParcelBrowser.module.css';

const SORTS: SelectOption[] = [
  { value: 'publishedAt:desc', label: '最新发布' },
  { value: 'landAreaMu:desc', label: '面积从大到小' },
  { value: 'landAreaMu:asc', label: '面积从小到大' },
  { value: 'startingPrice:asc', label: '起始价从低到高' },
  { value: 'startingPrice:desc', label: '起始价从高到低' },
  { value: 'visitcount:desc', label: '关注度' },
];

const num = (s: string | null): number | undefined => (s !== null && s !== '' && Number.isFinite(Number(s)) ? Number(s) : undefined);
/** An area bound from the address (亩). */
const areaBound = (s: string | null): number | undefined => addressNumber(s) ?? undefined;
const SORT_VALUES = new Set(SORTS.map((s) => s.value));
/** The server's bound on a page number. */
const MAX_PAGE = 1_000_000;

/** A column of the table view. */
export interface ParcelColumn {
  key: string;
  title: ReactNode;
  align?: 'left' | 'right';
  render: (p: Parcel) => ReactNode;
}

interface ParcelBrowserProps {
  /** The public call that lists these parcels. */
  path: string;
  /** Fixed named filters (state…). */
  fixed?: Partial<ParcelPageQuery>;
  /** Extra lines on each card (transaction figures). */
  cardFooter?: (p: Parcel) => ReactNode;
  /** Extra table columns. */
  columns?: ParcelColumn[];
  emptyText: string;
  /** The trade state these parcels have (a saved search of this list keeps it). */
  searchState?: 'listed' | 'deal';
}

/** The land-class tree as the options of a native select, sub-classes indented. */
function classOptions(tree: LandClassTree['treeData'], depth = 0): SelectOption[] {
  return tree.flatMap((n) => [{ value: n.value, label: `${'\u3000'.repeat(depth)}${n.title}` }, ...(n.children ? classOptions(n.children, depth + 1) : [])]);
}

/**
 * The classes some published parcel has, with the classes above them (a filter by a class takes
 * its sub-classes), and the one chosen: not the 150-odd classes of the national scheme, most of
 * which would list nothing.
 */
function classesInUse(tree: LandClassTree['treeData'], used: ReadonlySet<string>, chosen: string): LandClassTree['treeData'] {
  return tree.flatMap((n) => {
    const children = n.children ? classesInUse(n.children, used, chosen) : [];
    if (children.length === 0 && !used.has(n.value) && n.value !== chosen) return [];
    return [{ ...n, children: children.length > 0 ? children : undefined }];
  });
}

function queryOf(params: URLSearchParams, fixed: Partial<ParcelPageQuery>): ParcelPageQuery {
  const view = params.get('view') === 'table' ? 'table' : 'cards';
  // An address edited by hand, cut off in a message or from an older version of the site may hold
  // values the search refuses; each is read as not given (a keyword over the limit is said on the page).
  const sort = params.get('sort') ?? '';
  const [orderBy, order] = (SORT_VALUES.has(sort) ? sort : 'publishedAt:desc').split(':');
  const keyword = params.get('keyword') ?? undefined;
  return {
    ...fixed,
    pageNo: Math.min(MAX_PAGE, Math.max(1, Math.floor(num(params.get('pageNo')) ?? 1))),
    pageSize: view === 'table' ? 20 : 12,
    keyword: keyword !== undefined && !overLimit(keyword) ? keyword : undefined,
    areacode: addressCode(params.get('areacode')) || undefined,
    dlcode: addressCode(params.get('dlcode')) || undefined,
    areaMin: areaBound(params.get('areaMin')),
    // A maximum below the minimum is left out (and marked at its box), as a negative one is.
    areaMax: isBelow(areaBound(params.get('areaMax')), areaBound(params.get('areaMin'))) ? undefined : areaBound(params.get('areaMax')),
    orderBy: orderBy as ParcelPageQuery['orderBy'],
    order: order === 'asc' ? 'asc' : 'desc',
  };
}

/** One end of the area range: applied on leaving the field or on Enter (one that is not a figure is left out, and marked). */
function AreaBound({ value, placeholder, label, onSet, least }: { value: number | null; placeholder: string; label: string; onSet: (value: number | undefined) => void; least?: number | null }) {
  return (
    <NumberBound
      aria-label={label}
      value={value}
      least={least}
      leastMessage={AREA_BELOW_MESSAGE}
      onCommit={(v) => v !== value && onSet(v ?? undefined)}
      className={styles.number}
      placeholder={placeholder}
    />
  );
}

export function ParcelBrowser({ path, fixed = {}, cardFooter, columns = [], emptyText, searchState }: ParcelBrowserProps) {
  const [params, setParams] = useAddressParams();
  // The controls follow the address at once; the list keeps showing (dimmed) until the new page is
  // there, and says so in its place (with 重试) if it cannot be loaded.
  const search = params.toString();
  const next = useSettledValue(search, (s) => [parcelPageQuery(queryOf(new URLSearchParams(s), fixed), path)]);
  const shownSearch = next.shown;
  const stale = next.pending;
  const shownParams = useMemo(() => new URLSearchParams(shownSearch), [shownSearch]);
  const query = queryOf(shownParams, fixed);
  const view = shownParams.get('view') === 'table' ? 'table' : 'cards';
  const [{ data: result }, , , { data: totals }] = useSuspenseQueries({ queries: [parcelPageQuery(query, path), districtsQuery, landClassesQuery, publicTotalsQuery] });
  const { options: districtOptions, nameOf } = useDistrictOptions();
  const classes = useLandClasses();
  const chosenClass = params.get('dlcode') ?? '';
  const landClassOptions = useMemo(() => {
    const used = new Set(totals.byClass.flatMap((c) => (c.dlcode ? [c.dlcode] : [])));
    return [{ value: '', label: '全部地类' }, ...classOptions(classesInUse(classes.treeData, used, chosenClass))];
  }, [classes.treeData, totals.byClass, chosenClass]);

  const current = queryOf(params, fixed);
  const savedFilter = Object.fromEntries(
    Object.entries({ keyword: current.keyword, areacode: current.areacode, dlcode: current.dlcode, areaMin: current.areaMin, areaMax: current.areaMax, state: searchState ?? fixed.state }).filter(
      ([, v]) => v !== undefined && v !== null && v !== '',
    ),
  );

  // The area boxes keep what was typed (a figure they cannot apply stays, marked); 重置 gives fresh ones.
  const [fields, setFields] = useState(0);
  const set = (patch: Record<string, string | number | undefined | null>, keepPage = false) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === null || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        if (!keepPage) next.delete('pageNo');
        return next;
      },
      { replace: true },
    );
  };

  // The list shown is narrowed by the visitor's filters (an empty one then says so, not "no land").
  const filtered = [query.keyword, query.areacode, query.dlcode, query.areaMin, query.areaMax].some((v) => v !== undefined && v !== '');
  const clearFilters = () => {
    setFields((n) => n + 1);
    set({ keyword: undefined, areacode: undefined, dlcode: undefined, areaMin: undefined, areaMax: undefined });
  };

  const tableColumns: ParcelColumn[] = [
    { key: 'dkmc', title: '地块名称', render: (r) => <Link to={parcelDetailPath(r.id, r.tradeState)}>{text(r.dkmc)}</Link> },
    { key: 'dkbh', title: '宗地编号', render: (r) => text(r.dkbh) },
    { key: 'areaname', title: '片区', render: (r) => text(r.areaname) || nameOf.get(text(r.areacode)) || '—' },
    { key: 'dlname', title: '土地用途', render: (r) => text(r.dlname) || '—' },
    { key: 'landAreaMu', title: '面积', align: 'right', render: (r) => muText(r.landArea, r.landAreaMu) },
    { key: 'startingPrice', title: '起始价', align: 'right', render: (r) => wanText(r.startingPrice) },
    ...columns,
  ];

  const list = result.list;
  const sort = `${current.orderBy}:${current.order}`;
  const liveView = params.get('view') === 'table' ? 'table' : 'cards';
  return (
    <Card>
      <div className={styles.filters} data-testid="parcel-filters" role="search" aria-label="筛选地块">
        <SearchInput
          key={params.get('keyword') ?? ''}
          className={styles.keyword}
          label="关键词"
          placeholder="地块名称、编号或坐落"
          defaultValue={params.get('keyword') ?? ''}
          onSearch={(v) => set({ keyword: v.trim() })}
        />
        <Select className={styles.select} options={districtOptions} value={params.get('areacode') ?? ''} onChange={(e) => set({ areacode: e.target.value })} aria-label="片区" />
        <Select className={styles.select} options={landClassOptions} value={params.get('dlcode') ?? ''} onChange={(e) => set({ dlcode: e.target.value })} aria-label="土地用途" />
        <span className={styles.range}>
          <AreaBound key={`min-${fields}`} value={areaBound(params.get('areaMin')) ?? null} placeholder="面积≥" label="最小面积（亩）" onSet={(areaMin) => set({ areaMin })} />
          <span aria-hidden>–</span>
          <AreaBound key={`max-${fields}`} value={areaBound(params.get('areaMax')) ?? null} least={areaBound(params.get('areaMin'))} placeholder="面积≤" label="最大面积（亩）" onSet={(areaMax) => set({ areaMax })} />
          <span className={styles.unit}>亩</span>
        </span>
        <Button
          icon={<ReloadOutlined />}
          onClick={() => {
            setFields((n) => n + 1);
            setParams({}, { replace: true });
          }}
        >
          重置
        </Button>
        <SaveSearchButton filter={savedFilter} />
      </div>
      {overLimit(params.get('keyword') ?? '') && (
        <div role="alert" data-testid="keyword-not-applied" className={styles.note}>
          <Alert type="warning">{KEYWORD_NOT_APPLIED}</Alert>
        </div>
      )}
      <div className={styles.bar}>
        {/* After a failed load the count on screen was the last list's: it goes with it. */}
        <span data-testid="parcel-total">
          {!next.error && (
            <>
              {result.totalExact === false ? '超过' : '共'} <b>{result.total.toLocaleString('zh-CN')}</b> 宗
            </>
          )}
        </span>
        <span className={styles.barRight}>
          <Select className={styles.sort} value={sort} options={SORTS} onChange={(e) => set({ sort: e.target.value })} aria-label="排序" />
          <span className={styles.views} role="group" aria-label="显示方式">
            <button type="button" className={styles.viewButton} aria-pressed={liveView === 'cards'} title="卡片" aria-label="卡片" onClick={() => set({ view: undefined }, true)}>
              <AppstoreOutlined />
            </button>
            <button type="button" className={styles.viewButton} aria-pressed={liveView === 'table'} title="列表" aria-label="列表" onClick={() => set({ view: 'table' })}>
              <UnorderedListOutlined />
            </button>
          </span>
        </span>
      </div>
      <div className={stale ? styles.stale : undefined} aria-busy={stale || undefined}>
        {next.error ? (
          <BlockError label="地块列表" error={next.error} onRetry={next.retry} />
        ) : list.length === 0 ? (
          result.total > 0 ? (
            // A page past the end (an old or edited address): the parcels are on the pages before.
            <Empty text={`第 ${query.pageNo} 页没有地块，共 ${result.total.toLocaleString('zh-CN')} 宗`}>
              <Button onClick={() => set({ pageNo: undefined })} data-testid="first-page">
                回到第一页
              </Button>
            </Empty>
          ) : filtered ? (
            <Empty text="没有符合条件的地块，请调整筛选条件">
              <Button onClick={clearFilters} data-testid="clear-filters">
                清除筛选
              </Button>
            </Empty>
          ) : (
            <Empty text={emptyText} />
          )
        ) : view === 'table' ? (
          <div className={styles.table} data-testid="parcel-table">
            <table>
              <thead>
                <tr>
                  {tableColumns.map((c) => (
                    <th key={c.key} scope="col" style={{ textAlign: c.align ?? 'left' }}>
                      {c.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.map((p) => (
                  <tr key={p.id}>
                    {tableColumns.map((c) => (
                      <td key={c.key} style={{ textAlign: c.align ?? 'left' }}>
                        {c.render(p)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <div className={styles.cards}>
            {list.map((p) => (
              <ParcelCard key={p.id} parcel={p} footer={cardFooter?.(p)} />
            ))}
          </div>
        )}
      </div>
      {!next.error && result.total > query.pageSize && (
        <div className={styles.pager}>
          <Pagination current={query.pageNo} pageSize={query.pageSize} total={result.total} showTotal={false} onChange={(p) => set({ pageNo: p }, true)} />
        </div>
      )}
    </Card>
  );
}
