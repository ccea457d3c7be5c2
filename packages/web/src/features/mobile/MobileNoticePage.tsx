/** A notice (tzgg) for phones (/mobileTzggDetail/{id}), outside the desktop public shell. */
import { FileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { fileUrl, toFileList } from '../../lib/files';
import { dateText, NOTICE_TYPE_LABELS, optionLabel, text } from '../public-map/format';
import { PATHS, recordQuery } from '../public-site/api';
import { RichText } from '../public-site/ui';
import { LoadResult, TopBar } from './chrome';
import styles from './mobile.module.css';

export function MobileNoticePage() {
  const { id = '' } = useParams();
  const q = useQuery(recordQuery(PATHS.notice, id));
  const notice = q.data ?? null;
  const title = text(notice?.title);

  useEffect(() => {
    document.title = title ? `${title} - 通知公告` : '公告详情';
  }, [title]);

  return (
    <div className={styles.detail}>
      <TopBar title="公告详情" desktopTo={`/tzggDetail/${encodeURIComponent(id)}`} />
      {q.isPending ? (
        <section className={styles.section}>
          <Skeleton active paragraph={{ rows: 8 }} />
        </section>
      ) : q.isError || !notice ? (
        <LoadResult failed={q.isError} notFoundTitle="公告不存在或未发布" retry={() => void q.refetch()} backTo={{ to: '/mobileindex', title: '返回首页' }} />
      ) : (
        <article className={styles.article} data-testid="mobile-notice-detail">
          <h2 className={styles.articleTitle}>{title}</h2>
          <div className={styles.articleMeta}>
            <span>{text(notice.typeLabel) || optionLabel(NOTICE_TYPE_LABELS, notice.type)}</span>
            <span>{dateText(notice.publishDate)}</span>
            {text(notice.source) && <span>{text(notice.source)}</span>}
          </div>
          <div className={styles.articleBody}>
            <RichText html={notice.content} />
          </div>
          {toFileList(notice.attachments).length > 0 && (
            <ul className={styles.attachments}>
              {toFileList(notice.attachments).map((f) => (
                <li key={f.url}>
                  <a href={fileUrl(f.url)} download={f.name}>
                    <FileOutlined /> {f.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </article>
      )}
    </div>
  );
}
