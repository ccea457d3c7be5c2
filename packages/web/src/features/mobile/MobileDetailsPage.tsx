/**
 * A parcel's detail for phones (/mobileMoreDetails/{id}) and for the mini-program's web-view
 * (/xcxmobileMoreDetails/{id}, `embedded`). The embedded page has no title bar or desktop links:
 * the mini-program draws its own bar, and every link stays on the /xcx… pages.
 */
import { EnvironmentOutlined, EyeOutlined, PhoneOutlined, TrophyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Empty, Image, Skeleton, Spin } from 'antd';
import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { fileUrl, toFileList } from '../../lib/files';
import { landClassName, parcelPageQuery, useDistrictOptions, useLandClasses } from '../public-map/api';
import { landClassColor, MARKET_STATE_COLORS } from '../public-map/colors';
import {
  areaText,
  dateText,
  FACILITY_TYPE_LABELS,
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
  wanText,
  withUnit,
  ZYLX_LABELS,
} from '../public-map/format';
import {
  contactsQuery,
  countVisit,
  distancesQuery,
  facilitiesQuery,
  markersQuery,
  matchingQuery,
  parcelDetailQuery,
  pricesQuery,
  transactionsQuery,
  type ParcelDetail,
  type Row,
} from '../public-site/parcel/api';
import { indicatorRows } from '../public-site/parcel/indicators';
import { CollectButton } from '../visitor/CollectButton';
import { useVisitor } from '../visitor/session';
import { VisitorAuthHost } from '../visitor/VisitorMenu';
import { LoadResult, TopBar } from './chrome';
import { ParcelListItem } from './ParcelListItem';
import { mobileParcelPath } from './paths';
import { WhenVisible } from './WhenVisible';
import styles from './mobile.module.css';

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

function price(parcel: ParcelDetail): string {
  if (!parcel.startingPrice || !parcel.landAreaMu) return '—';
  const perMu = `${num(Number(parcel.startingPrice) / Number(parcel.landAreaMu))} 万元/亩`;
  return parcel.landArea ? `${perMu}；${num((Number(parcel.startingPrice) * 10000) / Number(parcel.landArea), 0)} 元/㎡` : perMu;
}

export function MobileDetailsPage({ embedded = false }: MobileDetailsPageProps) {
  const { id = '' } = useParams();
  const visitor = useVisitor();
  const parcelQ = useQuery(parcelDetailQuery(id));
  const parcel = parcelQ.data ?? null;
  const published = parcel !== null;
  const panorama = toFileList(parcel?.panorama)[0];
  const matchingQ = useQuery({ ...matchingQuery(id), enabled: published });
  const distancesQ = useQuery({ ...distancesQuery(id), enabled: published });
  const facilitiesQ = useQuery({ ...facilitiesQuery(id), enabled: published });
  const markersQ = useQuery({ ...markersQuery(id), enabled: published && Boolean(panorama) });
  const pricesQ = useQuery({ ...pricesQuery(id), enabled: published });
  const tradesQ = useQuery({ ...transactionsQuery(id), enabled: published && marketState(parcel?.tradeState) === 'deal' });
  const contactsQ = useQuery({ ...contactsQuery(text(parcel?.areacode)), enabled: published && Boolean(parcel?.areacode) });
  const othersQ = useQuery({ ...parcelPageQuery({ pageNo: 1, pageSize: 7, areacode: text(parcel?.areacode) }), enabled: published && Boolean(parcel?.areacode) });
  const { nameOf: districtName } = useDistrictOptions();
  const classes = useLandClasses();

  // One count per view (StrictMode's second effect run is the same view).
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (!published || counted.current === id) return;
    counted.current = id;
    void countVisit(id);
  }, [id, published]);

  const name = text(parcel?.dkmc) || text(parcel?.dkbh);
  useEffect(() => {
    document.title = name ? `${name} - 地块详情` : '地块详情';
  }, [name]);

  const places = useMemo(
    () => [
      ...(facilitiesQ.data ?? []).map((f) => ({ id: `f:${f.id}`, name: text(f.name), type: text(f.facilityType), lon: f.lon, lat: f.lat })),
      ...(distancesQ.data ?? []).map((d) => ({ id: `d:${d.id}`, name: text(d.placeName), type: text(d.placeType), lon: d.lon, lat: d.lat })),
    ],
    [facilitiesQ.data, distancesQ.data],
  );
  const shapes = useMemo(
    () => (parcel ? [{ id: parcel.id, name: text(parcel.dkmc), geometry: parcel.geometry, color: landClassColor(parcel.dlcode) }] : []),
    [parcel],
  );
  const markers = useMemo(
    () =>
      (markersQ.data ?? []).map((m) => ({
        id: text(m.markerId) || m.id,
        title: text(m.title),
        content: text(m.content),
        yaw: Number(m.yaw) || 0,
        pitch: Number(m.pitch) || 0,
      })),
    [markersQ.data],
  );

  const desktopTo = embedded || !parcel ? undefined : parcelDetailPath(parcel.id, parcel.tradeState);
  const chrome = embedded ? null : <TopBar title="地块详情" desktopTo={desktopTo} />;

  if (parcelQ.isPending) {
    return (
      <div className={styles.detail}>
        {chrome}
        <section className={styles.section}>
          <Skeleton active paragraph={{ rows: 10 }} />
        </section>
      </div>
    );
  }
  if (parcelQ.isError || !parcel) {
    return (
      <div className={styles.detail} data-testid="parcel-not-found">
        {chrome}
        <LoadResult
          failed={parcelQ.isError}
          notFoundTitle="地块不存在或未发布"
          retry={() => void parcelQ.refetch()}
          backTo={embedded ? undefined : { to: '/mobileindex', title: '返回地块列表' }}
        />
      </div>
    );
  }

  const state = marketState(parcel.tradeState);
  const className = landClassName(classes.nameOf, parcel.dlcode, parcel.dlname);
  const district = text(parcel.areaname) || districtName.get(text(parcel.areacode)) || '';
  const matching = matchingQ.data ?? parcel.matching ?? null;
  const indicators = indicatorRows(parcel, parcel.indicators ?? []);
  const advantages = parcel.advantages ?? [];
  const photos = toFileList(parcel.photos);
  const contacts = contactsQ.data ?? [];
  const dealt = (tradesQ.data ?? []).find((t) => text(t.status) === 'dealt') ?? (text(parcel.transaction?.status) === 'dealt' ? parcel.transaction : null);
  const callNumber = text(contacts.find((c) => text(c.phone))?.phone) || text(parcel.phone);
  const others = (othersQ.data?.list ?? []).filter((p) => p.id !== parcel.id).slice(0, 6);
  const canCollect = !embedded || visitor !== null;
  const hasActions = canCollect || callNumber !== '';

  return (
    <div className={`${styles.detail} ${hasActions ? styles.withActions : ''}`} data-testid="mobile-detail" data-parcel-id={parcel.id} data-embedded={embedded ? '1' : '0'}>
      {chrome}

      <section className={styles.hero}>
        <h1 className={styles.heroTitle} data-testid="mobile-parcel-title">
          {name}
        </h1>
        <div className={styles.tags}>
          <span className={styles.stateTag} style={{ color: MARKET_STATE_COLORS[state], borderColor: MARKET_STATE_COLORS[state] }}>
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

      <Block title="地块位置">
        <div className={styles.location}>
          <EnvironmentOutlined /> {dash(parcel.location)}
        </div>
        <Suspense
          fallback={
            <div className={styles.miniMapFallback}>
              <Spin />
            </div>
          }
        >
          <ParcelMiniMap shapes={shapes} places={places} height={220} />
        </Suspense>
      </Block>

      {panorama && (
        <Block title="360° 全景" testId="panorama-section">
          <p className={styles.hint}>双指拖动可环视四周，双指捏合可缩放</p>
          <WhenVisible minHeight={420}>
            <Suspense
              fallback={
                <div className={styles.miniMapFallback}>
                  <Spin />
                </div>
              }
            >
              <PanoramaViewer url={fileUrl(panorama.url)} caption={name} markers={markers} />
            </Suspense>
          </WhenVisible>
        </Block>
      )}

      <Block title="规划指标" testId="indicators">
        {indicators.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无规划指标" />
        ) : (
          <Fields items={indicators.map((r) => ({ key: r.key, label: r.label, value: r.value }))} />
        )}
      </Block>

      <Block title="配套条件（七通一平）">
        {!matching ? (
          matchingQ.isPending ? (
            <Spin />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无配套信息" />
          )
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
                  <span className={styles.advantageIcon}>{icon ? <img src={fileUrl(icon.url)} alt="" /> : <TrophyOutlined />}</span>
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
            { key: 'app', label: '评估价', value: wanText(parcel.appraisedPrice) },
            { key: 'unit', label: '折合单价', value: price(parcel) },
            ...(pricesQ.data ?? []).map((p: Row) => ({
              key: p.id,
              label: `${optionLabel(PRICE_TYPE_LABELS, p.priceType)}（${dateText(p.priceDate)}）`,
              value: `${num(p.price)} ${optionLabel(PRICE_UNIT_LABELS, p.unit)}`,
            })),
          ]}
        />
      </Block>

      <Block title="周边配套" testId="facilities">
        {(facilitiesQ.data ?? []).length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={facilitiesQ.isPending ? '加载中…' : '暂无周边配套'} />
        ) : (
          <ul className={styles.places}>
            {(facilitiesQ.data ?? []).map((f) => (
              <li key={f.id}>
                <span className={styles.tag}>{FACILITY_TYPE_LABELS[text(f.facilityType)] ?? text(f.facilityType)}</span>
                <span className={styles.placeName}>{text(f.name)}</span>
                <span className={styles.muted}>{withUnit(f.distanceM, 'm', 0)}</span>
              </li>
            ))}
          </ul>
        )}
      </Block>

      <Block title="区位距离" testId="distances">
        {(distancesQ.data ?? []).length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={distancesQ.isPending ? '加载中…' : '暂无区位距离'} />
        ) : (
          <ul className={styles.places}>
            {(distancesQ.data ?? []).map((d) => (
              <li key={d.id}>
                <span className={styles.placeName}>{text(d.placeName)}</span>
                <span className={styles.muted}>
                  {withUnit(d.distanceKm, '公里', 1)}
                  {text(d.driveMinutes) ? ` · 约 ${text(d.driveMinutes)} 分钟` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Block>

      {photos.length > 0 && (
        <Block title={`现场照片（${photos.length}）`}>
          <Image.PreviewGroup>
            <div className={styles.photos}>
              {photos.map((p) => (
                <Image key={p.url} src={fileUrl(p.url)} alt={p.name} className={styles.photo} />
              ))}
            </div>
          </Image.PreviewGroup>
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

      <Block title="招商联系人" testId="contacts">
        {contacts.length === 0 && !text(parcel.phone) ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={contactsQ.isPending && parcel.areacode ? '加载中…' : '暂无联系人'} />
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

      {!embedded && (
        <footer className={styles.footer}>
          <Link to="/mobileindex">返回地块列表</Link>
          <span className={styles.muted}> · </span>
          <Link to={desktopTo ?? '/home'}>查看电脑版详情</Link>
        </footer>
      )}

      {hasActions && (
        <nav className={styles.actions} aria-label="操作">
          {canCollect && <CollectButton dkid={parcel.id} size="large" className={styles.actionButton} />}
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
