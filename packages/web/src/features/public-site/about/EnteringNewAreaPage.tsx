import { useSuspenseQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHead } from '../../../public/head';
import { buttonClass, Tag } from '../../../public-ui';
import { RightOutlined } from '../../../public-ui/icons/RightOutlined';
import { settingsQuery } from '../../public-map/api';
import { dateText, DISTRICT_TYPE_LABELS, num, optionLabel, PROJECT_STAGE_LABELS, stripHtml, text } from '../../public-map/format';
import { districtsWithFiguresQuery, pageQuery, PATHS } from '../api';
import { firstImage, NoData, PageBanner, Section } from '../ui';
import styles from './about.module.css';
import { ResponsiveImage } from '../../../lib/responsive-image';

/** 走进新区 (enteringNewArea): the zone at a glance, built from its districts, projects and events. */
function MoreLink({ to }: { to: string }) {
  return (
    <Link to={to}>
      更多 <RightOutlined />
    </Link>
  );
}

export function EnteringNewAreaPage() {
  const [{ data: settings }, { data: list }, { data: projects }, { data: events }] = useSuspenseQueries({
    queries: [settingsQuery, districtsWithFiguresQuery, pageQuery(PATHS.keyProjects, { pageNo: 1, pageSize: 4 }), pageQuery(PATHS.events, { pageNo: 1, pageSize: 6 })],
  });
  const planArea = list.reduce((s, d) => s + Number(d.planArea ?? 0), 0);
  const parcels = list.reduce((s, d) => s + (d.statistics?.count ?? 0), 0);
  const mu = list.reduce((s, d) => s + (d.statistics?.landAreaMu ?? 0), 0);
  const industries = [...new Set(list.flatMap((d) => text(d.leadingIndustry).split(/[、，,；;]/).map((s) => s.trim()).filter(Boolean)))];
  const zone = settings?.siteName?.replace(/土地信息平台$/, '') || '开发区';
  const subtitle = settings?.siteSubtitle || `了解${zone}：产业片区、主导产业、重点项目与最新动态。`;

  return (
    <div>
      <PageHead title="走进新区" description={`${subtitle} ${list.length}个功能片区，规划面积约${num(planArea)}平方公里，在线地块${parcels}宗。`} image={list.map((d) => firstImage(d.images)).find(Boolean)} />
      <PageBanner title="走进新区" crumbs={[{ title: '走进新区' }]} subtitle={subtitle} tone="indigo" />
      <Section title={`${zone}概况`}>
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
            <div className={styles.actions}>
              <Link to="/index" className={buttonClass('primary')}>
                地图找地
              </Link>
              <Link to="/regionalPosition" className={buttonClass()}>
                区位优势
              </Link>
              <Link to="/policiesRegulations" className={buttonClass()}>
                招商政策
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
      </Section>
      <Section
        title="功能片区"
        extra={
          <Link to="/pqList">
            全部片区 <RightOutlined />
          </Link>
        }
      >
        <div className={styles.districtGrid}>
          {list.map((d) => {
            const img = firstImage(d.images);
            return (
              <Link key={d.areacode} to={`/pqPositionDetail/${encodeURIComponent(d.areaname)}`} className={styles.districtCard}>
                <span className={styles.districtCover}>{img && <ResponsiveImage src={img} alt="" width={400} height={120} sizes="(max-width: 576px) 100vw, (max-width: 992px) 50vw, 400px" style={{ width: '100%', height: '100%' }} />}</span>
                <span className={styles.districtName}>{d.areaname}</span>
                <span className={styles.districtIndustry}>{text(d.leadingIndustry)}</span>
              </Link>
            );
          })}
        </div>
      </Section>
      <div className={styles.twoColumns}>
        <Section
          title="重点项目"
          extra={<MoreLink to="/zhongdianxiangmu" />}
          className={styles.timelineCard}
        >
          {projects.list.length === 0 ? (
            <NoData />
          ) : (
            projects.list.map((p) => (
              <div key={p.id} className={styles.projectRow}>
                <b>{text(p.name)}</b> <Tag>{text(p.stageLabel) || optionLabel(PROJECT_STAGE_LABELS, p.stage)}</Tag>
                <div className={styles.projectMeta}>
                  {text(p.investor)} · 总投资 {num(p.totalInvestment)} 万元 · {stripHtml(p.description).slice(0, 40)}
                </div>
              </div>
            ))
          )}
        </Section>
        <Section
          title="新区动态"
          extra={<MoreLink to="/landPromotion" />}
          className={styles.timelineCard}
        >
          {events.list.length === 0 ? (
            <NoData />
          ) : (
            <ol className={styles.timeline}>
              {events.list.map((e) => (
                <li key={e.id}>
                  <Link to={`/landPromotion?event=${e.id}`}>
                    <span className={styles.timelineDate}>{dateText(e.eventDate)}</span>
                    {text(e.title)}
                  </Link>
                </li>
              ))}
            </ol>
          )}
        </Section>
      </div>
    </div>
  );
}
