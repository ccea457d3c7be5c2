/** 供地计划 (gdjhMapIndex): the year's state-owned construction-land supply plan on a map and as a list. Kept alive. */
import { CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Dropdown, Empty, Input, Segmented, Select, Skeleton, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { downloadFile, saveBlob, showError } from '../../lib/request';
import { listOf, openPost, useDistrictOptions, type PublicRecord } from './api';
import { landClassColor } from './colors';
import { muText, num, optionLabel, SUPPLY_DIRECTION_LABELS, SUPPLY_METHOD_LABELS, SUPPLY_PLAN_STATUS_LABELS, text, dateText } from './format';
import { ThemeMap } from './LazyThemeMap';
import styles from './MapSearchPage.module.css';

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

export function SupplyPlanMapPage() {
  const { message } = App.useApp();
  const { options: districtOptions, nameOf } = useDistrictOptions();
  const thisYear = new Date().getFullYear();
  const [planYear, setPlanYear] = useState<number | ''>('');
  const [gdfx, setGdfx] = useState('');
  const [areacode, setAreacode] = useState('');
  const [keyword, setKeyword] = useState('');
  const [colorBy, setColorBy] = useState<ColorBy>('gdfx');
  const [hoverId, setHoverId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const filters = { planYear, gdfx, areacode, keyword };

  const plan = useQuery({
    queryKey: ['public', 'supplyPlanMap', filters],
    queryFn: async ({ signal }) => listOf<PublicRecord>(await openPost<unknown>('getGdjhByPage', { pageNo: 0, pageSize: 0, ...filters }, signal)),
    placeholderData: keepPreviousData,
  });
  const summary = useQuery({
    queryKey: ['public', 'supplyPlanSummary', filters],
    queryFn: async ({ signal }) => (await openPost<{ summary?: Summary }>('getGyjsydByPage', { pageNo: 1, pageSize: 1, ...filters }, signal)).summary ?? null,
    placeholderData: keepPreviousData,
  });
  const years = useQuery({
    queryKey: ['public', 'supplyPlanYears'],
    queryFn: async ({ signal }) => listOf<PublicRecord>(await openPost<unknown>('getGdjhByPage', { pageNo: 0, pageSize: 0 }, signal)).map((r) => Number(r.planYear)),
    staleTime: 10 * 60_000,
  });
  const yearOptions = useMemo(() => {
    const set = new Set((years.data ?? []).filter(Number.isFinite));
    set.add(thisYear);
    return [{ value: '' as const, label: '全部年度' }, ...[...set].sort((a, b) => b - a).map((y) => ({ value: y, label: `${y}年度` }))];
  }, [years.data, thisYear]);

  const rows = plan.data ?? [];
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
      message.success('导出完成');
    } catch (error) {
      showError(error);
    }
  };

  const s = summary.data;
  return (
    <div className={styles.page} data-testid="supply-plan-page">
      <aside className={styles.panel}>
        <div className={styles.filters}>
          <div className={styles.filterRow}>
            <Select className={styles.grow} value={planYear} options={yearOptions} onChange={(v) => setPlanYear(v)} aria-label="计划年度" />
            <Select className={styles.grow} value={areacode} options={districtOptions} onChange={(v: string) => setAreacode(v)} aria-label="片区" />
          </div>
          <Select
            value={gdfx}
            onChange={(v: string) => setGdfx(v)}
            options={[{ value: '', label: '全部供地方向' }, ...Object.entries(SUPPLY_DIRECTION_LABELS).map(([value, label]) => ({ value, label }))]}
            aria-label="供地方向"
          />
          <Input.Search allowClear placeholder="地块名称、编号或坐落" onSearch={(v) => setKeyword(v.trim())} />
          {s && (
            <div className={styles.summary}>
              计划供地 <b>{s.count ?? rows.length}</b> 宗，面积 <b>{num(s.planAreaMu ?? 0)}</b> 亩
              {(s.byGdfx ?? []).length > 0 && (
                <div style={{ marginTop: 6 }}>
                  {(s.byGdfx ?? []).map((g) => (
                    <Tag key={g.gdfx} color={DIRECTION_COLORS[g.gdfx]}>
                      {g.label ?? optionLabel(SUPPLY_DIRECTION_LABELS, g.gdfx)} {g.count}宗
                    </Tag>
                  ))}
                </div>
              )}
            </div>
          )}
        </div>
        <div className={styles.resultHead}>
          <span>
            共 <b>{rows.length}</b> 宗
          </span>
        </div>
        <div className={styles.results} data-testid="plan-list">
          {plan.isPending ? (
            <div className={styles.pad}>
              <Skeleton active />
            </div>
          ) : rows.length === 0 ? (
            <Empty className={styles.pad} description="暂无供地计划" />
          ) : (
            rows.map((r) => (
              <div
                key={r.id}
                role="button"
                tabIndex={0}
                className={`${styles.item} ${r.id === hoverId ? styles.itemHover : ''} ${r.id === selectedId ? styles.itemSelected : ''}`}
                onMouseEnter={() => setHoverId(r.id)}
                onMouseLeave={() => setHoverId(null)}
                onClick={() => setSelectedId(r.id)}
              >
                <span className={styles.swatch} style={{ background: colorOf(r) }} />
                <div className={styles.itemBody}>
                  <div className={styles.itemTitle}>
                    <span className={styles.itemName}>{text(r.parcelName)}</span>
                    <Tag className={styles.stateTag}>{text(r.statusLabel) || optionLabel(SUPPLY_PLAN_STATUS_LABELS, r.status)}</Tag>
                  </div>
                  <div className={styles.itemMeta}>
                    {text(r.planYear)}年第{text(r.planQuarter) || '—'}季度 · {nameOf.get(text(r.areacode)) || '—'} · {text(r.gdfxLabel) || optionLabel(SUPPLY_DIRECTION_LABELS, r.gdfx)}
                  </div>
                  <div className={styles.itemFigures}>
                    <span>{muText(r.planArea, r.planAreaMu)}</span>
                    <span>{text(r.supplyMethodLabel) || optionLabel(SUPPLY_METHOD_LABELS, r.supplyMethod) || '—'}</span>
                  </div>
                </div>
              </div>
            ))
          )}
        </div>
      </aside>
      <section className={styles.mapWrap}>
        <ThemeMap
          tiles="supplyPlan"
          features={features}
          hoverId={hoverId}
          selectedId={selectedId}
          onHover={setHoverId}
          onSelect={setSelectedId}
          popup={
            selected && (
              <div className={styles.popup}>
                <button type="button" className={styles.popupClose} onClick={() => setSelectedId(null)} aria-label="关闭">
                  <CloseOutlined />
                </button>
                <div className={styles.popupTitle}>{text(selected.parcelName)}</div>
                <dl className={styles.popupFigures}>
                  <dt>地块编号</dt>
                  <dd>{text(selected.parcelCode) || '—'}</dd>
                  <dt>计划年度</dt>
                  <dd>
                    {text(selected.planYear)}年 第{text(selected.planQuarter) || '—'}季度
                  </dd>
                  <dt>供地方向</dt>
                  <dd>{text(selected.gdfxLabel) || optionLabel(SUPPLY_DIRECTION_LABELS, selected.gdfx)}</dd>
                  <dt>计划面积</dt>
                  <dd>{muText(selected.planArea, selected.planAreaMu)}</dd>
                  <dt>计划日期</dt>
                  <dd>{dateText(selected.planSupplyDate)}</dd>
                  <dt>坐落</dt>
                  <dd>{text(selected.location) || '—'}</dd>
                </dl>
              </div>
            )
          }
        >
          <div className={styles.toolbar}>
            <Segmented
              size="small"
              value={colorBy}
              onChange={(v) => setColorBy(v as ColorBy)}
              options={[
                { value: 'gdfx', label: '按供地方向' },
                { value: 'status', label: '按执行状态' },
                { value: 'class', label: '按地类' },
              ]}
            />
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'shp', label: 'Shapefile（.zip）' },
                  { key: 'geojson', label: 'GeoJSON' },
                  { key: 'kml', label: 'KML' },
                ],
                onClick: ({ key }) => void exportPlan(key),
              }}
            >
              <Button size="small" icon={<DownloadOutlined />}>
                导出
              </Button>
            </Dropdown>
          </div>
          <div className={styles.legend}>
            <div className={styles.legendTitle}>{colorBy === 'gdfx' ? '供地方向' : colorBy === 'status' ? '执行状态' : '地类'}</div>
            {legend.map((l) => (
              <div key={l.key} className={styles.legendRow}>
                <span className={styles.legendSwatch} style={{ background: l.color }} />
                {l.label}
              </div>
            ))}
          </div>
        </ThemeMap>
      </section>
    </div>
  );
}
