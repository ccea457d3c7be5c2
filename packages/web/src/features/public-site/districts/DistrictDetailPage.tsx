import { useSuspenseQuery } from '@tanstack/react-query';
import type { PageResult } from '@land/shared/api';
import { lazy, Suspense, useMemo, useState, useTransition } from 'react';
import { useParams } from 'react-router';
import { fileUrl, toFileList } from '../../../lib/files';
import { PageHead } from '../../../public/head';
import { NotFoundPage } from '../../../public/NotFoundPage';
import { useMapWanted } from '../../../public/use-map-wanted';
import { BlockBoundary, Button, Modal, Pagination, SkeletonLines, Tag } from '../../../public-ui';
import { EnvironmentOutlined } from '../../../public-ui/icons/EnvironmentOutlined';
import { FilePdfOutlined } from '../../../public-ui/icons/FilePdfOutlined';
import { FileWordOutlined } from '../../../public-ui/icons/FileWordOutlined';
import { MailOutlined } from '../../../public-ui/icons/MailOutlined';
import { PhoneOutlined } from '../../../public-ui/icons/PhoneOutlined';
import { parcelPageQuery, type Parcel } from '../../public-map/api';
import { landClassColor, MARKET_STATE_COLORS } from '../../public-map/colors';
import { MapPreview } from '../../public-map/MapPreview';
import { DISTRICT_TYPE_LABELS, marketState, num, optionLabel, stripHtml, text } from '../../public-map/format';
import { districtPageQuery } from '../api';
import { useManualDownload } from '../manual';
import { ParcelCard } from '../ParcelCard';
import { firstImage, NoData, onBannerClass, PageBanner, RichText, Section } from '../ui';
import { Figure, ProgressBar } from '../widgets';
import styles from './districts.module.css';
import { ResponsiveImage } from '../../../lib/responsive-image';
import { useEntryState } from '../../../public/use-entry-state';

const DistrictMap = lazy(() => import('../../public-map/DistrictMap'));
const MAP_HEIGHT = 420;
// Three rows of three cards beside the side column.
const PARCELS_PER_PAGE = 9;

function ManualButtons({ areacode, name }: { areacode: string; name: string }) {
  const { busy, get } = useManualDownload({ areacode }, name);
  return (
    <div className={styles.manualButtons}>
      <Button kind="ghost" className={onBannerClass} icon={<FilePdfOutlined />} loading={busy === 'pdf'} onClick={() => void get('pdf')}>
        招商手册 PDF
      </Button>
      <Button kind="ghost" className={onBannerClass} icon={<FileWordOutlined />} loading={busy === 'doc'} onClick={() => void get('doc')}>
        Word
      </Button>
    </div>
  );
}

function Gallery({ images, name }: { images: { url: string; name: string }[]; name: string }) {
  const [preview, setPreview] = useState<{ url: string; name: string } | null>(null);
  if (images.length === 0) return null;
  return (
    <>
      <div className={styles.gallery}>
        {images.map((img) => (
          <button key={img.url} type="button" className={styles.galleryButton} onClick={() => setPreview({ url: fileUrl(img.url), name: img.name || name })} aria-label={`查看大图：${img.name || name}`}>
            <ResponsiveImage src={img.url} alt={img.name || name} className={styles.galleryImage} width={160} height={110} sizes="(max-width: 576px) 50vw, 200px" style={{ width: '100%', height: 110 }} />
          </button>
        ))}
      </div>
      <Modal open={preview !== null} onClose={() => setPreview(null)} title={preview?.name ?? ''} width={960}>
        {preview && <img src={preview.url} alt={preview.name} className={styles.previewImage} />}
      </Modal>
    </>
  );
}

/**
 * The district's parcels on the map: OpenLayers loads when the reserved box comes into view (on a
 * phone, when asked for); until then the box shows the outline and the parcels listed first.
 */
function DistrictMapBox({ areacode, name, boundary, parcels }: { areacode: string; name: string; boundary: unknown; parcels: Parcel[] }) {
  const { ref, load, ask } = useMapWanted<HTMLDivElement>();
  const shapes = useMemo(() => [{ id: areacode, geometry: boundary, color: '#0958d9' }], [areacode, boundary]);
  const points = useMemo(() => parcels.map((p) => ({ id: p.id, lon: p.centre?.[0], lat: p.centre?.[1], color: landClassColor(p.dlcode) })), [parcels]);
  const preview = <MapPreview shapes={shapes} points={points} label={`${name}范围示意图`} asked={load} onAsk={ask} fillOpacity={0.08} />;
  return (
    <div ref={ref} className={styles.mapBox} style={{ height: MAP_HEIGHT }} data-testid="district-map-box">
      {load ? (
        <BlockBoundary label="地图">
          <Suspense fallback={preview}>
            <DistrictMap areacode={areacode} name={name} boundary={boundary} height={MAP_HEIGHT} />
          </Suspense>
        </BlockBoundary>
      ) : (
        preview
      )}
    </div>
  );
}

/** The district's parcels: the first page came with the district (no second round), later pages are asked for. */
function DistrictParcels({ areacode, count, first, pageNo, onPage }: { areacode: string; count: number; first: PageResult<Parcel>; pageNo: number; onPage: (pageNo: number) => void }) {
  const [fading, startTransition] = useTransition();
  const { data } = useSuspenseQuery({ ...parcelPageQuery({ pageNo, pageSize: PARCELS_PER_PAGE, areacode }), initialData: pageNo === 1 ? first : undefined });
  return (
    <Section title={`片区地块（${data.total ?? count}）`}>
      {data.list.length === 0 ? (
        <NoData text="该片区暂无已发布地块" />
      ) : (
        <div style={{ opacity: fading ? 0.6 : 1 }}>
          <div className={styles.parcelGrid}>
            {data.list.map((p) => (
              <ParcelCard key={p.id} parcel={p} />
            ))}
          </div>
          {data.total > PARCELS_PER_PAGE && (
            <div className={styles.pager}>
              <Pagination current={pageNo} pageSize={PARCELS_PER_PAGE} total={data.total} onChange={(n) => startTransition(() => onPage(n))} />
            </div>
          )}
        </div>
      )}
    </Section>
  );
}

/** /pqPositionDetail/{name}: a district's introduction, figures, streets, contacts and its parcels on a map. */
export function DistrictDetailPage() {
  const { name = '' } = useParams();
  // The parcels' page, kept per district (another district's page starts at the first page).
  const [paging, setPaging] = useEntryState('districtParcels', { name, pageNo: 1 });
  const parcelPage = paging.name === name ? paging.pageNo : 1;
  const setParcelPage = (pageNo: number) => setPaging({ name, pageNo });
  const d = useSuspenseQuery(districtPageQuery(name, PARCELS_PER_PAGE)).data;
  if (!d) return <NotFoundPage what="片区" />;

  const s = d.statistics;
  const images = toFileList(d.images);
  const maxClass = Math.max(1, ...(s?.byClass ?? []).map((c) => c.landAreaMu));
  const typeLabel = text(d.typeLabel) || optionLabel(DISTRICT_TYPE_LABELS, d.type);
  const description = [typeLabel, `主导产业：${text(d.leadingIndustry) || '—'}`, num(d.planArea) ? `规划面积 ${num(d.planArea)} km²` : '', `在线地块 ${s?.count ?? 0} 宗`, stripHtml(d.introduction).slice(0, 80)].filter(Boolean).join(' · ');
  return (
    <div data-testid="district-detail">
      <PageHead title={d.areaname} description={description} image={firstImage(d.images)} />
      <PageBanner
        title={d.areaname}
        crumbs={[{ title: '片区介绍', to: '/pqList' }, { title: d.areaname }]}
        subtitle={
          <>
            <Tag color="blue">{typeLabel}</Tag>
            主导产业：{text(d.leadingIndustry) || '—'}
          </>
        }
        extra={<ManualButtons areacode={d.areacode} name={d.areaname} />}
      />
      <div className={styles.columns}>
        <div className={styles.mainColumn}>
          <Section title="片区概况">
            <div className={styles.stats}>
              <Figure title="规划面积" value={num(d.planArea) || '—'} suffix="km²" />
              <Figure title="在线地块" value={s?.count ?? 0} suffix="宗" />
              <Figure title="地块面积" value={num(s?.landAreaMu ?? 0, 0)} suffix="亩" />
              <Figure title="可供地块" value={s?.byTradeState.find((t) => t.tradeState === 'none')?.count ?? 0} suffix="宗" />
            </div>
            <RichText html={d.introduction} empty="暂无片区介绍" />
            <Gallery images={images} name={d.areaname} />
          </Section>
          <Section title="片区地块分布">
            <DistrictMapBox areacode={d.areacode} name={d.areaname} boundary={d.boundary} parcels={d.parcels.list} />
          </Section>
          {/* The page asked for is kept here: after a failed page, 重试 asks for it again. */}
          <BlockBoundary label="片区地块" resetKey={parcelPage}>
            <Suspense
              fallback={
                <Section title={`片区地块（${s?.count ?? 0}）`}>
                  <SkeletonLines rows={6} />
                </Section>
              }
            >
              <DistrictParcels areacode={d.areacode} count={s?.count ?? 0} first={d.parcels} pageNo={parcelPage} onPage={setParcelPage} />
            </Suspense>
          </BlockBoundary>
        </div>
        <div className={styles.sideColumn}>
          <Section title="地块构成">
            {!s || s.count === 0 ? (
              <NoData />
            ) : (
              <>
                <div className={styles.states}>
                  {s.byTradeState.map((t) => {
                    const st = marketState(t.tradeState);
                    return (
                      <div key={t.tradeState} className={styles.stateBox} style={{ borderColor: MARKET_STATE_COLORS[st] }}>
                        <b>{t.count}</b>
                        <small>{t.tradeState === 'none' ? '可供地' : t.label}</small>
                      </div>
                    );
                  })}
                </div>
                {s.byClass.map((c) => (
                  <div key={c.dlcode ?? 'none'} className={styles.classRow}>
                    <span className={styles.className}>{c.name}</span>
                    <ProgressBar percent={(c.landAreaMu / maxClass) * 100} color={landClassColor(c.dlcode)} label={`${c.name}地块面积`} />
                    <span className={styles.classValue}>
                      {c.count} 宗 · {num(c.landAreaMu, 0)} 亩
                    </span>
                  </div>
                ))}
              </>
            )}
          </Section>
          <Section title="招商联系人">
            {(d.contacts ?? []).length === 0 ? (
              <NoData text="暂无联系人" />
            ) : (
              <ul className={styles.people}>
                {d.contacts!.map((c) => {
                  const photo = toFileList(c.photo)[0];
                  return (
                    <li key={c.id} className={styles.person}>
                      {photo ? (
                        <ResponsiveImage src={photo.url} alt="" className={styles.avatar} width={40} height={40} sizes="40px" />
                      ) : (
                        <span className={styles.avatar} aria-hidden>
                          {text(c.name).slice(0, 1)}
                        </span>
                      )}
                      <div>
                        <div className={styles.personName}>
                          {text(c.name)} <span className={styles.muted}>{text(c.position)}</span>
                        </div>
                        <div className={styles.muted}>
                          {text(c.duties) && <div>{text(c.duties)}</div>}
                          <div>
                            <PhoneOutlined /> <a href={`tel:${text(c.phone)}`}>{text(c.phone)}</a>
                          </div>
                          {text(c.email) && (
                            <div>
                              <MailOutlined /> {text(c.email)}
                            </div>
                          )}
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </Section>
          <Section title="所辖街道">
            {(d.streets ?? []).length === 0 ? (
              <NoData />
            ) : (
              <ul className={styles.people}>
                {d.streets!.map((st) => (
                  <li key={st.id} className={styles.street}>
                    <b>{text(st.jdname)}</b>
                    <div className={styles.muted}>
                      {text(st.address) && (
                        <>
                          <EnvironmentOutlined /> {text(st.address)}{' '}
                        </>
                      )}
                      {text(st.phone) && (
                        <>
                          <PhoneOutlined /> {text(st.phone)}
                        </>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
      </div>
    </div>
  );
}
