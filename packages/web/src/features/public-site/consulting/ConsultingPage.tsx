import { CustomerServiceOutlined, MessageOutlined, PhoneOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Collapse, Empty, Input, Pagination, Row, Segmented, Skeleton, Spin, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { dateText, optionLabel, PROBLEM_CATEGORY_LABELS, text } from '../../public-map/format';
import { useSiteSettings } from '../../public-map/api';
import { pageQuery, PATHS } from '../api';
import { LoadError, PageBanner } from '../ui';
import styles from './ConsultingPage.module.css';

const AskForm = lazy(() => import('./AskForm'));

function AnsweredList() {
  const [category, setCategory] = useState('');
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const q = useQuery({ ...pageQuery(PATHS.publicProblems, { pageNo, pageSize: 10, category, keyword }), placeholderData: keepPreviousData });
  const list = q.data?.list ?? [];
  return (
    <Card variant="borderless" title={<><MessageOutlined /> 咨询答复</>} data-testid="answered-list">
      <div className={styles.toolbar}>
        <Segmented
          size="small"
          value={category}
          onChange={(v) => {
            setCategory(String(v));
            setPageNo(1);
          }}
          options={[{ value: '', label: '全部' }, ...Object.entries(PROBLEM_CATEGORY_LABELS).map(([value, label]) => ({ value, label }))]}
        />
        <Input.Search
          size="small"
          allowClear
          placeholder="搜索问题"
          style={{ width: 200 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPageNo(1);
          }}
        />
      </div>
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : q.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.length === 0 ? (
        <Empty description="暂无公开的咨询答复" />
      ) : (
        <Collapse
          ghost
          expandIconPlacement="end"
          items={list.map((p) => ({
            key: p.id,
            label: (
              <div className={styles.question}>
                <span className={styles.q}>问</span>
                <span className={styles.qTitle}>{text(p.title)}</span>
                <Tag>{text(p.categoryLabel) || optionLabel(PROBLEM_CATEGORY_LABELS, p.category)}</Tag>
              </div>
            ),
            children: (
              <div className={styles.qa}>
                <p className={styles.content}>{text(p.content)}</p>
                <div className={styles.answer}>
                  <span className={styles.a}>答</span>
                  <div>
                    <p>{text(p.answer)}</p>
                    <span className={styles.date}>答复于 {dateText(p.answeredAt)}</span>
                  </div>
                </div>
              </div>
            ),
          }))}
        />
      )}
      {(q.data?.total ?? 0) > 10 && <Pagination size="small" style={{ marginTop: 12, textAlign: 'right' }} current={pageNo} total={q.data?.total ?? 0} onChange={setPageNo} showSizeChanger={false} />}
    </Card>
  );
}

/** 咨询服务 (consultingServices): ask a question (visitors or name + phone) and read answered ones. */
export function ConsultingPage() {
  const settings = useSiteSettings().data;
  return (
    <div>
      <PageBanner title="咨询服务" crumbs={[{ title: '咨询服务' }]} subtitle="用地政策、招商政策、项目审批与土地交易问题，在线留言，专人答复。" />
      <Row gutter={20}>
        <Col xs={24} lg={9}>
          <Card variant="borderless" title={<><CustomerServiceOutlined /> 我要咨询</>} className={styles.formCard}>
            <Suspense fallback={<div className={styles.center}><Spin /></div>}>
              <AskForm />
            </Suspense>
            {settings?.contactPhone && (
              <div className={styles.hotline}>
                <PhoneOutlined /> 咨询电话：{settings.contactPhone}
              </div>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <AnsweredList />
        </Col>
      </Row>
    </div>
  );
}
