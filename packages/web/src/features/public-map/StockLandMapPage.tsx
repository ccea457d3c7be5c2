/** 存量土地 (clkcrtd): stock land available for transfer, on a map and as a list. Kept alive. */
import { CloseOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Input, Segmented, Select, Skeleton, Tag, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { landClassName, listOf, openPost, useDistrictOptions, useLandClasses, type PublicRecord } from './api';
import { landClassColor, landClassLegend } from './colors';
import { muText, num, optionLabel, STOCK_STATUS_LABELS, text } from './format';
import { ThemeMap } from './LazyThemeMap';
import styles from './MapSearchPage.module.css';

const STATUS_COLORS: Record<string, string> = { unsupplied: '#fa8c16', unused: '#f5222d', revitalized: '#52c41a' };

export function StockLandMapPage() {
  const { options: districtOptions, nameOf } = useDistrictOptions();
  const classes = useLandClasses();
  const [areacode, setAreacode] = useState('');
  const [dlcode, setDlcode] = useState('');
  const [status, setStatus] = useState('');
  const [keyword, setKeyword] = useState('');
  const [colorBy, setColorBy] = useState<'status' | 'class'>('status');
  const [hoverId, setHoverId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const filters = { areacode, dlcode, status, keyword };
  const q = useQuery({
    queryKey: ['public', 'stockLand', filters],
    queryFn: async ({ signal }) => listOf<PublicRecord>(await openPost<unknown>('selectCltdByPage', { pageNo: 0, pageSize: 0, ...filters }, signal)),
    placeholderData: keepPreviousData,
  });
  const rows = q.data ?? [];
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
      <aside className={styles.panel}>
        <div className={styles.filters}>
          <Input.Search allowClear placeholder="地块名称、编号或坐落" onSearch={(v) => setKeyword(v.trim())} />
          <div className={styles.filterRow}>
            <Select className={styles.grow} value={areacode} options={districtOptions} onChange={(v: string) => setAreacode(v)} aria-label="片区" />
            <TreeSelect
              className={styles.grow}
              treeData={classes.treeData}
              value={dlcode || undefined}
              onChange={(v?: string) => setDlcode(v ?? '')}
              placeholder="全部地类"
              allowClear
              showSearch
              treeNodeFilterProp="title"
              popupMatchSelectWidth={300}
              aria-label="土地用途"
            />
          </div>
          <Segmented
            block
            size="small"
            value={status}
            onChange={(v) => setStatus(String(v))}
            options={[{ value: '', label: '全部' }, ...Object.entries(STOCK_STATUS_LABELS).map(([value, label]) => ({ value, label }))]}
          />
          <div className={styles.summary}>
            存量可出让土地 <b>{rows.length}</b> 宗，合计 <b>{num(totalMu)}</b> 亩
          </div>
        </div>
        <div className={styles.results} data-testid="stock-list">
          {q.isPending ? (
            <div className={styles.pad}>
              <Skeleton active />
            </div>
          ) : rows.length === 0 ? (
            <Empty className={styles.pad} description="暂无存量可出让土地" />
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
                    <span className={styles.itemName}>{text(r.name)}</span>
                    <Tag color={STATUS_COLORS[text(r.status)]} className={styles.stateTag}>
                      {text(r.statusLabel) || optionLabel(STOCK_STATUS_LABELS, r.status)}
                    </Tag>
                  </div>
                  <div className={styles.itemMeta}>
                    {text(r.parcelCode) || '—'} · {nameOf.get(text(r.areacode)) || '—'} · {landClassName(classes.nameOf, r.dlcode)}
                  </div>
                  <div className={styles.itemFigures}>
                    <span>{muText(r.area, r.areaMu)}</span>
                  </div>
                </div>
              </div>
            ))
          )}
        </div>
      </aside>
      <section className={styles.mapWrap}>
        <ThemeMap
          tiles="stockLand"
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
                <div className={styles.popupTitle}>{text(selected.name)}</div>
                <dl className={styles.popupFigures}>
                  <dt>地块编号</dt>
                  <dd>{text(selected.parcelCode) || '—'}</dd>
                  <dt>存量类型</dt>
                  <dd>{text(selected.statusLabel) || optionLabel(STOCK_STATUS_LABELS, selected.status)}</dd>
                  <dt>土地用途</dt>
                  <dd>{landClassName(classes.nameOf, selected.dlcode)}</dd>
                  <dt>面积</dt>
                  <dd>{muText(selected.area, selected.areaMu)}</dd>
                  <dt>坐落</dt>
                  <dd>{text(selected.location) || '—'}</dd>
                </dl>
                <div className={styles.popupActions}>
                  <a href="/consultingServices">咨询该地块</a>
                </div>
              </div>
            )
          }
        >
          <div className={styles.toolbar}>
            <Segmented
              size="small"
              value={colorBy}
              onChange={(v) => setColorBy(v as 'status' | 'class')}
              options={[
                { value: 'status', label: '按存量类型' },
                { value: 'class', label: '按地类' },
              ]}
            />
          </div>
          <div className={styles.legend}>
            <div className={styles.legendTitle}>{colorBy === 'class' ? '土地用途' : '存量类型'}</div>
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
