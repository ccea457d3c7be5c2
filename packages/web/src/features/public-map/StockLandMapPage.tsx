/**
 * 存量土地 (clkcrtd): stock land available for transfer, on a map and as a list. Server-rendered
 * (issue 14): the list, its filters and counts come with the HTML; the map loads after hydration.
 */
import { queryOptions, useSuspenseQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PageHead } from '../../public/head';
import { SearchInput, Select, Tag, type TagColor } from '../../public-ui';
import { districtsQuery, landClassesQuery, landClassName, listOf, openPost, useDistrictOptions, useLandClasses, type PublicRecord } from './api';
import { landClassColor, landClassLegend } from './colors';
import { muText, num, optionLabel, STOCK_STATUS_LABELS, text } from './format';
import { askHref } from '../public-site/consulting/ask-link';
import styles from './MapSearchPage.module.css';
import { landClassOptions } from './listKit';
import { Segmented } from './Segmented';
import { ThemeLegend, ThemeList, ThemeMapSection, useThemeSelection, useThemeFilters } from './ThemeMapParts';

const STATUS_COLORS: Record<string, string> = { unsupplied: '#fa8c16', unused: '#f5222d', revitalized: '#52c41a' };
/** The status tags' tones (dark text on a light tint: readable, unlike white on these colours). */
const STATUS_TONES: Record<string, TagColor> = { unsupplied: 'orange', unused: 'red', revitalized: 'green' };

interface StockFilters {
  areacode: string;
  dlcode: string;
  status: string;
  keyword: string;
}

const stockLandQuery = (filters: StockFilters) =>
  queryOptions({
    queryKey: ['public', 'stockLand', filters],
    queryFn: async ({ signal }) => listOf<PublicRecord>(await openPost<unknown>('selectCltdByPage', { pageNo: 0, pageSize: 0, ...filters }, signal)),
  });

export function StockLandMapPage() {
  const { filters, shown, setFilter, pending, failure } = useThemeFilters<StockFilters>({ areacode: '', dlcode: '', status: '', keyword: '' }, (f) => [stockLandQuery(f)]);
  const { areacode, dlcode, status } = filters;
  // The list, the district and land-class choices in one round (on the server for the first render).
  const [q] = useSuspenseQueries({ queries: [stockLandQuery(shown), districtsQuery, landClassesQuery] });
  const { options: districtOptions, nameOf } = useDistrictOptions();
  const classes = useLandClasses();
  const [colorBy, setColorBy] = useState<'status' | 'class'>('status');
  const selection = useThemeSelection();
  const { selectedId } = selection;
  const rows = q.data;
  const colorOf = (r: PublicRecord) => (colorBy === 'class' ? landClassColor(r.dlcode) : (STATUS_COLORS[text(r.status)] ?? '#8c8c8c'));
  const features = useMemo(
    () => rows.map((r) => ({ id: r.id, name: text(r.name), color: colorOf(r), geometry: r.geometry })),
    // colorOf depends on colorBy only
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, colorBy],
  );
  const selected = rows.find((r) => r.id === selectedId);
  const totalMu = rows.reduce((s, r) => s + Number(r.areaMu ?? 0), 0);
  const legend =
    colorBy === 'class'
      ? landClassLegend(rows.map((r) => r.dlcode))
      : Object.entries(STOCK_STATUS_LABELS).map(([k, label]) => ({ key: k, label, color: STATUS_COLORS[k] }));

  return (
    <div className={styles.page} data-testid="stock-land-page">
      <PageHead title="存量土地" description={`存量可出让土地 ${rows.length} 宗，合计 ${num(totalMu)} 亩：按片区、土地用途和存量类型在地图上查看。`} />
      <aside className={styles.panel} aria-label="存量土地列表">
        <div className={styles.filters}>
          <h1 className={styles.heading}>存量土地</h1>
          <SearchInput label="搜索存量土地" placeholder="地块名称、编号或坐落" onSearch={(v) => setFilter({ keyword: v.trim() })} />
          <div className={styles.filterRow}>
            <Select className={styles.grow} value={areacode} options={districtOptions} onChange={(e) => setFilter({ areacode: e.target.value })} aria-label="片区" />
            <Select className={styles.grow} value={dlcode} placeholder="全部地类" options={landClassOptions(classes.treeData)} onChange={(e) => setFilter({ dlcode: e.target.value })} aria-label="土地用途" />
          </div>
          <Segmented
            block
            label="存量类型"
            value={status}
            onChange={(v) => setFilter({ status: v })}
            options={[{ value: '', label: '全部' }, ...Object.entries(STOCK_STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
          />
          {/* After a failed load the figures on screen were the last list's: they go with it. */}
          {!failure && (
            <div className={styles.summary} role="status" aria-busy={pending || undefined}>
              存量可出让土地 <b>{rows.length}</b> 宗，合计 <b>{num(totalMu)}</b> 亩
            </div>
          )}
        </div>
        <ThemeList
          testId="stock-list"
          label="存量土地"
          emptyText="暂无存量可出让土地"
          pending={pending}
          failure={failure}
          selection={selection}
          items={rows.map((r) => ({
            id: r.id,
            name: text(r.name),
            color: colorOf(r),
            tag: (
              <Tag color={STATUS_TONES[text(r.status)] ?? 'default'} className={styles.stateTag}>
                {text(r.statusLabel) || optionLabel(STOCK_STATUS_LABELS, r.status)}
              </Tag>
            ),
            meta: `${text(r.parcelCode) || '—'} · ${nameOf.get(text(r.areacode)) || '—'} · ${landClassName(classes.nameOf, r.dlcode)}`,
            figures: <span>{muText(r.area, r.areaMu)}</span>,
          }))}
        />
      </aside>
      <ThemeMapSection
        label="存量土地地图"
        tiles="stockLand"
        features={features}
        selection={selection}
        popup={
          selected && {
            title: text(selected.name),
            figures: [
              ['地块编号', text(selected.parcelCode) || '—'],
              ['存量类型', text(selected.statusLabel) || optionLabel(STOCK_STATUS_LABELS, selected.status)],
              ['土地用途', landClassName(classes.nameOf, selected.dlcode)],
              ['面积', muText(selected.area, selected.areaMu)],
              ['坐落', text(selected.location) || '—'],
            ],
            children: (
              <div className={styles.popupActions}>
                <a href={askHref(text(selected.parcelCode) ? `${text(selected.name)}（${text(selected.parcelCode)}）` : text(selected.name), 'landPolicy')}>咨询该地块</a>
              </div>
            ),
          }
        }
      >
        <div className={styles.toolbar}>
          <Segmented
            label="着色方式"
            value={colorBy}
            onChange={setColorBy}
            options={[
              { value: 'status', label: '按存量类型' },
              { value: 'class', label: '按地类' },
            ]}
          />
        </div>
        <ThemeLegend title={colorBy === 'class' ? '土地用途' : '存量类型'} items={legend} />
      </ThemeMapSection>
    </div>
  );
}
