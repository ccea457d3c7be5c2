/**
 * A parcel's detail for phones (/mobileMoreDetails/{id}) and for the mini-program's web-view
 * (/xcxmobileMoreDetails/{id}, `embedded`). The embedded page has no title bar or desktop links:
 * the mini-program draws its own bar, and every link stays on the /xcx… pages.
 */
import { useSuspenseQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { fileUrl, toFileList } from '../../lib/files';
import { PageHead } from '../../public/head';
import { NotFoundPage } from '../../public/NotFoundPage';
import { useInView } from '../../public/use-in-view';
import { useMapWanted } from '../../public/use-map-wanted';
import { BlockBoundary, Button, buttonClass, Empty, Modal, Spin } from '../../public-ui';
import { EnvironmentOutlined } from '../../public-ui/icons/EnvironmentOutlined';
import { EyeOutlined } from '../../public-ui/icons/EyeOutlined';
import { MessageOutlined } from '../../public-ui/icons/MessageOutlined';
import { PhoneOutlined } from '../../public-ui/icons/PhoneOutlined';
import { TrophyOutlined } from '../../public-ui/icons/TrophyOutlined';
import { districtsQuery, landClassesQuery, landClassName, settingsQuery, useDistrictOptions, useLandClasses } from '../public-map/api';
import { landClassColor, MARKET_STATE_TEXT_COLORS, placeColor } from '../public-map/colors';
import { MapPreview } from '../public-map/MapPreview';
import {
  areaText,
  dateText,
  FACILITY_TYPE_LABELS,
  hasPosition,
  listingDaysLeft,
  MARKET_STATE_LABELS,
  MATCHING_ITEMS,
  MATCHING_STATE_LABELS,
  marketState,
  num,
  optionLabel,
  parcelDetailPath,
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
} from '../public-map/format';
import { askHref } from '../public-site/consulting/ask-link';
import { useManualDownload } from '../public-site/manual';
import { countVisit, parcelDetailPageQuery, type ParcelDetail, type ParcelPageData, type Row } from '../public-site/parcel/api';
import { indicatorRows } from '../public-site/parcel/indicators';
import { distancePlaceId, facilityPlaceId, parcelPlaces } from '../public-site/parcel/places';
import { CollectButton } from '../visitor/CollectButton';
import { useVisitor } from '../visitor/session';
import { VisitorAuthHost } from '../visitor/VisitorMenu';
import { TopBar } from './chrome';
import { ParcelListItem } from './ParcelListItem';
import { mobileListPath, mobileParcelPath } from './paths';
import { useMiniProgramShare } from './wechat-share';
import styles from './mobile.module.css';
import { ResponsiveImage } from '../../lib/responsive-image';

const ParcelMiniMap = lazy(() => import('../public-map/ParcelMiniMap'));
const PanoramaViewer = lazy(() => import('../public-site/parcel/PanoramaViewer'));

interface MobileDetailsPageProps {
  /** Inside the mini-program web-view: no site chrome, links stay on /xcx… pages. */
  embedded?: boolean;
}

const dash = (v: unknown): string => text(v) || '—';

function Block({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className={styles.section} data-testid={testId}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

function Fields({ items }: { items: { key: string; label: string; value: ReactNode }[] }) {
  return (
    <dl className={styles.fields}>
      {items.map((i) => (
        <div key={i.key} className={styles.field}>
          <dt>{i.label}</dt>
          <dd>{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Figure({ label, value, unit, sub, accent }: { label: string; value: string; unit?: string; sub?: string; accent?: boolean }) {
  return (
    <div className={styles.figure}>
      <div className={styles.figureLabel}>{label}</div>
      <div className={`${styles.figureValue} ${accent ? styles.accent : ''}`}>
        {value}
        {unit && value !== '—' && <small>{unit}</small>}
      </div>
      {sub && <div className={styles.figureSub}>{sub}</div>}
    </div>
  );
}

/** The parcel's listing and deal records (newest first): what an investor needs before the deadline. */
function TradeRecords({ rows }: { rows: Row[] }) {
  return (
    <ol className={styles.trades}>
      {rows.map((r, i) => {
        const dealt = text(r.status) === 'dealt' || text(r.dealPrice) !== '';
        const open = text(r.status) === 'listing';
        return (
          <li key={r.id ?? i} className={styles.tradeItem}>
            <div className={styles.tradeHead}>
              <b>{optionLabel(TRANSACTION_TYPE_LABELS, r.transactionType) || '交易'}</b>
              <span className={styles.tag}>{optionLabel(TRANSACTION_STATUS_LABELS, r.status) || '—'}</span>
              {open && text(r.listingEnd) && <span className={styles.accent}>{listingDaysLeft(r.listingEnd)}</span>}
            </div>
            <Fields
              items={[
                ...(text(r.announcementNo) ? [{ key: 'no', label: '公告编号', value: text(r.announcementNo) }] : []),
                { key: 'ls', label: '挂牌起止', value: `${dateText(r.listingStart) || '—'} 至 ${dateText(r.listingEnd) || '—'}` },
                { key: 'sp', label: '起始价', value: wanText(r.startingPrice) },
                { key: 'dp', label: '竞买保证金', value: wanText(r.deposit) },
                { key: 'bi', label: '加价幅度', value: wanText(r.bidIncrement) },
                ...(dealt
                  ? [
                      { key: 'deal', label: '成交价', value: <b className={styles.accent}>{wanText(r.dealPrice)}</b> },
                      { key: 'dd', label: '成交日期', value: dateText(r.dealDate) || '—' },
                      { key: 'w', label: '竞得人', value: dash(r.winner) },
                    ]
                  : []),
                { key: 'ty', label: '出让年限', value: withUnit(r.transferYears, '年', 0) },
              ]}
            />
          </li>
        );
      })}
    </ol>
  );
}

/** The parcel's documents, the manual's files, and the manual made on the spot (PDF, Word). */
function Documents({ id, name, files }: { id: string; name: string; files: { name: string; url: string }[] }) {
  const { busy, get } = useManualDownload({ dkid: id }, name);
  return (
    <>
      {files.length === 0 ? (
        <p className={styles.muted}>暂无相关文件</p>
      ) : (
        <ul className={styles.files} data-testid="documents">
          {files.map((f) => (
            <li key={f.url}>
              <a href={fileUrl(f.url)} target="_blank" rel="noopener noreferrer" download={f.name}>
                {f.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.manualButtons}>
        <Button loading={busy === 'pdf'} disabled={busy !== ''} onClick={() => void get('pdf')} data-testid="manual-pdf">
          {busy === 'pdf' ? '正在生成…' : '招商手册 PDF'}
        </Button>
        <Button loading={busy === 'doc'} disabled={busy !== ''} onClick={() => void get('doc')} data-testid="manual-word">
          {busy === 'doc' ? '正在生成…' : '招商手册 Word'}
        </Button>
      </div>
    </>
  );
}

interface PlaceItem {
  id: string;
  /** Whether the place has a position to show on the map; one without is listed, not a button. */
  located: boolean;
  color: string;
  tag?: string;
  name: string;
  note: string;
}

/** Places near the parcel, each one with a position a button that shows it on the map above (its dot's colour beside it). */
function PlaceList({ items, active, onPick, hint }: { items: PlaceItem[]; active: string | null; onPick: (id: string) => void; hint: boolean }) {
  return (
    <>
      {hint && <p className={styles.hint}>点一项，在上方地图中查看位置</p>}
      <ul className={styles.places}>
        {items.map((p) => {
          const content = (
            <>
              <span className={styles.placeSwatch} style={p.located ? { background: p.color } : undefined} />
              {p.tag && <span className={styles.tag}>{p.tag}</span>}
              <span className={styles.placeName}>{p.name}</span>
              <span className={styles.muted}>{p.note}</span>
            </>
          );
          return (
            <li key={p.id}>
              {p.located ? (
                <button type="button" className={styles.placeButton} aria-pressed={active === p.id} onClick={() => onPick(p.id)}>
                  {content}
                </button>
              ) : (
                <div className={styles.placeButton}>{content}</div>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

function price(parcel: ParcelDetail): string {
  if (!parcel.startingPrice || !parcel.landAreaMu) return '—';
  const perMu = `${num(Number(parcel.startingPrice) / Number(parcel.landAreaMu))} 万元/亩`;
  return parcel.landArea ? `${perMu}；${num((Number(parcel.startingPrice) * 10000) / Number(parcel.landArea), 0)} 元/㎡` : perMu;
}

/** The district's other parcels the page lists (the answer has one more, in case it is this one). */
const NEARBY = 7;

export function MobileDetailsPage({ embedded = false }: MobileDetailsPageProps) {
  const { id = '' } = useParams();
  // One round: the page's one call, and the names and the mini map's settings (usually cached) beside it.
  const [{ data }] = useSuspenseQueries({ queries: [parcelDetailPageQuery(id, NEARBY), districtsQuery, landClassesQuery, settingsQuery] });
  if (!data) {
    // Unknown or not published: the not-found page (HTTP 404 from the server), nothing of the parcel.
    return (
      <div className={styles.detail} data-testid="parcel-not-found">
        {!embedded && <TopBar title="地块详情" />}
        <NotFoundPage what="地块" backTo={embedded ? null : { to: '/mobileindex', title: '返回地块列表' }} />
      </div>
    );
  }
  return <ParcelBody key={id} id={id} data={data} embedded={embedded} />;
}

/**
 * Everything about the parcel from one call (getLandInfoPageById; on the server when the page is
 * rendered there). The mini map and the panorama load when they come into view, in boxes of their size.
 */
function ParcelBody({ id, data, embedded }: { id: string; data: ParcelPageData; embedded: boolean }) {
  const { landInfo: parcel, distances, facilities, prices, contacts } = data;
  const visitor = useVisitor();
  const navigate = useNavigate();
  const panorama = toFileList(parcel.panorama)[0];
  const areacode = text(parcel.areacode);
  const tradeState = marketState(parcel.tradeState);
  const { nameOf: districtName } = useDistrictOptions();
  const classes = useLandClasses();
  const { ref: mapRef, load: mapWanted, ask: askMap } = useMapWanted<HTMLDivElement>();
  const [panoramaRef, panoramaInView] = useInView<HTMLDivElement>();
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);

  // One count per view (StrictMode's second effect run is the same view).
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === id) return;
    counted.current = id;
    void countVisit(id);
  }, [id]);

  const name = text(parcel.dkmc) || text(parcel.dkbh);

  const places = useMemo(() => parcelPlaces(facilities, distances), [facilities, distances]);
  // A place picked in the lists below: named on the map, which loads and comes into view for it.
  const [activePlace, setActivePlace] = useState<string | null>(null);
  const pickPlace = (placeId: string) => {
    setActivePlace(placeId);
    askMap();
    mapRef.current?.scrollIntoView({ block: 'center', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  };
  const shapes = useMemo(() => [{ id: parcel.id, name: text(parcel.dkmc), geometry: parcel.geometry, color: landClassColor(parcel.dlcode) }], [parcel]);
  const markers = useMemo(
    () =>
      data.markers.map((m) => ({
        id: text(m.markerId) || m.id,
        title: text(m.title),
        content: text(m.content),
        yaw: Number(m.yaw) || 0,
        pitch: Number(m.pitch) || 0,
      })),
    [data.markers],
  );

  const previewPoints = useMemo(() => places.map((p) => ({ id: p.id, lon: p.lon, lat: p.lat, color: placeColor(p.type) })), [places]);
  const mapPreview = <MapPreview shapes={shapes} points={previewPoints} label={`${text(parcel.dkmc) || text(parcel.dkbh)}及周边位置示意图`} asked={mapWanted} onAsk={askMap} frame="shapes" />;

  const desktopTo = embedded ? undefined : parcelDetailPath(parcel.id, parcel.tradeState);
  const chrome = embedded ? null : <TopBar title="地块详情" desktopTo={desktopTo} />;
  const photos = toFileList(parcel.photos);
  const image = photos[0] ? fileUrl(photos[0].url) : null;
  useMiniProgramShare({ title: name, path: mobileParcelPath(parcel.id, true), imageUrl: image });

  const state = tradeState;
  const className = landClassName(classes.nameOf, parcel.dlcode, parcel.dlname);
  const district = text(parcel.areaname) || districtName.get(text(parcel.areacode)) || '';
  const matching = data.matching ?? parcel.matching ?? null;
  const indicators = indicatorRows(parcel, parcel.indicators ?? []);
  const advantages = parcel.advantages ?? [];
  const dealt = (tradeState === 'deal' ? data.transactions : []).find((t) => text(t.status) === 'dealt') ?? (text(parcel.transaction?.status) === 'dealt' ? parcel.transaction : null);
  const callNumber = text(contacts.find((c) => text(c.phone))?.phone) || text(parcel.phone);
  const others = (areacode ? (data.nearby ?? []) : []).filter((p) => p.id !== parcel.id).slice(0, 6);
  const canCollect = !embedded || visitor !== null;
  // A question in writing (咨询服务, naming the parcel), for when no one answers the phone; not
  // inside the mini-program, whose web-view keeps to the parcel pages.
  const askTo = embedded ? null : askHref(text(parcel.dkmc) && text(parcel.dkbh) ? `${text(parcel.dkmc)}（${text(parcel.dkbh)}）` : text(parcel.dkmc) || text(parcel.dkbh), 'transaction');
  const hasActions = canCollect || callNumber !== '' || askTo !== null;
  const priceText = dealt && num(dealt.dealPrice) ? `成交价 ${num(dealt.dealPrice)} 万元` : num(parcel.startingPrice) ? `起始价 ${num(parcel.startingPrice)} 万元` : '价格面议';
  const summary = [district, className, num(parcel.landAreaMu) ? `${num(parcel.landAreaMu)} 亩` : '', priceText, text(parcel.location)].filter(Boolean).join(' · ');

  return (
    <div className={`${styles.detail} ${hasActions ? styles.withActions : ''}`} data-testid="mobile-detail" data-parcel-id={parcel.id} data-embedded={embedded ? '1' : '0'}>
      <PageHead title={name} description={summary} image={image} type="article" />
      {chrome}

      <main>
      <section className={styles.hero}>
        <h1 className={styles.heroTitle} data-testid="mobile-parcel-title">
          {name}
        </h1>
        <div className={styles.tags}>
          <span className={styles.stateTag} style={{ color: MARKET_STATE_TEXT_COLORS[state], borderColor: MARKET_STATE_TEXT_COLORS[state] }}>
            {MARKET_STATE_LABELS[state]}
          </span>
          <span className={styles.tag}>{className}</span>
          {district && (
            <span className={styles.tag}>
              <EnvironmentOutlined /> {district}
            </span>
          )}
        </div>
        <div className={styles.heroMeta}>
          <span>宗地编号 {dash(parcel.dkbh)}</span>
          <span>
            <EyeOutlined /> {num(parcel.visitcount, 0) || 0} 次浏览
          </span>
        </div>
        <div className={styles.figures} data-testid="key-figures">
          <Figure label="土地面积" value={num(parcel.landAreaMu) || '—'} unit="亩" sub={parcel.landArea ? `${num(parcel.landArea)} ㎡` : undefined} />
          {dealt ? (
            <Figure label="成交价" value={num(dealt.dealPrice) || '—'} unit="万元" sub={dateText(dealt.dealDate)} accent />
          ) : (
            <Figure label="起始价" value={num(parcel.startingPrice) || '—'} unit="万元" accent />
          )}
          <Figure label="容积率" value={rangeText(parcel.plotRatioMin, parcel.plotRatioMax)} />
          <Figure label="出让年限" value={num(parcel.tenureYears, 0) || '—'} unit="年" />
        </div>
      </section>

      {(state !== 'available' || data.transactions.length > 0) && (
        <Block title={state === 'deal' ? '成交信息' : '挂牌信息'} testId="trade">
          {data.transactions.length === 0 ? <Empty text={state === 'deal' ? '暂无成交记录' : '暂无挂牌记录'} /> : <TradeRecords rows={data.transactions} />}
        </Block>
      )}

      <Block title="地块位置">
        <div className={styles.location}>
          <EnvironmentOutlined /> {dash(parcel.location)}
        </div>
        {/* A box of the map's size from the start, with the parcel and the places drawn in it;
            OpenLayers loads when asked for on a phone, when in view on a wider screen. */}
        <div ref={mapRef} className={styles.miniMapBox} data-testid="mobile-map-box">
          {mapWanted ? (
            <BlockBoundary label="地图">
              <Suspense fallback={mapPreview}>
                <ParcelMiniMap shapes={shapes} places={places} activePlaceId={activePlace} revealActive onPlacePick={setActivePlace} height={220} />
              </Suspense>
            </BlockBoundary>
          ) : (
            mapPreview
          )}
        </div>
      </Block>

      {panorama && (
        <Block title="360° 全景" testId="panorama-section">
          <p className={styles.hint}>双指拖动可环视四周，双指捏合可缩放</p>
          <div ref={panoramaRef} className={styles.panoramaBox}>
            {panoramaInView ? (
              <BlockBoundary label="全景">
                <Suspense fallback={<Spin />}>
                  <PanoramaViewer url={fileUrl(panorama.url)} caption={name} markers={markers} />
                </Suspense>
              </BlockBoundary>
            ) : (
              <Spin />
            )}
          </div>
        </Block>
      )}

      <Block title="规划指标" testId="indicators">
        {indicators.length === 0 ? (
          <Empty text="暂无规划指标" />
        ) : (
          <Fields items={indicators.map((r) => ({ key: r.key, label: r.label, value: r.value }))} />
        )}
      </Block>

      <Block title="配套条件（七通一平）">
        {!matching ? (
          <Empty text="暂无配套信息" />
        ) : (
          <div className={styles.matching}>
            {MATCHING_ITEMS.map((item) => {
              const st = text(matching[item.name]) || 'none';
              return (
                <div key={item.name} className={`${styles.matchItem} ${st === 'ready' ? styles.matchReady : ''}`}>
                  <b>{item.label}</b>
                  <span>{MATCHING_STATE_LABELS[st] ?? st}</span>
                </div>
              );
            })}
          </div>
        )}
      </Block>

      {advantages.length > 0 && (
        <Block title="地块优势">
          <ul className={styles.advantages}>
            {advantages.map((a, i) => {
              const icon = toFileList(a.icon)[0];
              return (
                <li key={a.id ?? i}>
                  <span className={styles.advantageIcon}>{icon ? <ResponsiveImage src={icon.url} alt="" width={32} height={32} sizes="1.4rem" style={{ width: '1.4rem', height: '1.4rem', objectFit: 'contain' }} /> : <TrophyOutlined />}</span>
                  <span>
                    <b>{text(a.title)}</b>
                    <span className={styles.muted}>{text(a.content)}</span>
                  </span>
                </li>
              );
            })}
          </ul>
        </Block>
      )}

      <Block title="价格信息" testId="prices">
        <Fields
          items={[
            { key: 'sp', label: '起始价', value: <b className={styles.accent}>{wanText(parcel.startingPrice)}</b> },
            { key: 'dep', label: '竞买保证金', value: wanText(parcel.deposit) },
            { key: 'inc', label: '加价幅度', value: wanText(parcel.bidIncrement) },
            { key: 'unit', label: '折合单价', value: price(parcel) },
            ...prices.map((p: Row) => ({
              key: p.id,
              label: `${optionLabel(PRICE_TYPE_LABELS, p.priceType)}（${dateText(p.priceDate)}）`,
              value: `${num(p.price)} ${optionLabel(PRICE_UNIT_LABELS, p.unit)}`,
            })),
          ]}
        />
      </Block>

      <Block title="周边配套" testId="facilities">
        {facilities.length === 0 ? (
          <Empty text="暂无周边配套" />
        ) : (
          <PlaceList
            active={activePlace}
            onPick={pickPlace}
            hint
            items={facilities.map((f) => ({
              id: facilityPlaceId(f),
              located: hasPosition(f.lon, f.lat),
              color: placeColor(text(f.facilityType)),
              tag: FACILITY_TYPE_LABELS[text(f.facilityType)] ?? text(f.facilityType),
              name: text(f.name),
              note: withUnit(f.distanceM, 'm', 0),
            }))}
          />
        )}
      </Block>

      <Block title="区位距离" testId="distances">
        {distances.length === 0 ? (
          <Empty text="暂无区位距离" />
        ) : (
          <PlaceList
            active={activePlace}
            onPick={pickPlace}
            hint={facilities.length === 0}
            items={distances.map((d) => ({
              id: distancePlaceId(d),
              located: hasPosition(d.lon, d.lat),
              color: placeColor(text(d.placeType)),
              name: text(d.placeName),
              note: `${withUnit(d.distanceKm, '公里', 1)}${text(d.driveMinutes) ? ` · 约 ${text(d.driveMinutes)} 分钟` : ''}`,
            }))}
          />
        )}
      </Block>

      {photos.length > 0 && (
        <Block title={`现场照片（${photos.length}）`}>
          <div className={styles.photos}>
            {photos.map((p) => (
              <button key={p.url} type="button" className={styles.photoButton} onClick={() => setPreview({ url: fileUrl(p.url), name: p.name })} aria-label={`查看大图：${p.name}`}>
                <ResponsiveImage src={p.url} alt={p.name} className={styles.photo} width={160} height={120} sizes="8rem" style={{ width: '8rem', height: '6rem' }} />
              </button>
            ))}
          </div>
          <Modal open={preview !== null} onClose={() => setPreview(null)} title={preview?.name ?? ''} testId="photo-preview">
            {preview && <img src={preview.url} alt={preview.name} className={styles.previewImage} />}
          </Modal>
        </Block>
      )}

      <Block title="基本信息">
        <Fields
          items={[
            { key: 'dl', label: '土地用途', value: `${text(parcel.dlcode)} ${className}`.trim() || '—' },
            { key: 'area', label: '土地面积', value: areaText(parcel.landArea, parcel.landAreaMu) },
            { key: 'plannedUse', label: '规划用途', value: dash(parcel.plannedUse) },
            { key: 'zylx', label: '资源类型', value: optionLabel(ZYLX_LABELS, parcel.zylx) || '—' },
            { key: 'supply', label: '供地方式', value: optionLabel(SUPPLY_METHOD_LABELS, parcel.supplyMethod) || '—' },
            { key: 'current', label: '土地现状', value: dash(parcel.currentUse) },
            { key: 'bounds', label: '四至', value: `东至${dash(parcel.boundEast)}，南至${dash(parcel.boundSouth)}，西至${dash(parcel.boundWest)}，北至${dash(parcel.boundNorth)}` },
            { key: 'published', label: '发布时间', value: dateText(parcel.publishedAt) },
          ]}
        />
      </Block>

      {/* Not inside the mini-program's web-view: a file or a download has nowhere to open there. */}
      {!embedded && (
        <Block title="相关文件" testId="documents-section">
          <Documents id={parcel.id} name={name} files={[...toFileList(parcel.documents), ...toFileList(data.manual?.files)]} />
        </Block>
      )}

      <Block title="招商联系人" testId="contacts">
        {contacts.length === 0 && !text(parcel.phone) ? (
          <Empty text="暂无联系人" />
        ) : (
          <ul className={styles.contacts}>
            {contacts.map((c) => (
              <li key={c.id}>
                <span>
                  <b>{text(c.name)}</b> <span className={styles.muted}>{text(c.position)}</span>
                  {text(c.unit) && <span className={styles.contactUnit}>{text(c.unit)}</span>}
                </span>
                {text(c.phone) && (
                  <a href={`tel:${text(c.phone)}`} className={styles.callLink} aria-label={`拨打 ${text(c.name)} ${text(c.phone)}`}>
                    <PhoneOutlined /> {text(c.phone)}
                  </a>
                )}
              </li>
            ))}
            {contacts.length === 0 && (
              <li>
                <span>
                  <b>{dash(parcel.contact)}</b>
                </span>
                <a href={`tel:${text(parcel.phone)}`} className={styles.callLink}>
                  <PhoneOutlined /> {text(parcel.phone)}
                </a>
              </li>
            )}
          </ul>
        )}
      </Block>

      {others.length > 0 && (
        <Block title={`${district || '同片区'}其他地块`} testId="other-parcels">
          <ul className={styles.list}>
            {others.map((p) => (
              <li key={p.id}>
                <ParcelListItem parcel={p} to={mobileParcelPath(p.id, embedded)} />
              </li>
            ))}
          </ul>
        </Block>
      )}

      </main>

      {!embedded && (
        <footer className={styles.footer}>
          {/* The list as the visitor left it (its filters), known in the browser only: the link's address stays the server's. */}
          <Link
            to="/mobileindex"
            onClick={(e) => {
              e.preventDefault();
              void navigate(mobileListPath());
            }}
          >
            返回地块列表
          </Link>
          <span className={styles.muted}> · </span>
          <Link to={desktopTo ?? '/home'}>查看电脑版详情</Link>
        </footer>
      )}

      {hasActions && (
        <nav className={styles.actions} aria-label="操作">
          {canCollect && <CollectButton dkid={parcel.id} size="large" className={styles.actionButton} />}
          {askTo && (
            <Link to={askTo} className={`${buttonClass('default', 'large')} ${styles.actionButton}`} data-testid="ask-button">
              <MessageOutlined /> 留言
            </Link>
          )}
          {callNumber && (
            <a href={`tel:${callNumber}`} className={styles.callButton} data-testid="call-button">
              <PhoneOutlined /> 电话咨询
            </a>
          )}
        </nav>
      )}
      {!embedded && <VisitorAuthHost />}
    </div>
  );
}

/** /xcxmobileMoreDetails/{id}: the detail inside the mini-program's web-view. */
export function MiniProgramDetailsPage() {
  return <MobileDetailsPage embedded />;
}
