import { usePrefetchQuery, useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useTransition } from 'react';
import { useSearchParams } from 'react-router';
import { fileUrl, toFileList } from '../../../lib/files';
import { PageHead } from '../../../public/head';
import { BlockBoundary, Empty, Pagination, SearchInput, Select, SkeletonLines, Tabs, Tag } from '../../../public-ui';
import { districtsQuery, useDistrictOptions } from '../../public-map/api';
import { num, optionLabel, PROJECT_STAGE_LABELS, text } from '../../public-map/format';
import { pageQuery, PATHS } from '../api';
import { DateText, PageBanner, Panel } from '../ui';
import { CoverPhotos, Figure, ProgressBar } from '../widgets';
import styles from './projects.module.css';
import { useEntryState } from '../../../public/use-entry-state';

const STAGE_COLORS: Record<string, string> = { signed: 'blue', started: 'blue', building: 'orange', completed: 'green', producing: 'green' };
const PAGE_SIZE = 9;
const SUBTITLE = '开发区重点建设项目的投资规模、建设内容与形象进度。';

interface Filter {
  stage: string;
  areacode: string;
  pageNo: number;
}

const projectsQuery = (filter: Filter, keyword: string) => pageQuery(PATHS.keyProjects, { pageNo: filter.pageNo, pageSize: PAGE_SIZE, stage: filter.stage, areacode: filter.areacode, keyword });

function Projects({ filter, keyword, fading, onPage, nameOf }: { filter: Filter; keyword: string; fading: boolean; onPage: (pageNo: number) => void; nameOf: Map<string, string> }) {
  const { data } = useSuspenseQuery(projectsQuery(filter, keyword));
  const list = data.list;
  if (list.length === 0) return <Empty text="暂无重点项目" />;
  const totalInvestment = list.reduce((s, p) => s + Number(p.totalInvestment ?? 0), 0);
  return (
    <div style={{ opacity: fading ? 0.6 : 1 }}>
      <div className={styles.summary}>
        <Figure title="项目数" value={data.total} suffix="个" />
        <Figure title="本页项目总投资" value={num(totalInvestment / 10000)} suffix="亿元" />
      </div>
      <div className={styles.grid}>
        {list.map((p) => {
          const images = toFileList(p.images);
          return (
            <div key={p.id} className={styles.project} data-testid="project-card">
              {images.length > 0 ? <CoverPhotos urls={images.map((i) => fileUrl(i.url))} alt={text(p.name)} /> : <div className={styles.coverPlaceholder}>{text(p.industry) || '重点项目'}</div>}
              <div className={styles.body}>
                <h2 className={styles.name}>
                  {text(p.name)} <Tag color={STAGE_COLORS[text(p.stage)]}>{text(p.stageLabel) || optionLabel(PROJECT_STAGE_LABELS, p.stage)}</Tag>
                </h2>
                <div className={styles.meta}>
                  {text(p.investor) || '—'} · {nameOf.get(text(p.areacode)) || '—'} · {text(p.industry) || '—'}
                </div>
                <div className={styles.figures}>
                  <span>
                    总投资 <b>{num(p.totalInvestment) || '—'}</b> 万元
                  </span>
                  <span>年度计划 {num(p.annualInvestment) || '—'} 万元</span>
                </div>
                <ProgressBar percent={Number(p.progress ?? 0)} label="形象进度" showInfo color={text(p.stage) === 'producing' ? 'var(--pub-success)' : undefined} />
                <div className={styles.dates}>
                  开工 <DateText value={p.startDate} /> · 计划竣工 <DateText value={p.plannedCompletion} />
                </div>
                {text(p.description) && <p className={styles.desc}>{text(p.description)}</p>}
              </div>
            </div>
          );
        })}
      </div>
      {data.total > PAGE_SIZE && (
        <div className={styles.pager}>
          <Pagination current={filter.pageNo} pageSize={PAGE_SIZE} total={data.total} onChange={onPage} />
        </div>
      )}
    </div>
  );
}

/** 重点项目 (zhongdianxiangmu): the zone's key projects and their progress. */
export function KeyProjectsPage() {
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useEntryState<Filter>('keyProjects', { stage: '', areacode: '', pageNo: 1 });
  const [fading, startTransition] = useTransition();
  const keyword = params.get('keyword') ?? '';
  // The list's call goes out with the district names', not after them (one round when reached by a link).
  usePrefetchQuery(projectsQuery(filter, keyword));
  useSuspenseQueries({ queries: [districtsQuery] });
  const { options: districtOptions, nameOf } = useDistrictOptions();
  const change = (next: Partial<Filter>) => startTransition(() => setFilter((f) => ({ ...f, pageNo: 1, ...next })));
  const list = (
    <BlockBoundary label="项目列表" resetKey={`${JSON.stringify(filter)} ${keyword}`}>
      <Suspense fallback={<SkeletonLines rows={8} />}>
        <Projects filter={filter} keyword={keyword} fading={fading} onPage={(pageNo) => change({ pageNo })} nameOf={nameOf} />
      </Suspense>
    </BlockBoundary>
  );

  return (
    <div>
      <PageHead title="重点项目" description={SUBTITLE} />
      <PageBanner title="重点项目" crumbs={[{ title: '重点项目' }]} subtitle={SUBTITLE} tone="indigo" />
      <Panel>
        <div className={styles.toolbar}>
          <span />
          <span className={styles.toolbarRight}>
            <Select className={styles.district} options={districtOptions} value={filter.areacode} onChange={(e) => change({ areacode: e.target.value })} aria-label="片区" />
            <SearchInput
              key={keyword}
              defaultValue={keyword}
              label="搜索重点项目"
              placeholder="名称、投资主体或行业"
              className={styles.search}
              onSearch={(v) =>
                startTransition(() => {
                  setParams(v.trim() ? { keyword: v.trim() } : {}, { replace: true });
                  setFilter((f) => ({ ...f, pageNo: 1 }));
                })
              }
            />
          </span>
        </div>
        <Tabs
          label="项目阶段"
          activeKey={filter.stage}
          onChange={(stage) => change({ stage })}
          items={[{ key: '', label: '全部阶段' }, ...Object.entries(PROJECT_STAGE_LABELS).map(([key, label]) => ({ key, label }))].map((t) => ({ ...t, children: list }))}
        />
      </Panel>
    </div>
  );
}
