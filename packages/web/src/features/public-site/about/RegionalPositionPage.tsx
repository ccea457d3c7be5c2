import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Spin } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { districtOutlinesQuery, facilitiesQuery, useSiteSettings } from '../../public-map/api';
import { placeColor } from '../../public-map/colors';
import { NoData, PageBanner, Section } from '../ui';
import styles from './about.module.css';

const ParcelMiniMap = lazy(() => import('../../public-map/ParcelMiniMap'));

/** Kinds of place that make a location: transport first, then services. */
const KEY_TYPES = ['airport', 'railway', 'highwayExit', 'port', 'centre', 'metro', 'hospital', 'school', 'government', 'talentHousing'];

/** 区位优势 (regionalPosition): the zone's districts and the transport and services around them. */
export function RegionalPositionPage() {
  const settings = useSiteSettings().data;
  const outlines = useQuery(districtOutlinesQuery);
  const facilities = useQuery(facilitiesQuery);
  const groups = useMemo(
    () => (facilities.data ?? []).filter((g) => KEY_TYPES.includes(g.type)).sort((a, b) => KEY_TYPES.indexOf(a.type) - KEY_TYPES.indexOf(b.type)),
    [facilities.data],
  );
  const places = useMemo(() => groups.flatMap((g) => g.list.map((f) => ({ id: f.id, name: f.name, type: f.type, lon: f.lon, lat: f.lat, note: g.label }))), [groups]);
  const shapes = useMemo(() => (outlines.data ?? []).map((d) => ({ id: d.areacode, name: d.areaname, geometry: d.boundary, color: '#1677ff' })), [outlines.data]);

  return (
    <div>
      <PageBanner
        title="区位优势"
        crumbs={[{ title: '区位优势' }]}
        subtitle={`${settings?.siteName?.replace(/土地信息平台$/, '') || '开发区'}交通便捷、配套完善：机场、高铁、高速与港口一览。`}
      />
      <Row gutter={20}>
        <Col xs={24} xl={15}>
          <Section title="区位图">
            {outlines.isPending || facilities.isPending ? (
              <Skeleton active paragraph={{ rows: 10 }} />
            ) : (
              <Suspense fallback={<Spin />}>
                <ParcelMiniMap shapes={shapes} places={places} height={520} districts={false} />
              </Suspense>
            )}
          </Section>
        </Col>
        <Col xs={24} xl={9}>
          <Section title="交通与配套">
            {groups.length === 0 ? (
              facilities.isPending ? <Skeleton active /> : <NoData text="暂无配套设施信息" />
            ) : (
              <div className={styles.placeGroups}>
                {groups.map((g) => (
                  <div key={g.type} className={styles.placeGroup}>
                    <h4>
                      <span className={styles.dot} style={{ background: placeColor(g.type) }} />
                      {g.label}（{g.list.length}）
                    </h4>
                    <ul>
                      {g.list.slice(0, 6).map((f) => (
                        <li key={f.id}>
                          {f.name}
                          {f.address ? <span style={{ color: 'rgba(0,0,0,.4)' }}> · {f.address}</span> : null}
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            )}
          </Section>
          <Card variant="borderless">
            <p className={styles.lead} style={{ margin: 0 }}>
              {settings?.contactAddress ? `管理机构地址：${settings.contactAddress}。` : ''}
              各片区到机场、高铁站、高速出口、港口的距离与车程，可在每个地块的详情页“区位与周边”中查看。
            </p>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
