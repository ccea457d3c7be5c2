/**
 * 供地计划 (gdjhMapIndex): the year's state-owned construction-land supply plan on a map and as a
 * list. Server-rendered (issue 14): the list, its filters and the summary come with the HTML; the
 * map loads after hydration.
 */
import { queryOptions, useSuspenseQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { notify } from '../../lib/notify';
import { downloadFile, saveBlob, showError } from '../../lib/request';
import { PageHead } from '../../public/head';
import { SearchInput, Select, Tag } from '../../public-ui';
import { districtsQuery, listOf, openPost, useDistrictOptions, type PublicRecord } from './api';
import { landClassColor } from './colors';
import { ExportMenu, type ExportFormat } from './ExportMenu';
import { muText, num, optionLabel, SUPPLY_DIRECTION_LABELS, SUPPLY_METHOD_LABELS, SUPPLY_PLAN_STATUS_LABELS, text, dateText } from './format';
import styles from './MapSearchPage.module.css';
import { Segmented } from './Segmented';
import { ThemeLegend, ThemeList, ThemeMapSection, useThemeSelection, useThemeFilters } from './ThemeMapParts';

const DIRECTION_COLORS: Record<string, string> = {
  industrial: '#a86f3c',
  storage: '#8e6fd8',
  commercial: '#e5483d',
  residential: '#f3d23b',
  public: '#e0609d',
};
const STATUS_COLORS: Record<string, string> = { planned: '#1677ff', supplied: '#52c41a', adjusted: '#fa8c16' };

type ColorBy = 'gdfx' | 'status' | 'class';

interface Summary {
  count?: number;
  planArea?: number;
  planAreaMu?: number;
  byGdfx?: { gdfx: string; label?: string; count: number; planAreaMu?: number }[];
}

interface PlanFilters {
  planYear: number | '';
  gdfx: string;
  areacode: string;
  keyword: string;
}

const planQuery = (filters: PlanFilters) =>
  queryOptions({
    queryKey: ['public', 'supplyPlanMap', filters],
    queryFn: async ({ signal }) => listOf<PublicRecord>(await openPost<unknown>('getGdjhByPage', { pageNo: 0, pageSize: 0, ...filters }, signal)),
  });

const summaryQuery = (filters: PlanFilters) =>
  queryOptions({
    queryKey: ['public', 'supplyPlanSummary', filters],
    queryFn: async ({ signal }) => (await openPost<{ summary?: Summary }>('getGyjsydByPage', { pageNo: 1, pageSize: 1, ...filters }, signal)).summary ?? null,
  });

const NO_FILTERS: PlanFilters = { planYear: '', gdfx: '', areacode: '', keyword: '' };

/**
 * The years of every plan, read from the unfiltered list: the first view's own call and cache
 * entry, not a second download of the same rows.
 */
const yearsQuery = queryOptions({ ...planQuery(NO_FILTERS), select: (rows: PublicRecord[]) => rows.map((r) => Number(r.planYear)) });

const EXPORT_FORMATS: ExportFormat[] = [
  { key: 'shp', label: 'Shapefile（.zip）' },
  { key: 'geojson', label: 'GeoJSON' },
  { key: 'kml', label: 'KML' },
];

export function SupplyPlanMapPage() {
  const thisYear = new Date().getFullYear();
  const { filters, shown, setFilter, pending, failure } = useThemeFilters<PlanFilters>(NO_FILTERS, (f) => [planQuery(f), summaryQuery(f)]);
  const { planYear, gdfx, areacode, keyword } = filters;
  const [colorBy, setColorBy] = useState<ColorBy>('gdfx');
  const selection = useThemeSelection();
  const { selectedId } = selection;
  // The list, its summary, the years and the districts in one round (on the server for the first render).
  const [plan, summary, years] = useSuspenseQueries({ queries: [planQuery(shown), summaryQuery(shown), yearsQuery, districtsQuery] });
  const { options: districtOptions, nameOf } = useDistrictOptions();
  const yearOptions = useMemo(() => {
    const set = new Set(years.data.filter(Number.isFinite));
    set.add(thisYear);
    return [{ value: '', label: '全部年度' }, ...[...set].sort((a, b) => b - a).map((y) => ({ value: String(y), label: `${y}年度` }))];
  }, [years.data, thisYear]);

  const rows = plan.data;
  const colorOf = (r: PublicRecord) =>
    colorBy === 'status' ? (STATUS_COLORS[text(r.status)] ?? '#8c8c8c') : colorBy === 'class' ? landClassColor(r.dlcode) : (DIRECTION_COLORS[text(r.gdfx)] ?? '#8c8c8c');
  const features = useMemo(
    () => rows.map((r) => ({ id: r.id, name: text(r.parcelName), color: colorOf(r), geometry: r.geometry })),
    // colorOf depends on colorBy only
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, colorBy],
  );
  const selected = rows.find((r) => r.id === selectedId);
  const legend =
    colorBy === 'status'
      ? Object.entries(SUPPLY_PLAN_STATUS_LABELS).map(([k, label]) => ({ key: k, label, color: STATUS_COLORS[k] }))
      : colorBy === 'gdfx'
        ? Object.entries(SUPPLY_DIRECTION_LABELS).map(([k, label]) => ({ key: k, label, color: DIRECTION_COLORS[k] }))
        : [...new Set(rows.map((r) => text(r.dlcode).slice(0, 2)))].sort().map((g) => ({ key: g, label: g, color: landClassColor(g) }));

  const exportPlan = async (format: string) => {
    try {
      const params = [
        planYear !== '' && { column: 'planYear', type: 'eq', val: planYear },
        gdfx && { column: 'gdfx', type: 'eq', val: gdfx },
        areacode && { column: 'areacode', type: 'eq', val: areacode },
        keyword && { column: 'parcelName', type: 'like', val: keyword },
      ].filter(Boolean);
      saveBlob(await downloadFile('/openApi/exportGyjhShpfile', { format, params }, `供地计划.${format === 'shp' ? 'zip' : format}`));
      notify.success('导出完成');
    } catch (error) {
      showError(error);
    }
  };

  const s = summary.data;
  const count = s?.count ?? rows.length;
  return (
    <div className={styles.page} data-testid="supply-plan-page">
      <PageHead title="供地计划" description={`国有建设用地供应计划：计划供地 ${count} 宗，面积 ${num(s?.planAreaMu ?? 0)} 亩，按年度、片区和供地方向在地图上查看。`} />
      <aside className={styles.panel} aria-label="供地计划列表">
        <div className={styles.filters}>
          <h1 className={styles.heading}>供地计划</h1>
          <div className={styles.filterRow}>
            <Select className={styles.grow} value={String(planYear)} options={yearOptions} onChange={(e) => setFilter({ planYear: e.target.value === '' ? '' : Number(e.target.value) })} aria-label="计划年度" />
            <Select className={styles.grow} value={areacode} options={districtOptions} onChange={(e) => setFilter({ areacode: e.target.value })} aria-label="片区" />
          </div>
          <Select
            value={gdfx}
            onChange={(e) => setFilter({ gdfx: e.target.value })}
            options={[{ value: '', label: '全部供地方向' }, ...Object.entries(SUPPLY_DIRECTION_LABELS).map(([value, label]) => ({ value, label }))]}
            aria-label="供地方向"
          />
          <SearchInput label="搜索供地计划" placeholder="地块名称、编号或坐落" onSearch={(v) => setFilter({ keyword: v.trim() })} />
          {/* After a failed load the figures on screen were the last list's: they go with it. */}
          {s && !failure && (
            <div className={styles.summary} role="status" aria-busy={pending || undefined}>
              计划供地 <b>{count}</b> 宗，面积 <b>{num(s.planAreaMu ?? 0)}</b> 亩
              {(s.byGdfx ?? []).length > 0 && (
                <div className={styles.summaryTags}>
                  {(s.byGdfx ?? []).map((g) => (
                    <Tag key={g.gdfx}>
                      {DIRECTION_COLORS[g.gdfx] && <span className={styles.tagSwatch} style={{ background: DIRECTION_COLORS[g.gdfx] }} />}
                      {g.label ?? optionLabel(SUPPLY_DIRECTION_LABELS, g.gdfx)} {g.count}宗
                    </Tag>
                  ))}
                </div>
              )}
            </div>
          )}
        </div>
        {!failure && (
          <div className={styles.resultHead}>
            <span>
              共 <b>{rows.length}</b> 宗
            </span>
          </div>
        )}
        <ThemeList
          testId="plan-list"
          label="供地计划"
          emptyText="暂无供地计划"
          pending={pending}
          failure={failure}
          selection={selection}
          items={rows.map((r) => ({
            id: r.id,
            name: text(r.parcelName),
            color: colorOf(r),
            tag: <Tag className={styles.stateTag}>{text(r.statusLabel) || optionLabel(SUPPLY_PLAN_STATUS_LABELS, r.status)}</Tag>,
            meta: `${text(r.planYear)}年第${text(r.planQuarter) || '—'}季度 · ${nameOf.get(text(r.areacode)) || '—'} · ${text(r.gdfxLabel) || optionLabel(SUPPLY_DIRECTION_LABELS, r.gdfx)}`,
            figures: (
              <>
                <span>{muText(r.planArea, r.planAreaMu)}</span>
                <span>{text(r.supplyMethodLabel) || optionLabel(SUPPLY_METHOD_LABELS, r.supplyMethod) || '—'}</span>
              </>
            ),
          }))}
        />
      </aside>
      <ThemeMapSection
        label="供地计划地图"
        tiles="supplyPlan"
        features={features}
        selection={selection}
        popup={
          selected && {
            title: text(selected.parcelName),
            figures: [
              ['地块编号', text(selected.parcelCode) || '—'],
              ['计划年度', `${text(selected.planYear)}年 第${text(selected.planQuarter) || '—'}季度`],
              ['供地方向', text(selected.gdfxLabel) || optionLabel(SUPPLY_DIRECTION_LABELS, selected.gdfx)],
              ['计划面积', muText(selected.planArea, selected.planAreaMu)],
              ['计划日期', dateText(selected.planSupplyDate)],
              ['坐落', text(selected.location) || '—'],
            ],
          }
        }
      >
        <div className={styles.toolbar}>
          <Segmented
            label="着色方式"
            value={colorBy}
            onChange={setColorBy}
            options={[
              { value: 'gdfx', label: '按供地方向' },
              { value: 'status', label: '按执行状态' },
              { value: 'class', label: '按地类' },
            ]}
          />
          <ExportMenu formats={EXPORT_FORMATS} onExport={(format) => void exportPlan(format)} />
        </div>
        <ThemeLegend title={colorBy === 'gdfx' ? '供地方向' : colorBy === 'status' ? '执行状态' : '地类'} items={legend} />
      </ThemeMapSection>
    </div>
  );
}
