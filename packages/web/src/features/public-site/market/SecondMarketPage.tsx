import { useSuspenseQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { toFileList } from '../../../lib/files';
import { PageHead } from '../../../public/head';
import { useSettledValue } from '../../../public/use-settled-value';
import { BlockError, Card, Empty, Pagination, SearchInput, Select, Tag } from '../../../public-ui';
import { districtsQuery, useDistrictOptions } from '../../public-map/api';
import { areaText, dateText, num, optionLabel, SECOND_MARKET_STATUS_LABELS, SECOND_MARKET_TYPE_LABELS, text } from '../../public-map/format';
import { pageQuery, PATHS } from '../api';
import { PageBanner } from '../ui';
import styles from './market.module.css';
import { ResponsiveImage } from '../../../lib/responsive-image';
import { useEntryState } from '../../../public/use-entry-state';

export const TYPE_COLORS: Record<string, string> = { transfer: 'blue', lease: 'green', mortgage: 'orange' };

const TYPE_FILTERS = [{ value: '', label: '全部' }, ...Object.entries(SECOND_MARKET_TYPE_LABELS).map(([value, label]) => ({ value, label }))];

/** 二级市场 (secondMarket): land-use rights offered for transfer, lease or mortgage between companies. */
export function SecondMarketPage() {
  // Kept with the history entry: Back from a listing finds the list as it was left.
  const [filter, setFilter] = useEntryState('secondMarket', { transactionType: '', areacode: '', keyword: '', pageNo: 1 });
  const { transactionType, areacode, keyword, pageNo } = filter;
  const change = (next: Partial<typeof filter>) => setFilter({ ...filter, pageNo: 1, ...next });
  const setPageNo = (n: number) => setFilter({ ...filter, pageNo: n });
  // A filter change keeps the current list on screen (dimmed) until the next page of answers is
  // there, and says so in the list's place (with 重试) if it cannot be loaded.
  const asked = useMemo(() => ({ pageNo, pageSize: 10, transactionType, areacode, keyword }), [pageNo, transactionType, areacode, keyword]);
  const next = useSettledValue(asked, (a) => [pageQuery(PATHS.secondMarket, a)]);
  const changing = next.pending;
  const [{ data }] = useSuspenseQueries({ queries: [pageQuery(PATHS.secondMarket, next.shown), districtsQuery] });
  const { options: districtOptions, nameOf } = useDistrictOptions();
  const list = data.list;
  return (
    <div>
      <PageHead title="二级市场" description="企业之间的土地使用权转让、出租与抵押信息，促进存量土地高效流转。" />
      <PageBanner title="二级市场" crumbs={[{ title: '二级市场' }]} subtitle="企业之间的土地使用权转让、出租与抵押信息，促进存量土地高效流转。" tone="teal" />
      <Card>
        <div className={styles.toolbar}>
          <div className={styles.segmented} role="group" aria-label="交易类型">
            {TYPE_FILTERS.map((o) => (
              <button key={o.value} type="button" aria-pressed={transactionType === o.value} className={styles.segment} onClick={() => change({ transactionType: o.value })}>
                {o.label}
              </button>
            ))}
          </div>
          <span className={styles.toolbarRight}>
            <Select className={styles.district} options={districtOptions} value={areacode} onChange={(e) => change({ areacode: e.target.value })} aria-label="片区" />
            <SearchInput className={styles.search} label="搜索二级市场信息" placeholder="标题或坐落" defaultValue={keyword} onSearch={(v) => change({ keyword: v.trim() })} />
          </span>
        </div>
        {next.error ? (
          <BlockError label="二级市场信息" error={next.error} onRetry={next.retry} />
        ) : list.length === 0 ? (
          <Empty text="暂无二级市场信息" />
        ) : (
          <div className={styles.list} style={{ opacity: changing ? 0.6 : 1 }}>
            {list.map((r) => {
              const img = toFileList(r.images)[0];
              const typeLabel = text(r.transactionTypeLabel) || optionLabel(SECOND_MARKET_TYPE_LABELS, r.transactionType);
              return (
                <Link key={String(r.id)} to={`/secondMarketDetail/${encodeURIComponent(String(r.id))}`} className={styles.item} data-testid="market-item">
                  <div className={styles.cover}>
                    {img ? <ResponsiveImage src={img.url} alt="" width={150} height={96} sizes="150px" style={{ width: '100%', height: '100%' }} /> : typeLabel}
                  </div>
                  <div className={styles.body}>
                    <div className={styles.title}>
                      <Tag color={TYPE_COLORS[text(r.transactionType)]}>{typeLabel}</Tag>
                      {text(r.title)}
                      {text(r.status) === 'dealt' && <Tag color="default">{text(r.statusLabel) || optionLabel(SECOND_MARKET_STATUS_LABELS, r.status)}</Tag>}
                    </div>
                    <div className={styles.meta}>
                      {nameOf.get(text(r.areacode)) || '—'} · {text(r.location) || '—'}
                    </div>
                    <div className={styles.figures}>
                      <span>
                        面积 <b>{areaText(r.area, r.areaMu)}</b>
                      </span>
                      <span>
                        剩余年限 <b>{num(r.remainingYears, 1) || '—'}</b> 年
                      </span>
                      <span>发布 {dateText(r.publishDate)}</span>
                    </div>
                  </div>
                  <div className={styles.price}>
                    <b>{num(r.price) || '面议'}</b>
                    {num(r.price) && <small>{text(r.transactionType) === 'lease' ? '万元/年' : '万元'}</small>}
                  </div>
                </Link>
              );
            })}
          </div>
        )}
        {!next.error && data.total > 10 && (
          <div className={styles.pager}>
            <Pagination current={pageNo} pageSize={10} total={data.total} onChange={setPageNo} />
          </div>
        )}
      </Card>
    </div>
  );
}
