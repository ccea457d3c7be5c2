/**
 * /plotContrastTable/{plotList}: two to four parcels side by side, every comparable field in a
 * row, rows whose values differ marked, printable.
 */
import { useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHead } from '../../../public/head';
import { Button, buttonClass, Card, Empty, Tag, type TagColor } from '../../../public-ui';
import { CloseOutlined } from '../../../public-ui/icons/CloseOutlined';
import { DiffOutlined } from '../../../public-ui/icons/DiffOutlined';
import { PlusOutlined } from '../../../public-ui/icons/PlusOutlined';
import { PrinterOutlined } from '../../../public-ui/icons/PrinterOutlined';
import { landClassesQuery, useLandClasses, landClassName } from '../../public-map/api';
import {
  areaText,
  dateText,
  INDICATOR_LABELS,
  MARKET_STATE_LABELS,
  MATCHING_ITEMS,
  MATCHING_STATE_LABELS,
  marketState,
  num,
  optionLabel,
  parcelDetailPath,
  rangeText,
  SUPPLY_METHOD_LABELS,
  text,
  wanText,
  withUnit,
  ZYLX_LABELS,
} from '../../public-map/format';
import { COMPARE_MAX, COMPARE_MIN, clearCompare, compareUrl, addToCompare, getCompareItems, removeFromCompare } from '../../visitor/compare';
import { DateRange, PageBanner } from '../ui';
import { compareQuery, type ParcelDetail, type Row as DataRow } from './api';
import styles from './ComparePage.module.css';

/** Market state as a light tag (dark text on a tint: readable, unlike white on the map's orange). */
const STATE_TAG: Record<ReturnType<typeof marketState>, TagColor> = { available: 'blue', listed: 'orange', deal: 'default' };

interface CompareRow {
  key: string;
  label: string;
  /** Shown value per parcel; the plain text decides whether the values differ. */
  value: (p: ParcelDetail) => string;
  render?: (p: ParcelDetail) => ReactNode;
}

interface CompareGroup {
  title: string;
  rows: CompareRow[];
}

function indicatorText(p: ParcelDetail, key: string, fallback: string): string {
  const row = (p.indicators ?? []).find((r: DataRow) => text(r.indicator) === key);
  if (!row) return fallback;
  const unit = text(row.unit) || INDICATOR_LABELS[key]?.unit || '';
  const cmp = text(row.comparator);
  if (cmp === 'between') return rangeText(row.value, row.valueMax, unit);
  if (cmp === 'le') return rangeText(null, row.value, unit);
  if (cmp === 'eq') return `${num(row.value)}${unit === '%' ? '%' : unit ? ` ${unit}` : ''}`;
  return rangeText(row.value, null, unit);
}

function unitPrice(p: ParcelDetail): string {
  const price = Number(p.startingPrice);
  const mu = Number(p.landAreaMu);
  return price > 0 && mu > 0 ? `${num(price / mu)} 万元/亩` : '—';
}


/**
 * The parcels' names, kept in sight while the table scrolls past them: the table scrolls sideways
 * in its own box, so its header cannot stick to the page. Once that header has gone up under the
 * site's header, a copy of it (for the eye only: the table's own stays for screen readers and the
 * keyboard) stands there, following the table sideways.
 */
function useStickyNames(scroll: RefObject<HTMLDivElement | null>, head: RefObject<HTMLTableSectionElement | null>, bar: RefObject<HTMLDivElement | null>, anchor: RefObject<HTMLDivElement | null>) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const box = scroll.current;
    const thead = head.current;
    const copy = bar.current;
    const stick = anchor.current;
    if (!box || !thead || !copy || !stick) return undefined;
    const siteHeader = document.querySelector('header');
    const place = () => {
      const top = siteHeader?.getBoundingClientRect().height ?? 0;
      stick.style.top = `${top}px`;
      return top;
    };
    const follow = () => {
      copy.scrollLeft = box.scrollLeft;
    };
    let observer: IntersectionObserver | null = null;
    const watch = () => {
      observer?.disconnect();
      const top = place();
      observer = new IntersectionObserver(
        ([entry]) => {
          const rootTop = entry.rootBounds?.top ?? top;
          setShown(!entry.isIntersecting && entry.boundingClientRect.top < rootTop);
        },
        { rootMargin: `-${Math.ceil(top)}px 0px 0px 0px` },
      );
      observer.observe(thead);
    };
    watch();
    box.addEventListener('scroll', follow, { passive: true });
    window.addEventListener('resize', watch);
    return () => {
      observer?.disconnect();
      box.removeEventListener('scroll', follow);
      window.removeEventListener('resize', watch);
    };
  }, [scroll, head, bar, anchor]);
  // Shown: the copy starts where the table has been scrolled to.
  useEffect(() => {
    if (shown && bar.current && scroll.current) bar.current.scrollLeft = scroll.current.scrollLeft;
  }, [shown, bar, scroll]);
  return shown;
}

/**
 * 打印, only when the table holds two parcels or more: a link's unknown or withdrawn parcels are
 * left out of it, and one parcel left is no comparison (the page says 可对比的地块不足两个). A
 * disabled button says why beside it, for a tap or a pointer alike.
 */
function PrintButton({ count }: { count: number }) {
  const reasonId = useId();
  const ready = count >= COMPARE_MIN;
  return (
    <>
      <Button
        kind="ghost"
        className={styles.bannerButton}
        icon={<PrinterOutlined />}
        onClick={() => window.print()}
        disabled={!ready}
        aria-describedby={ready ? undefined : reasonId}
      >
        打印
      </Button>
      {!ready && (
        <span id={reasonId} className={styles.printReason}>
          至少需要 {COMPARE_MIN} 个地块才能打印
        </span>
      )}
    </>
  );
}

/** 打印 for the parcels the table shows (the same call as the table's, one request). */
function TablePrintButton({ ids }: { ids: string[] }) {
  const { data: parcels } = useSuspenseQuery(compareQuery(ids));
  return <PrintButton count={parcels.length} />;
}

export function ComparePage() {
  const { plotList = '' } = useParams();
  const ids = useMemo(() => [...new Set(plotList.split(',').map((s) => decodeURIComponent(s).trim()).filter(Boolean))], [plotList]);
  const valid = ids.length >= COMPARE_MIN && ids.length <= COMPARE_MAX;
  const subtitle = `同时对比 ${COMPARE_MIN}–${COMPARE_MAX} 个地块的面积、价格、规划指标与配套条件，差异项以底色标出。`;
  return (
    <div className={styles.page}>
      <PageBanner
        title="地块对比"
        crumbs={[{ title: '地块对比' }]}
        subtitle={subtitle}
        extra={
          <div className={styles.actions}>
            <Link to="/index" className={`${buttonClass('ghost')} ${styles.bannerButton}`}>
              <PlusOutlined /> 添加地块
            </Link>
            {valid ? <TablePrintButton ids={ids} /> : <PrintButton count={0} />}
          </div>
        }
      />
      {valid ? (
        <CompareTable ids={ids} subtitle={subtitle} />
      ) : (
        <Card>
          <PageHead title="地块对比" description={subtitle} />
          <Empty text={`请选择 ${COMPARE_MIN}–${COMPARE_MAX} 个地块进行对比`}>
            <Link to="/index" className={buttonClass('primary')}>
              去地图选地块
            </Link>
          </Empty>
        </Card>
      )}
    </div>
  );
}

function CompareTable({ ids, subtitle }: { ids: string[]; subtitle: string }) {
  const navigate = useNavigate();
  const [{ data: parcels }] = useSuspenseQueries({ queries: [compareQuery(ids), landClassesQuery] });
  const classes = useLandClasses();
  const [onlyDiff, setOnlyDiff] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const anchorRef = useRef<HTMLDivElement>(null);
  const namesShown = useStickyNames(scrollRef, headRef, barRef, anchorRef);

  // A shared compare link fills this browser's tray when it is empty, so "remove" and "add" work
  // from here; parcels the visitor had put in the tray themselves are never replaced by a link.
  useEffect(() => {
    if (!parcels.length || getCompareItems().length > 0) return;
    clearCompare();
    for (const p of parcels) addToCompare({ id: p.id, name: text(p.dkmc) || text(p.dkbh) });
  }, [parcels]);

  const groups: CompareGroup[] = [
    {
      title: '基本信息',
      rows: [
        { key: 'dkbh', label: '宗地编号', value: (p) => text(p.dkbh) || '—' },
        { key: 'area', label: '所属片区', value: (p) => text(p.areaname) || '—' },
        { key: 'location', label: '土地坐落', value: (p) => text(p.location) || '—' },
        { key: 'dl', label: '土地用途', value: (p) => landClassName(classes.nameOf, p.dlcode, p.dlname) || '—' },
        { key: 'plannedUse', label: '规划用途', value: (p) => text(p.plannedUse) || '—' },
        { key: 'zylx', label: '资源类型', value: (p) => optionLabel(ZYLX_LABELS, p.zylx) || '—' },
        { key: 'supply', label: '供地方式', value: (p) => optionLabel(SUPPLY_METHOD_LABELS, p.supplyMethod) || '—' },
        {
          key: 'state',
          label: '交易状态',
          value: (p) => MARKET_STATE_LABELS[marketState(p.tradeState)],
          render: (p) => <Tag color={STATE_TAG[marketState(p.tradeState)]}>{MARKET_STATE_LABELS[marketState(p.tradeState)]}</Tag>,
        },
      ],
    },
    {
      title: '面积与价格',
      rows: [
        { key: 'landArea', label: '土地面积', value: (p) => areaText(p.landArea, p.landAreaMu) },
        { key: 'transferArea', label: '出让面积', value: (p) => (p.transferArea ? areaText(p.transferArea) : '—') },
        { key: 'price', label: '起始价', value: (p) => wanText(p.startingPrice), render: (p) => <b className={styles.price}>{wanText(p.startingPrice)}</b> },
        { key: 'unitPrice', label: '折合单价', value: unitPrice },
        { key: 'deposit', label: '竞买保证金', value: (p) => wanText(p.deposit) },
        { key: 'increment', label: '加价幅度', value: (p) => wanText(p.bidIncrement) },
        { key: 'tenure', label: '出让年限', value: (p) => withUnit(p.tenureYears, '年', 0) },
        { key: 'grade', label: '土地级别', value: (p) => text(p.landGrade) || '—' },
      ],
    },
    {
      title: '规划指标',
      rows: [
        { key: 'plotRatio', label: '容积率', value: (p) => indicatorText(p, 'plotRatio', rangeText(p.plotRatioMin, p.plotRatioMax)) },
        { key: 'buildingDensity', label: '建筑密度', value: (p) => indicatorText(p, 'buildingDensity', rangeText(p.buildingDensityMin, p.buildingDensityMax, '%')) },
        { key: 'greenRatio', label: '绿地率', value: (p) => indicatorText(p, 'greenRatio', rangeText(p.greenRatioMin, p.greenRatioMax, '%')) },
        { key: 'heightLimit', label: '建筑限高', value: (p) => indicatorText(p, 'heightLimit', rangeText(null, p.heightLimit, 'm')) },
        { key: 'investmentIntensity', label: '投资强度', value: (p) => indicatorText(p, 'investmentIntensity', rangeText(p.investmentIntensity, null, '万元/亩')) },
        { key: 'buildingCoefficient', label: '建筑系数', value: (p) => indicatorText(p, 'buildingCoefficient', '—') },
        { key: 'taxPerMu', label: '亩均税收', value: (p) => indicatorText(p, 'taxPerMu', rangeText(p.taxPerMu, null, '万元/亩')) },
      ],
    },
    {
      title: '配套条件（七通一平）',
      rows: MATCHING_ITEMS.map((item) => ({
        key: `m_${item.name}`,
        label: item.label,
        value: (p: ParcelDetail) => (p.matching ? MATCHING_STATE_LABELS[text(p.matching[item.name]) || 'none'] ?? '—' : '—'),
        render: (p: ParcelDetail) => {
          const st = p.matching ? text(p.matching[item.name]) || 'none' : '';
          return st ? <span className={styles[`m_${st}`]}>{MATCHING_STATE_LABELS[st]}</span> : '—';
        },
      })),
    },
    {
      title: '交易信息',
      rows: [
        { key: 'announcement', label: '公告编号', value: (p) => text(p.transaction?.announcementNo) || '—' },
        {
          key: 'listing',
          label: '挂牌期限',
          value: (p) => (p.transaction ? `${dateText(p.transaction.listingStart)} 至 ${dateText(p.transaction.listingEnd)}` : '—'),
          render: (p) => (p.transaction ? <DateRange from={p.transaction.listingStart} to={p.transaction.listingEnd} /> : '—'),
        },
        { key: 'dealPrice', label: '成交价', value: (p) => (text(p.transaction?.dealPrice) ? wanText(p.transaction?.dealPrice) : '—') },
        { key: 'dealDate', label: '成交日期', value: (p) => (text(p.transaction?.dealDate) ? dateText(p.transaction?.dealDate) : '—') },
      ],
    },
  ];

  const remove = (id: string) => {
    removeFromCompare(id);
    const rest = parcels.map((p) => p.id).filter((x) => x !== id);
    if (rest.length >= COMPARE_MIN) navigate(compareUrl(rest), { replace: true });
    else navigate('/index');
  };

  const names = parcels.map((p) => text(p.dkmc) || text(p.dkbh)).join('、');
  const visibleGroups = groups
    .map((g) => ({ ...g, rows: g.rows.filter((r) => !onlyDiff || new Set(parcels.map(r.value)).size > 1) }))
    .filter((g) => g.rows.length > 0);

  return (
    <>
      <PageHead title={names ? `地块对比：${names}` : '地块对比'} description={subtitle} />
      {parcels.length < ids.length && (
        <p className={styles.warning} role="status">
          有 {ids.length - parcels.length} 个地块不存在或已下架，未列入对比
        </p>
      )}
      <Card>
        <div className={styles.toolbar}>
          <span>
            <DiffOutlined /> 共 {parcels.length} 个地块
          </span>
          <label className={styles.onlyDiff}>
            <input type="checkbox" role="switch" checked={onlyDiff} onChange={(e) => setOnlyDiff(e.target.checked)} /> 只看不同项
          </label>
        </div>
        {parcels.length < COMPARE_MIN ? (
          <Empty text="可对比的地块不足两个" />
        ) : (
          <>
            <div ref={anchorRef} className={styles.namesAnchor}>
              <div ref={barRef} className={styles.namesBar} hidden={!namesShown} aria-hidden inert data-testid="compare-names">
                <table className={styles.table} style={{ '--parcels': parcels.length } as CSSProperties}>
                  <colgroup>
                    <col className={styles.labelCol} />
                    {parcels.map((p) => (
                      <col key={p.id} />
                    ))}
                  </colgroup>
                  <thead>
                    <tr>
                      <th>地块</th>
                      {parcels.map((p) => (
                        <th key={p.id}>
                          <span className={styles.headName}>{text(p.dkmc) || text(p.dkbh)}</span>
                        </th>
                      ))}
                    </tr>
                  </thead>
                </table>
              </div>
            </div>
            <div ref={scrollRef} className={styles.scroll}>
              <table className={styles.table} style={{ '--parcels': parcels.length } as CSSProperties} data-testid="compare-table">
                <colgroup>
                  <col className={styles.labelCol} />
                  {parcels.map((p) => (
                    <col key={p.id} />
                  ))}
                </colgroup>
                <thead ref={headRef}>
                  <tr>
                    <th>地块</th>
                    {parcels.map((p) => (
                      <th key={p.id}>
                        <div className={styles.head}>
                          <Link to={parcelDetailPath(p.id, p.tradeState)} className={styles.headName}>
                            {text(p.dkmc) || text(p.dkbh)}
                          </Link>
                          <button type="button" className={styles.remove} onClick={() => remove(p.id)} aria-label={`移出对比：${text(p.dkmc) || text(p.dkbh)}`}>
                            <CloseOutlined />
                          </button>
                        </div>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {visibleGroups.map((g) => (
                    <Fragment key={g.title}>
                      <tr className={styles.group}>
                        <td colSpan={parcels.length + 1}>
                          <span className={styles.groupTitle}>{g.title}</span>
                        </td>
                      </tr>
                      {g.rows.map((r) => {
                        const values = parcels.map(r.value);
                        const differs = new Set(values).size > 1;
                        return (
                          <tr key={r.key} className={differs ? styles.diff : undefined} data-differs={differs ? '1' : undefined}>
                            <th scope="row">{r.label}</th>
                            {parcels.map((p, i) => (
                              <td key={p.id}>{r.render ? r.render(p) : values[i]}</td>
                            ))}
                          </tr>
                        );
                      })}
                    </Fragment>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Card>
    </>
  );
}
