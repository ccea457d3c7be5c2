import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Image, Input, Pagination, Progress, Row, Segmented, Select, Skeleton, Statistic, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { fileUrl, toFileList } from '../../../lib/files';
import { useDistrictOptions } from '../../public-map/api';
import { dateText, num, optionLabel, PROJECT_STAGE_LABELS, text } from '../../public-map/format';
import { pageQuery, PATHS } from '../api';
import { LoadError, PageBanner } from '../ui';
import styles from './projects.module.css';

const STAGE_COLORS: Record<string, string> = { signed: 'blue', started: 'cyan', building: 'orange', completed: 'green', producing: 'purple' };

/** 重点项目 (zhongdianxiangmu): the zone's key projects and their progress. */
export function KeyProjectsPage() {
  const [params, setParams] = useSearchParams();
  const { options: districtOptions, nameOf } = useDistrictOptions();
  const [stage, setStage] = useState('');
  const [areacode, setAreacode] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const keyword = params.get('keyword') ?? '';
  const q = useQuery({ ...pageQuery(PATHS.keyProjects, { pageNo, pageSize: 9, stage, areacode, keyword }), placeholderData: keepPreviousData });
  const list = q.data?.list ?? [];
  const totalInvestment = list.reduce((s, p) => s + Number(p.totalInvestment ?? 0), 0);

  return (
    <div>
      <PageBanner title="重点项目" crumbs={[{ title: '重点项目' }]} subtitle="开发区重点建设项目的投资规模、建设内容与形象进度。" tone="indigo" />
      <Card variant="borderless">
        <div className={styles.toolbar}>
          <Segmented
            value={stage}
            onChange={(v) => {
              setStage(String(v));
              setPageNo(1);
            }}
            options={[{ value: '', label: '全部阶段' }, ...Object.entries(PROJECT_STAGE_LABELS).map(([value, label]) => ({ value, label }))]}
          />
          <span className={styles.toolbarRight}>
            <Select style={{ width: 150 }} options={districtOptions} value={areacode} onChange={(v: string) => { setAreacode(v); setPageNo(1); }} aria-label="片区" />
            <Input.Search
              allowClear
              defaultValue={keyword}
              key={keyword}
              placeholder="项目名称、投资主体或行业"
              style={{ width: 240 }}
              onSearch={(v) => {
                setParams(v.trim() ? { keyword: v.trim() } : {}, { replace: true });
                setPageNo(1);
              }}
            />
          </span>
        </div>
        {list.length > 0 && (
          <div className={styles.summary}>
            <Statistic title="项目数" value={q.data?.total ?? 0} suffix="个" />
            <Statistic title="本页项目总投资" value={num(totalInvestment / 10000)} suffix="亿元" />
          </div>
        )}
        {q.isError ? (
          <LoadError error={q.error} retry={() => void q.refetch()} />
        ) : q.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : list.length === 0 ? (
          <Empty description="暂无重点项目" />
        ) : (
          <Row gutter={[16, 16]} style={{ opacity: q.isFetching ? 0.6 : 1 }}>
            {list.map((p) => {
              const images = toFileList(p.images);
              return (
                <Col key={p.id} xs={24} md={12} xl={8}>
                  <div className={styles.project} data-testid="project-card">
                    {images.length > 0 ? (
                      <Image.PreviewGroup items={images.map((i) => fileUrl(i.url))}>
                        <Image src={fileUrl(images[0].url)} alt={text(p.name)} className={styles.cover} />
                      </Image.PreviewGroup>
                    ) : (
                      <div className={styles.coverPlaceholder}>{text(p.industry) || '重点项目'}</div>
                    )}
                    <div className={styles.body}>
                      <div className={styles.name}>
                        {text(p.name)} <Tag color={STAGE_COLORS[text(p.stage)]}>{text(p.stageLabel) || optionLabel(PROJECT_STAGE_LABELS, p.stage)}</Tag>
                      </div>
                      <div className={styles.meta}>
                        {text(p.investor) || '—'} · {nameOf.get(text(p.areacode)) || '—'} · {text(p.industry) || '—'}
                      </div>
                      <div className={styles.figures}>
                        <span>
                          总投资 <b>{num(p.totalInvestment) || '—'}</b> 万元
                        </span>
                        <span>年度计划 {num(p.annualInvestment) || '—'} 万元</span>
                      </div>
                      <Progress percent={Number(p.progress ?? 0)} size="small" status={text(p.stage) === 'producing' ? 'success' : 'active'} />
                      <div className={styles.dates}>
                        开工 {dateText(p.startDate)} · 计划竣工 {dateText(p.plannedCompletion)}
                      </div>
                      {text(p.description) && <p className={styles.desc}>{text(p.description)}</p>}
                    </div>
                  </div>
                </Col>
              );
            })}
          </Row>
        )}
        {(q.data?.total ?? 0) > 9 && <Pagination style={{ marginTop: 16, textAlign: 'right' }} current={pageNo} pageSize={9} total={q.data?.total ?? 0} onChange={setPageNo} showSizeChanger={false} />}
      </Card>
    </div>
  );
}
