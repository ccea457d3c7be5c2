import { EnvironmentOutlined, FilePdfOutlined, FileWordOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Col, Empty, Image, List, Pagination, Progress, Row, Space, Spin, Statistic, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { fileUrl, toFileList } from '../../../lib/files';
import { ApiError, downloadFile, saveBlob, showError } from '../../../lib/request';
import { parcelPageQuery } from '../../public-map/api';
import { landClassColor, MARKET_STATE_COLORS } from '../../public-map/colors';
import { DISTRICT_TYPE_LABELS, marketState, num, optionLabel, text } from '../../public-map/format';
import { districtByNameQuery } from '../api';
import { ParcelCard } from '../ParcelCard';
import { LoadError, Loading, NoData, PageBanner, RichText, Section } from '../ui';
import styles from './districts.module.css';

const DistrictMap = lazy(() => import('../../public-map/DistrictMap'));

function ManualButtons({ areacode, name }: { areacode: string; name: string }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState('');
  const get = async (kind: 'pdf' | 'doc') => {
    setBusy(kind);
    try {
      saveBlob(
        await downloadFile(
          kind === 'pdf' ? '/openApi/ExcelMainDispose/createPdf' : '/openApi/ExcelMainDispose/exportZsscDoc',
          { areacode },
          `${name}招商手册.${kind === 'pdf' ? 'pdf' : 'docx'}`,
        ),
      );
      message.success('招商手册已生成');
    } catch (error) {
      showError(error);
    } finally {
      setBusy('');
    }
  };
  return (
    <Space>
      <Button ghost icon={<FilePdfOutlined />} loading={busy === 'pdf'} onClick={() => void get('pdf')}>
        招商手册 PDF
      </Button>
      <Button ghost icon={<FileWordOutlined />} loading={busy === 'doc'} onClick={() => void get('doc')}>
        Word
      </Button>
    </Space>
  );
}

/** /pqPositionDetail/{name}: a district's introduction, figures, streets, contacts and its parcels on a map. */
export function DistrictDetailPage() {
  const { name = '' } = useParams();
  const q = useQuery(districtByNameQuery(name));
  const [pageNo, setPageNo] = useState(1);
  const d = q.data;
  const parcels = useQuery({ ...parcelPageQuery({ pageNo, pageSize: 8, areacode: d?.areacode }), enabled: Boolean(d?.areacode), placeholderData: keepPreviousData });

  if (q.isPending) return <Loading rows={12} />;
  if (q.isError) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  if (!d) return <LoadError error={new ApiError('A0404', '', { status: 404 })} notFoundTitle="片区不存在或已停用" backTo={{ title: '返回片区列表', to: '/pqList' }} />;

  const s = d.statistics;
  const images = toFileList(d.images);
  const maxClass = Math.max(1, ...(s?.byClass ?? []).map((c) => c.landAreaMu));
  return (
    <div data-testid="district-detail">
      <PageBanner
        title={d.areaname}
        crumbs={[{ title: '片区介绍', to: '/pqList' }, { title: d.areaname }]}
        subtitle={
          <>
            <Tag color="blue">{text(d.typeLabel) || optionLabel(DISTRICT_TYPE_LABELS, d.type)}</Tag>
            主导产业：{text(d.leadingIndustry) || '—'}
          </>
        }
        extra={<ManualButtons areacode={d.areacode} name={d.areaname} />}
      />
      <Row gutter={20}>
        <Col xs={24} lg={16}>
          <Section title="片区概况">
            <Row gutter={16} className={styles.stats}>
              <Col span={6}>
                <Statistic title="规划面积" value={num(d.planArea) || '—'} suffix="km²" />
              </Col>
              <Col span={6}>
                <Statistic title="在线地块" value={s?.count ?? 0} suffix="宗" />
              </Col>
              <Col span={6}>
                <Statistic title="地块面积" value={num(s?.landAreaMu ?? 0, 0)} suffix="亩" />
              </Col>
              <Col span={6}>
                <Statistic title="可供地块" value={s?.byTradeState.find((t) => t.tradeState === 'none')?.count ?? 0} suffix="宗" />
              </Col>
            </Row>
            <RichText html={d.introduction} empty="暂无片区介绍" />
            {images.length > 0 && (
              <Image.PreviewGroup>
                <div className={styles.gallery}>
                  {images.map((img) => (
                    <Image key={img.url} src={fileUrl(img.url)} alt={img.name} className={styles.galleryImage} />
                  ))}
                </div>
              </Image.PreviewGroup>
            )}
          </Section>
          <Section title="片区地块分布">
            <Suspense fallback={<div className={styles.mapFallback}><Spin /></div>}>
              <DistrictMap areacode={d.areacode} name={d.areaname} boundary={d.boundary} />
            </Suspense>
          </Section>
          <Section title={`片区地块（${parcels.data?.total ?? s?.count ?? 0}）`}>
            {(parcels.data?.list ?? []).length === 0 ? (
              parcels.isPending ? <Spin /> : <NoData text="该片区暂无已发布地块" />
            ) : (
              <>
                <Row gutter={[16, 16]}>
                  {parcels.data!.list.map((p) => (
                    <Col key={p.id} xs={24} sm={12} xl={6}>
                      <ParcelCard parcel={p} />
                    </Col>
                  ))}
                </Row>
                {(parcels.data?.total ?? 0) > 8 && <Pagination style={{ marginTop: 16, textAlign: 'right' }} current={pageNo} pageSize={8} total={parcels.data?.total ?? 0} onChange={setPageNo} showSizeChanger={false} />}
              </>
            )}
          </Section>
        </Col>
        <Col xs={24} lg={8}>
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
                        <b style={{ color: MARKET_STATE_COLORS[st] }}>{t.count}</b>
                        <small>{t.tradeState === 'none' ? '可供地' : t.label}</small>
                      </div>
                    );
                  })}
                </div>
                {s.byClass.map((c) => (
                  <div key={c.dlcode ?? 'none'} className={styles.classRow}>
                    <span className={styles.className}>{c.name}</span>
                    <Progress percent={Math.round((c.landAreaMu / maxClass) * 100)} showInfo={false} strokeColor={landClassColor(c.dlcode)} size="small" />
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
              <List
                dataSource={d.contacts}
                renderItem={(c) => (
                  <List.Item>
                    <List.Item.Meta
                      avatar={<Avatar src={toFileList(c.photo)[0] ? fileUrl(toFileList(c.photo)[0].url) : undefined}>{text(c.name).slice(0, 1)}</Avatar>}
                      title={
                        <>
                          {text(c.name)} <span className={styles.muted}>{text(c.position)}</span>
                        </>
                      }
                      description={
                        <>
                          {text(c.duties) && <div>{text(c.duties)}</div>}
                          <div>
                            <PhoneOutlined /> <a href={`tel:${text(c.phone)}`}>{text(c.phone)}</a>
                          </div>
                          {text(c.email) && (
                            <div>
                              <MailOutlined /> {text(c.email)}
                            </div>
                          )}
                        </>
                      }
                    />
                  </List.Item>
                )}
              />
            )}
          </Section>
          <Section title="所辖街道">
            {(d.streets ?? []).length === 0 ? (
              <NoData />
            ) : (
              <List
                size="small"
                dataSource={d.streets}
                renderItem={(st) => (
                  <List.Item>
                    <div>
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
                    </div>
                  </List.Item>
                )}
              />
            )}
          </Section>
        </Col>
      </Row>
      {d.statistics === undefined && <Empty />}
    </div>
  );
}
