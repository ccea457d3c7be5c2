import { RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Skeleton, Tag, Timeline } from 'antd';
import { Link } from 'react-router';
import { useSiteSettings } from '../../public-map/api';
import { dateText, DISTRICT_TYPE_LABELS, num, optionLabel, stripHtml, text, PROJECT_STAGE_LABELS } from '../../public-map/format';
import { districtsWithFiguresQuery, pageQuery, PATHS } from '../api';
import { firstImage, NoData, PageBanner, Section } from '../ui';
import styles from './about.module.css';

/** 走进新区 (enteringNewArea): the zone at a glance, built from its districts, projects and events. */
export function EnteringNewAreaPage() {
  const settings = useSiteSettings().data;
  const districts = useQuery(districtsWithFiguresQuery);
  const projects = useQuery(pageQuery(PATHS.keyProjects, { pageNo: 1, pageSize: 4 }));
  const events = useQuery(pageQuery(PATHS.events, { pageNo: 1, pageSize: 6 }));
  const list = districts.data ?? [];
  const planArea = list.reduce((s, d) => s + Number(d.planArea ?? 0), 0);
  const parcels = list.reduce((s, d) => s + (d.statistics?.count ?? 0), 0);
  const mu = list.reduce((s, d) => s + (d.statistics?.landAreaMu ?? 0), 0);
  const industries = [...new Set(list.flatMap((d) => text(d.leadingIndustry).split(/[、，,；;]/).map((s) => s.trim()).filter(Boolean)))];
  const zone = settings?.siteName?.replace(/土地信息平台$/, '') || '开发区';

  return (
    <div>
      <PageBanner title="走进新区" crumbs={[{ title: '走进新区' }]} subtitle={settings?.siteSubtitle || `了解${zone}：产业片区、主导产业、重点项目与最新动态。`} tone="indigo" />
      <Section title={`${zone}概况`}>
        {districts.isPending ? (
          <Skeleton active />
        ) : (
          <div className={styles.hero}>
            <div>
              <p className={styles.lead}>
                {zone}下设{list.length}个功能片区，规划面积约{num(planArea)}平方公里，
                {list.map((d) => `${d.areaname}（${text(d.typeLabel) || optionLabel(DISTRICT_TYPE_LABELS, d.type)}）`).join('、')}
                各具特色。平台在线发布地块{parcels}宗、约{num(mu, 0)}亩，涵盖工业、仓储物流、商业与科研等用途，投资者可通过“地图找地”按片区、用途、面积与价格筛选，在线咨询并下载招商手册。
              </p>
              <div className={styles.industries}>
                {industries.slice(0, 16).map((i) => (
                  <Tag key={i} color="blue">
                    {i}
                  </Tag>
                ))}
              </div>
              <div style={{ marginTop: 16, display: 'flex', gap: 8 }}>
                <Link to="/index">
                  <Button type="primary">地图找地</Button>
                </Link>
                <Link to="/regionalPosition">
                  <Button>区位优势</Button>
                </Link>
                <Link to="/policiesRegulations">
                  <Button>招商政策</Button>
                </Link>
              </div>
            </div>
            <div className={styles.facts}>
              <div className={styles.fact}>
                <b>{list.length}</b>
                <small>功能片区</small>
              </div>
              <div className={styles.fact}>
                <b>{num(planArea)}</b>
                <small>规划面积（平方公里）</small>
              </div>
              <div className={styles.fact}>
                <b>{parcels}</b>
                <small>在线地块（宗）</small>
              </div>
              <div className={styles.fact}>
                <b>{num(mu, 0)}</b>
                <small>地块面积（亩）</small>
              </div>
            </div>
          </div>
        )}
      </Section>
      <Section title="功能片区" extra={<Link to="/pqList">全部片区 <RightOutlined /></Link>}>
        <Row gutter={[16, 16]}>
          {list.map((d) => (
            <Col key={d.areacode} xs={24} sm={12} xl={8}>
              <Link to={`/pqPositionDetail/${encodeURIComponent(d.areaname)}`}>
                <Card size="small" hoverable cover={firstImage(d.images) ? <img src={firstImage(d.images)!} alt="" style={{ height: 120, objectFit: 'cover' }} /> : undefined}>
                  <Card.Meta title={d.areaname} description={<span>{text(d.leadingIndustry)}</span>} />
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      </Section>
      <Row gutter={20}>
        <Col xs={24} lg={12}>
          <Section title="重点项目" extra={<Link to="/zhongdianxiangmu">更多 <RightOutlined /></Link>} className={styles.timelineCard}>
            {(projects.data?.list ?? []).length === 0 ? (
              <NoData />
            ) : (
              projects.data!.list.map((p) => (
                <div key={p.id} style={{ padding: '8px 0', borderBottom: '1px dashed #f0f0f0' }}>
                  <b>{text(p.name)}</b> <Tag>{text(p.stageLabel) || optionLabel(PROJECT_STAGE_LABELS, p.stage)}</Tag>
                  <div style={{ fontSize: 12, color: 'rgba(0,0,0,.5)' }}>
                    {text(p.investor)} · 总投资 {num(p.totalInvestment)} 万元 · {stripHtml(p.description).slice(0, 40)}
                  </div>
                </div>
              ))
            )}
          </Section>
        </Col>
        <Col xs={24} lg={12}>
          <Section title="新区动态" extra={<Link to="/landPromotion">更多 <RightOutlined /></Link>} className={styles.timelineCard}>
            {(events.data?.list ?? []).length === 0 ? (
              <NoData />
            ) : (
              <Timeline
                items={events.data!.list.map((e) => ({
                  children: (
                    <Link to={`/landPromotion?event=${e.id}`}>
                      <span style={{ color: 'rgba(0,0,0,.45)', marginRight: 8 }}>{dateText(e.eventDate)}</span>
                      {text(e.title)}
                    </Link>
                  ),
                }))}
              />
            )}
          </Section>
        </Col>
      </Row>
    </div>
  );
}
