/**
 * A parcel's public page, one component with three variants: on offer (/mapMoreDetails,
 * /gkzzMoreDetails), listed (/mapMoreGpggDetails) and dealt (/landTransactionDetails). Every public
 * field with its unit, the planning indicators as ranges, 七通一平, advantages, prices, a map with
 * the surroundings and distances, pipe networks, the panorama, photos, documents, contacts, the
 * investment manual and, for listed and dealt parcels, the transaction data.
 */
import { useSuspenseQueries } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { fileUrl, toFileList } from '../../../lib/files';
import { PageHead } from '../../../public/head';
import { NotFoundPage } from '../../../public/NotFoundPage';
import { useInView } from '../../../public/use-in-view';
import { BlockBoundary, Button, buttonClass, Descriptions, Modal, Spin, Tag } from '../../../public-ui';
import { AimOutlined } from '../../../public-ui/icons/AimOutlined';
import { CheckCircleFilled } from '../../../public-ui/icons/CheckCircleFilled';
import { ClockCircleOutlined } from '../../../public-ui/icons/ClockCircleOutlined';
import { CloseCircleOutlined } from '../../../public-ui/icons/CloseCircleOutlined';
import { EnvironmentOutlined } from '../../../public-ui/icons/EnvironmentOutlined';
import { EyeOutlined } from '../../../public-ui/icons/EyeOutlined';
import { FilePdfOutlined } from '../../../public-ui/icons/FilePdfOutlined';
import { FileWordOutlined } from '../../../public-ui/icons/FileWordOutlined';
import { MailOutlined } from '../../../public-ui/icons/MailOutlined';
import { PhoneOutlined } from '../../../public-ui/icons/PhoneOutlined';
import { PrinterOutlined } from '../../../public-ui/icons/PrinterOutlined';
import { SyncOutlined } from '../../../public-ui/icons/SyncOutlined';
import { TrophyOutlined } from '../../../public-ui/icons/TrophyOutlined';
import { districtsQuery, landClassesQuery, landClassName, useDistrictOptions, useLandClasses } from '../../public-map/api';
import {
  areaText,
  FACILITY_TYPE_LABELS,
  hasPosition,
  MARKET_STATE_LABELS,
  MATCHING_ITEMS,
  MATCHING_STATE_LABELS,
  marketState,
  num,
  optionLabel,
  PIPE_TYPE_LABELS,
  PRESSURE_LABELS,
  PRICE_TYPE_LABELS,
  PRICE_UNIT_LABELS,
  rangeText,
  SUPPLY_METHOD_LABELS,
  text,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_TYPE_LABELS,
  wanText,
  withUnit,
  ZYLX_LABELS,
  type ParcelMarketState,
} from '../../public-map/format';
import { landClassColor, MARKET_STATE_TEXT_COLORS, PIPE_COLORS, placeColor } from '../../public-map/colors';
import { CollectButton } from '../../visitor/CollectButton';
import { CompareButton } from '../../visitor/CompareButton';
import { useManualDownload } from '../manual';
import { DateRange, DateText, FileLinks, NoData, Paragraphs, Section, SimpleTable, type Crumb } from '../ui';
import { countVisit, parcelDetailPageQuery, type ParcelPageData, type Row as DataRow } from './api';
import { indicatorRows } from './indicators';
import { distancePlaceId, facilityPlaceId, parcelPlaces } from './places';
import styles from './ParcelDetailPage.module.css';
import { askHref } from '../consulting/ask-link';
import { ResponsiveImage } from '../../../lib/responsive-image';

const ParcelMiniMap = lazy(() => import('../../public-map/ParcelMiniMap'));
const PanoramaViewer = lazy(() => import('./PanoramaViewer'));

type Variant = 'available' | 'listed' | 'deal';

const VARIANT_CRUMB: Record<Variant, Crumb> = {
  available: { title: '地图找地', to: '/index' },
  listed: { title: '挂牌地块', to: '/landListing' },
  deal: { title: '成交地块', to: '/landDeal' },
};

const MATCHING_ICON: Record<string, ReactNode> = {
  ready: <CheckCircleFilled style={{ color: '#389e0d' }} />,
  nearby: <SyncOutlined style={{ color: '#1061d6' }} />,
  planned: <ClockCircleOutlined style={{ color: '#fa8c16' }} />,
  none: <CloseCircleOutlined style={{ color: '#bfbfbf' }} />,
};

const MATCHING_GLYPH: Record<string, string> = {
  water: '水',
  drainage: '排',
  power: '电',
  road: '路',
  gas: '气',
  telecom: '讯',
  heat: '热',
  levelled: '平',
};

function Figure({ label, value, unit, sub, accent }: { label: string; value: ReactNode; unit?: string; sub?: ReactNode; accent?: boolean }) {
  return (
    <div className={styles.figure}>
      <div className={styles.figureLabel}>{label}</div>
      <div className={`${styles.figureValue} ${accent ? styles.accent : ''}`}>
        {value}
        {unit && value !== '—' && <span className={styles.figureUnit}>{unit}</span>}
      </div>
      {sub && <div className={styles.figureSub}>{sub}</div>}
    </div>
  );
}

function dash(v: unknown): string {
  const s = text(v);
  return s === '' ? '—' : s;
}

function ManualButtons({ id, name }: { id: string; name: string }) {
  const { busy, get } = useManualDownload({ dkid: id }, name);
  return (
    <div className={styles.buttons}>
      <Button icon={<FilePdfOutlined />} loading={busy === 'pdf'} onClick={() => void get('pdf')} data-testid="manual-pdf">
        下载 PDF
      </Button>
      <Button icon={<FileWordOutlined />} loading={busy === 'doc'} onClick={() => void get('doc')} data-testid="manual-word">
        下载 Word
      </Button>
    </div>
  );
}

function TransactionSection({ rows, variant }: { rows: DataRow[]; variant: Variant }) {
  if (rows.length === 0) return <NoData text={variant === 'deal' ? '暂无成交记录' : '暂无挂牌记录'} />;
  return (
    <ol className={styles.timeline}>
      {rows.map((r, i) => (
        <li key={r.id ?? i} className={`${styles.timelineItem} ${styles[`dot_${text(r.status)}`] ?? ''}`}>
          <div className={styles.trade}>
            <div className={styles.tradeHead}>
              <b>{optionLabel(TRANSACTION_TYPE_LABELS, r.transactionType) || '交易'}</b>
              <Tag color={text(r.status) === 'dealt' ? 'green' : text(r.status) === 'listing' ? 'orange' : 'default'}>
                {optionLabel(TRANSACTION_STATUS_LABELS, r.status)}
              </Tag>
              {text(r.announcementNo) && <span className={styles.muted}>公告编号 {text(r.announcementNo)}</span>}
            </div>
            <Descriptions
              columns={3}
              items={[
                { key: 'ls', label: '挂牌起止', children: <DateRange from={r.listingStart} to={r.listingEnd} /> },
                { key: 'sp', label: '起始价', children: wanText(r.startingPrice) },
                { key: 'dp', label: '竞买保证金', children: wanText(r.deposit) },
                { key: 'bi', label: '加价幅度', children: wanText(r.bidIncrement) },
                ...(text(r.dealPrice) || text(r.status) === 'dealt'
                  ? [
                      { key: 'deal', label: '成交价', children: <b className={styles.price}>{wanText(r.dealPrice)}</b> },
                      { key: 'dd', label: '成交日期', children: <DateText value={r.dealDate} /> },
                      { key: 'w', label: '竞得人', children: dash(r.winner) },
                      { key: 'c', label: '出让合同编号', children: dash(r.contractNo) },
                    ]
                  : []),
                { key: 'ty', label: '出让年限', children: withUnit(r.transferYears, '年', 0) },
              ]}
            />
          </div>
        </li>
      ))}
    </ol>
  );
}

function ParcelDetail({ variant }: { variant: Variant }) {
  const { id = '' } = useParams();
  // One round: the page's one call, and the district and land-class names (usually cached) beside it.
  const [{ data }] = useSuspenseQueries({ queries: [parcelDetailPageQuery(id), districtsQuery, landClassesQuery] });
  // Unknown or not published: the not-found page (HTTP 404 from the server), nothing of the parcel.
  if (!data) return <NotFoundPage what="地块" />;
  return <ParcelBody key={id} id={id} data={data} variant={variant} />;
}

/**
 * Everything about the parcel, from one call (getLandInfoPageById; on the server when the page is
 * rendered there): every section's data is in the HTML, none arrives later to move the page.
 */
/**
 * A place in the lists beside the map, with its colour there: a button that names it on the map
 * and keeps it named (a keyboard or a phone has no hover); a place without a position is text.
 */
function PlacePick({ located, color, kind, picked, onPick, children }: { located: boolean; color?: string; kind?: string; picked: boolean; onPick: () => void; children: ReactNode }) {
  const content = (
    <>
      {color !== undefined && <span className={styles.placeSwatch} style={located ? { background: color } : undefined} />}
      {children}
    </>
  );
  return located ? (
    <button type="button" className={styles.placePick} aria-pressed={picked} title={kind ? `${kind}：在地图中查看` : '在地图中查看'} onClick={onPick}>
      {content}
    </button>
  ) : (
    <span className={styles.placePick} title={kind}>
      {content}
    </span>
  );
}

function ParcelBody({ id, data, variant }: { id: string; data: ParcelPageData; variant: Variant }) {
  const { landInfo: parcel, distances, facilities, pipes, markers, prices, manual, transactions, contacts } = data;
  const { nameOf: districtName } = useDistrictOptions();
  const classes = useLandClasses();
  // A place under the pointer in the lists is named on the map while it stays there; a place
  // clicked (or chosen with the keyboard, or tapped on a phone) stays named and is brought into view.
  const [hoverPlace, setHoverPlace] = useState<string | null>(null);
  const [pickedPlace, setPickedPlace] = useState<string | null>(null);
  const activePlace = hoverPlace ?? pickedPlace;
  const pickPlace = (placeId: string) => {
    setHoverPlace(null);
    setPickedPlace((now) => (now === placeId ? null : placeId));
    // Below the lists on a narrow screen, the map comes into view (and loads) for the pick.
    mapRef.current?.scrollIntoView({ block: 'nearest', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  };
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  const [mapRef, mapInView] = useInView<HTMLDivElement>();
  const [panoramaRef, panoramaInView] = useInView<HTMLDivElement>();

  // One count per view of the page (StrictMode's second effect run is the same view).
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === id) return;
    counted.current = id;
    void countVisit(id);
  }, [id]);

  const places = useMemo(() => parcelPlaces(facilities, distances), [facilities, distances]);

  const crumb = VARIANT_CRUMB[variant];

  const name = text(parcel.dkmc) || text(parcel.dkbh);
  const state: ParcelMarketState = marketState(parcel.tradeState);
  const className = landClassName(classes.nameOf, parcel.dlcode, parcel.dlname);
  const district = text(parcel.areaname) || districtName.get(text(parcel.areacode)) || '';
  const matching = data.matching ?? parcel.matching ?? null;
  const priceText = variant === 'deal' ? null : num(parcel.startingPrice) ? `起始价 ${num(parcel.startingPrice)} 万元` : '价格面议';
  const indicators = indicatorRows(parcel, parcel.indicators ?? []);
  const advantages = parcel.advantages ?? [];
  const photos = toFileList(parcel.photos);
  const panorama = toFileList(parcel.panorama)[0];
  const trades = transactions.length ? transactions : parcel.transaction ? [parcel.transaction] : [];
  const dealt = trades.find((t) => text(t.status) === 'dealt');
  const listing = trades.find((t) => text(t.status) === 'listing') ?? trades[0];
  const dealText = dealt && num(dealt.dealPrice) ? `成交价 ${num(dealt.dealPrice)} 万元` : null;
  const summary = [district, className, num(parcel.landAreaMu) ? `${num(parcel.landAreaMu)} 亩` : '', priceText ?? dealText ?? '', text(parcel.location)].filter(Boolean).join(' · ');

  const sections = [
    { key: 'basic', title: '基本信息' },
    ...(variant !== 'available' || trades.length ? [{ key: 'trade', title: variant === 'deal' ? '成交信息' : '挂牌信息' }] : []),
    { key: 'planning', title: '规划指标' },
    { key: 'matching', title: '配套条件' },
    ...(advantages.length ? [{ key: 'advantages', title: '地块优势' }] : []),
    { key: 'price', title: '价格信息' },
    { key: 'location', title: '区位与周边' },
    ...(pipes.length ? [{ key: 'pipes', title: '管网' }] : []),
    ...(panorama ? [{ key: 'panorama', title: '全景' }] : []),
    ...(photos.length ? [{ key: 'photos', title: '现场照片' }] : []),
    { key: 'documents', title: '相关文件' },
  ];

  return (
    <div className={styles.page} data-testid="parcel-detail" data-parcel-id={parcel.id}>
      <PageHead title={name} description={summary} image={photos[0] ? fileUrl(photos[0].url) : null} type="article" />
      <section className={styles.hero}>
        <div className={styles.heroCrumbs}>
          <Link to="/home">首页</Link> / <Link to={crumb.to!}>{crumb.title}</Link> / <span>{name}</span>
        </div>
        <div className={styles.heroHead}>
          <div className={styles.heroTitleBox}>
            <h1 className={styles.heroTitle} data-testid="parcel-name">
              {name}
            </h1>
            <div className={styles.tags}>
              <Tag color={MARKET_STATE_TEXT_COLORS[state]}>{MARKET_STATE_LABELS[state]}</Tag>
              <Tag color={landClassColor(parcel.dlcode)}>{className}</Tag>
              {district && (
                <Tag>
                  <EnvironmentOutlined /> {district}
                </Tag>
              )}
              {text(parcel.zylx) && <Tag>{optionLabel(ZYLX_LABELS, parcel.zylx)}</Tag>}
              <span className={styles.heroMeta}>宗地编号 {dash(parcel.dkbh)}</span>
              <span className={styles.heroMeta}>
                <EyeOutlined /> {num(parcel.visitcount, 0) || 0} 次浏览
              </span>
            </div>
          </div>
          <div className={`${styles.buttons} ${styles.heroActions}`}>
            <CollectButton dkid={parcel.id} />
            <CompareButton parcel={{ id: parcel.id, name }} />
            <Button icon={<PrinterOutlined />} onClick={() => window.print()} aria-label="打印" title="打印本页" />
          </div>
        </div>
        <div className={styles.figures}>
          <Figure label="土地面积" value={num(parcel.landAreaMu) || '—'} unit="亩" sub={parcel.landArea ? `${num(parcel.landArea)} ㎡` : undefined} />
          {variant === 'deal' && dealt ? (
            <Figure label="成交价" value={num(dealt.dealPrice) || '—'} unit="万元" sub={<DateText value={dealt.dealDate} />} accent />
          ) : (
            <Figure label="起始价" value={num(parcel.startingPrice) || '—'} unit="万元" sub={parcel.deposit ? `保证金 ${num(parcel.deposit)} 万元` : undefined} accent />
          )}
          <Figure label="容积率" value={rangeText(parcel.plotRatioMin, parcel.plotRatioMax)} />
          <Figure label="出让年限" value={num(parcel.tenureYears, 0) || '—'} unit="年" />
          {variant === 'listed' && listing ? (
            <Figure label="挂牌截止" value={<DateText value={listing.listingEnd} />} sub={<>起始 <DateText value={listing.listingStart} /></>} />
          ) : (
            <Figure label="供地方式" value={optionLabel(SUPPLY_METHOD_LABELS, parcel.supplyMethod) || '—'} />
          )}
        </div>
      </section>

      <div className={styles.body}>
        <div className={styles.main}>
          <Section id="basic" title="基本信息">
            <Descriptions
              columns={2}
              items={[
                { key: 'dkbh', label: '宗地编号', children: dash(parcel.dkbh) },
                { key: 'dkmc', label: '地块名称', children: name },
                { key: 'district', label: '所属片区', children: district ? <Link to={`/pqPositionDetail/${encodeURIComponent(district)}`}>{district}</Link> : '—' },
                { key: 'dl', label: '土地用途', children: `${text(parcel.dlcode)} ${className}`.trim() || '—' },
                { key: 'location', label: '土地坐落', span: 2, children: dash(parcel.location) },
                {
                  key: 'bounds',
                  label: '四至',
                  span: 2,
                  children: `东至${dash(parcel.boundEast)}，南至${dash(parcel.boundSouth)}，西至${dash(parcel.boundWest)}，北至${dash(parcel.boundNorth)}`,
                },
                { key: 'area', label: '土地面积', children: areaText(parcel.landArea, parcel.landAreaMu) },
                { key: 'transferArea', label: '出让面积', children: parcel.transferArea ? areaText(parcel.transferArea) : '—' },
                { key: 'plannedUse', label: '规划用途', children: dash(parcel.plannedUse) },
                { key: 'zylx', label: '资源类型', children: optionLabel(ZYLX_LABELS, parcel.zylx) || '—' },
                { key: 'supply', label: '供地方式', children: optionLabel(SUPPLY_METHOD_LABELS, parcel.supplyMethod) || '—' },
                { key: 'tenure', label: '出让年限', children: withUnit(parcel.tenureYears, '年', 0) },
                { key: 'grade', label: '土地级别', children: dash(parcel.landGrade) },
                { key: 'current', label: '土地现状', children: dash(parcel.currentUse) },
                { key: 'levelled', label: '场地平整', children: parcel.levelled === 1 || parcel.levelled === true ? '已平整' : parcel.levelled === 0 || parcel.levelled === false ? '未平整' : '—' },
                { key: 'published', label: '发布时间', children: <DateText value={parcel.publishedAt} /> },
                { key: 'contact', label: '地块联系人', children: text(parcel.contact) ? `${text(parcel.contact)} ${text(parcel.phone)}` : '—' },
              ]}
            />
            {(text(parcel.introduction) || text(parcel.siteCondition)) && (
              <div className={styles.intro}>
                {text(parcel.introduction) && (
                  <>
                    <h4>地块介绍</h4>
                    <Paragraphs text={parcel.introduction} />
                  </>
                )}
                {text(parcel.siteCondition) && (
                  <>
                    <h4>现状土地条件</h4>
                    <Paragraphs text={parcel.siteCondition} />
                  </>
                )}
              </div>
            )}
          </Section>

          {sections.some((s) => s.key === 'trade') && (
            <Section id="trade" title={variant === 'deal' ? '成交信息' : '挂牌信息'}>
              <TransactionSection rows={trades} variant={variant} />
            </Section>
          )}

          <Section id="planning" title="规划指标">
            {indicators.length === 0 ? (
              <NoData text="暂无规划指标" />
            ) : (
              <div className={styles.indicators} data-testid="indicators">
                {indicators.map((r) => (
                  <div key={r.key} className={styles.indicator}>
                    <div className={styles.indicatorLabel}>{r.label}</div>
                    <div className={styles.indicatorValue}>{r.value}</div>
                  </div>
                ))}
              </div>
            )}
          </Section>

          <Section id="matching" title="配套条件（七通一平）">
            {!matching ? (
              <NoData text="暂无配套信息" />
            ) : (
              <>
                <div className={styles.matching} data-testid="matching">
                  {MATCHING_ITEMS.map((item) => {
                    const st = text(matching[item.name]) || 'none';
                    const note = text(matching[`${item.name}Note`]);
                    return (
                      <div key={item.name} title={note || MATCHING_STATE_LABELS[st]} className={`${styles.matchItem} ${styles[`m_${st}`] ?? ''}`}>
                          <div className={styles.matchGlyph}>{MATCHING_GLYPH[item.name]}</div>
                          <div className={styles.matchLabel}>{item.label}</div>
                          <div className={styles.matchState}>
                            {MATCHING_ICON[st]} {MATCHING_STATE_LABELS[st] ?? st}
                          </div>
                      </div>
                    );
                  })}
                </div>
                {MATCHING_ITEMS.some((i) => text(matching[`${i.name}Note`])) && (
                  <Descriptions
                    columns={1}
                    className={styles.matchNotes}
                    items={MATCHING_ITEMS.filter((i) => text(matching[`${i.name}Note`])).map((i) => ({ key: i.name, label: i.label, children: text(matching[`${i.name}Note`]) }))}
                  />
                )}
              </>
            )}
          </Section>

          {advantages.length > 0 && (
            <Section id="advantages" title="地块优势">
              <div className={styles.advantages}>
                {advantages.map((a, i) => (
                  <div key={a.id ?? i} className={styles.advantage}>
                    <div className={styles.advantageIcon}>
                      {toFileList(a.icon)[0] ? <ResponsiveImage src={toFileList(a.icon)[0].url} alt="" width={40} height={40} sizes="40px" style={{ width: '100%', height: '100%', objectFit: 'contain' }} /> : <TrophyOutlined />}
                    </div>
                    <div>
                      <div className={styles.advantageTitle}>{text(a.title)}</div>
                      <div className={styles.advantageText}>{text(a.content)}</div>
                    </div>
                  </div>
                ))}
              </div>
            </Section>
          )}

          <Section id="price" title="价格信息">
            <Descriptions
              columns={2}
              items={[
                { key: 'sp', label: '起始价', children: <b className={styles.price}>{wanText(parcel.startingPrice)}</b> },
                { key: 'dep', label: '竞买保证金', children: wanText(parcel.deposit) },
                { key: 'inc', label: '加价幅度', children: wanText(parcel.bidIncrement) },
                {
                  key: 'unit',
                  label: '折合单价',
                  span: 2,
                  children:
                    parcel.startingPrice && parcel.landAreaMu
                      ? `${num(Number(parcel.startingPrice) / Number(parcel.landAreaMu))} 万元/亩；${parcel.landArea ? `${num((Number(parcel.startingPrice) * 10000) / Number(parcel.landArea), 0)} 元/㎡` : ''}`
                      : '—',
                },
              ]}
            />
            {prices.length > 0 && (
              <SimpleTable<DataRow>
                className={styles.priceTable}
                dataSource={prices}
                // Below this the 来源 column stood two characters a line beside the one-line headings.
                minWidth={440}
                columns={[
                  { title: '价格类型', dataIndex: 'priceType', render: (v: unknown) => optionLabel(PRICE_TYPE_LABELS, v) },
                  { title: '价格', dataIndex: 'price', align: 'right', render: (v: unknown, r: DataRow) => `${num(v)} ${optionLabel(PRICE_UNIT_LABELS, r.unit)}` },
                  { title: '日期', dataIndex: 'priceDate', render: (v: unknown) => <DateText value={v} /> },
                  { title: '来源', dataIndex: 'source', render: (v: unknown) => dash(v) },
                ]}
              />
            )}
          </Section>

          <Section id="location" title="区位与周边配套">
            <div className={styles.locationGrid}>
              {/* A box of the map's size from the start; OpenLayers loads when it comes into view. */}
              <div ref={mapRef} className={styles.mapBox} data-testid="parcel-map-box">
                {mapInView ? (
                  <BlockBoundary label="地图">
                    <Suspense fallback={<div className={styles.mapFallback}><Spin /></div>}>
                      <ParcelMiniMap
                      shapes={[{ id: parcel.id, name, geometry: parcel.geometry, color: landClassColor(parcel.dlcode) }]}
                      places={places}
                      lines={pipes.map((pipe) => ({
                        id: pipe.id,
                        name: text(pipe.name),
                        geometry: pipe.geometry,
                        color: PIPE_COLORS[text(pipe.type)] ?? '#595959',
                        note: optionLabel(PIPE_TYPE_LABELS, pipe.type),
                      }))}
                      activePlaceId={activePlace}
                      revealActive={hoverPlace === null}
                      onPlacePick={setPickedPlace}
                      height={380}
                    />
                    </Suspense>
                  </BlockBoundary>
                ) : (
                  <div className={styles.mapFallback} />
                )}
              </div>
              <div>
                <h4 className={styles.subTitle}>
                  <AimOutlined /> 区位距离
                </h4>
                {distances.length === 0 ? (
                  <NoData text="暂无区位距离" />
                ) : (
                  <SimpleTable<DataRow>
                    dataSource={distances}
                    data-testid="distances"
                    onRow={(r) => ({ onMouseEnter: () => setHoverPlace(distancePlaceId(r)), onMouseLeave: () => setHoverPlace(null) })}
                    columns={[
                      {
                        title: '地点',
                        dataIndex: 'placeName',
                        render: (v: unknown, r: DataRow) => (
                          <PlacePick
                            located={hasPosition(r.lon, r.lat)}
                            color={placeColor(text(r.placeType))}
                            kind={FACILITY_TYPE_LABELS[text(r.placeType)]}
                            picked={pickedPlace === distancePlaceId(r)}
                            onPick={() => pickPlace(distancePlaceId(r))}
                          >
                            {text(v)}
                          </PlacePick>
                        ),
                      },
                      { title: '距离', dataIndex: 'distanceKm', align: 'right', render: (v: unknown) => withUnit(v, '公里', 1) },
                      { title: '车程', dataIndex: 'driveMinutes', align: 'right', render: (v: unknown) => withUnit(v, '分钟', 0) },
                    ]}
                  />
                )}
                <h4 className={styles.subTitle}>周边配套</h4>
                {facilities.length === 0 ? (
                  <NoData text="暂无周边配套" />
                ) : (
                  <div className={styles.facilityList}>
                    {facilities.map((f) => (
                      <div
                        key={f.id}
                        className={`${styles.facility} ${activePlace === facilityPlaceId(f) ? styles.facilityActive : ''}`}
                        onMouseEnter={() => setHoverPlace(facilityPlaceId(f))}
                        onMouseLeave={() => setHoverPlace(null)}
                      >
                        <Tag>
                          <span className={styles.placeSwatch} style={hasPosition(f.lon, f.lat) ? { background: placeColor(text(f.facilityType)) } : undefined} />
                          {FACILITY_TYPE_LABELS[text(f.facilityType)] ?? text(f.facilityType)}
                        </Tag>
                        <PlacePick located={hasPosition(f.lon, f.lat)} picked={pickedPlace === facilityPlaceId(f)} onPick={() => pickPlace(facilityPlaceId(f))}>
                          {text(f.name)}
                        </PlacePick>
                        <span className={styles.muted}>{withUnit(f.distanceM, 'm', 0)}</span>
                      </div>
                    ))}
                  </div>
                )}
              </div>
            </div>
          </Section>

          {pipes.length > 0 && (
            <Section id="pipes" title="周边管网" extra={<span className={styles.muted}>管线走向见“区位与周边”地图</span>}>
              <SimpleTable<DataRow>
                dataSource={pipes}
                minWidth={720}
                columns={[
                  { title: '管线名称', dataIndex: 'name' },
                  { title: '类型', dataIndex: 'type', render: (v: unknown) => (
                    // The pipe's colour as a swatch beside dark text: white on 燃气's yellow could not be read.
                    <Tag>
                      <span aria-hidden className={styles.pipeSwatch} style={{ background: PIPE_COLORS[text(v)] ?? '#595959' }} />
                      {optionLabel(PIPE_TYPE_LABELS, v)}
                    </Tag>
                  ) },
                  { title: '管径', dataIndex: 'diameter', align: 'right', render: (v: unknown) => withUnit(v, 'mm', 0) },
                  { title: '管材', dataIndex: 'material', render: (v: unknown) => dash(v) },
                  { title: '压力等级', dataIndex: 'pressureClass', render: (v: unknown) => optionLabel(PRESSURE_LABELS, v) || '—' },
                  { title: '供应能力', dataIndex: 'capacity', render: (v: unknown) => dash(v) },
                  { title: '距接入点', dataIndex: 'accessDistance', align: 'right', render: (v: unknown) => withUnit(v, 'm', 0) },
                ]}
              />
            </Section>
          )}

          {panorama && (
            <Section id="panorama" title="360° 全景">
              <div ref={panoramaRef} className={styles.panoramaBox}>
              {panoramaInView ? (
              <BlockBoundary label="全景">
                <Suspense fallback={<div className={styles.mapFallback}><Spin /></div>}>
                  <PanoramaViewer
                    url={fileUrl(panorama.url)}
                    caption={name}
                    markers={markers.map((m) => ({
                      id: text(m.markerId) || m.id,
                      title: text(m.title),
                      content: text(m.content),
                      yaw: Number(m.yaw) || 0,
                      pitch: Number(m.pitch) || 0,
                    }))}
                  />
                </Suspense>
              </BlockBoundary>
              ) : (
                <div className={styles.mapFallback} />
              )}
              </div>
            </Section>
          )}

          {photos.length > 0 && (
            <Section id="photos" title={`现场照片（${photos.length}）`}>
              <div className={styles.photos}>
                {photos.map((p) => (
                  <button key={p.url} type="button" className={styles.photoButton} onClick={() => setPreview({ url: fileUrl(p.url), name: p.name })} aria-label={`查看大图：${p.name}`}>
                    <ResponsiveImage src={p.url} alt={p.name} className={styles.photo} width={240} height={130} sizes="(max-width: 576px) 50vw, 240px" />
                  </button>
                ))}
              </div>
              <Modal open={preview !== null} onClose={() => setPreview(null)} title={preview?.name ?? ''} width={960}>
                {preview && <img src={preview.url} alt={preview.name} className={styles.previewImage} />}
              </Modal>
            </Section>
          )}

          <Section id="documents" title="相关文件">
            <FileLinks value={parcel.documents} empty={toFileList(manual?.files).length ? null : '暂无相关文件'} />
            {toFileList(manual?.files).length > 0 && (
              <>
                <h4 className={styles.subTitle}>招商手册文件</h4>
                <FileLinks value={manual?.files} />
              </>
            )}
          </Section>
        </div>

        <div>
          <div className={styles.side} data-testid="detail-side">
            <Section title="招商手册">
              <p className={styles.muted}>一键生成本地块的招商手册，含基本信息、规划指标、配套与区位。</p>
              <ManualButtons id={parcel.id} name={name} />
            </Section>
            <Section title="招商联系人">
              {contacts.length === 0 ? (
                <NoData text="暂无联系人，可在线咨询" />
              ) : (
                <div className={styles.contacts} data-testid="contacts">
                  {contacts.map((c) => (
                    <div key={c.id} className={styles.contact}>
                      <span className={styles.avatar} aria-hidden>
                        {toFileList(c.photo)[0] ? <ResponsiveImage src={toFileList(c.photo)[0].url} alt="" width={32} height={32} sizes="32px" /> : text(c.name).slice(0, 1)}
                      </span>
                      <div>
                        <div>
                          <b>{text(c.name)}</b> <span className={styles.muted}>{text(c.position)}</span>
                        </div>
                        {text(c.unit) && <div className={styles.muted}>{text(c.unit)}</div>}
                        <div>
                          <PhoneOutlined /> <a href={`tel:${text(c.phone)}`}>{text(c.phone)}</a>
                        </div>
                        {text(c.email) && (
                          <div>
                            <MailOutlined /> <a href={`mailto:${text(c.email)}`}>{text(c.email)}</a>
                          </div>
                        )}
                      </div>
                    </div>
                  ))}
                </div>
              )}
              <Link to={askHref(text(parcel.dkmc) && text(parcel.dkbh) ? `${text(parcel.dkmc)}（${text(parcel.dkbh)}）` : name, 'transaction')} className={`${buttonClass('ghost', 'middle', true)} ${styles.ask}`}>
                在线咨询
              </Link>
            </Section>
            <nav className={styles.anchor} aria-label="本页目录">
              <ul>
                {sections.map((s) => (
                  <li key={s.key}>
                    <a href={`#${s.key}`}>{s.title}</a>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </div>
      </div>
    </div>
  );
}

export function AvailableParcelPage() {
  return <ParcelDetail variant="available" />;
}

export function ListedParcelPage() {
  return <ParcelDetail variant="listed" />;
}

export function DealParcelPage() {
  return <ParcelDetail variant="deal" />;
}
