/** A notice (tzgg) for phones (/mobileTzggDetail/{id}), outside the desktop public shell. */
import { useSuspenseQueries } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { fileUrl, toFileList } from '../../lib/files';
import { PageHead } from '../../public/head';
import { NotFoundPage } from '../../public/NotFoundPage';
import { FileOutlined } from '../../public-ui/icons/FileOutlined';
import { settingsQuery } from '../public-map/api';
import { dateText, NOTICE_TYPE_LABELS, optionLabel, text } from '../public-map/format';
import { PATHS, recordQuery } from '../public-site/api';
import { RichText } from '../public-site/ui';
import { TopBar } from './chrome';
import { shareText } from './wechat-share';
import styles from './mobile.module.css';

export function MobileNoticePage() {
  const { id = '' } = useParams();
  // The settings for the share card's site name (read with the notice, in the same round).
  const [{ data: notice }] = useSuspenseQueries({ queries: [recordQuery(PATHS.notice, id), settingsQuery] });
  const title = text(notice?.title);
  const typeLabel = notice ? text(notice.typeLabel) || optionLabel(NOTICE_TYPE_LABELS, notice.type) : '';
  const attachments = toFileList(notice?.attachments);

  return (
    <div className={styles.detail}>
      <TopBar title="公告详情" desktopTo={`/tzggDetail/${encodeURIComponent(id)}`} />
      {!notice ? (
        <NotFoundPage what="公告" backTo={{ to: '/mobileindex', title: '返回首页' }} />
      ) : (
        <main>
          <PageHead title={title || '公告详情'} description={[typeLabel, dateText(notice.publishDate), shareText(notice.content)].filter(Boolean).join(' · ')} type="article" />
          <article className={styles.article} data-testid="mobile-notice-detail">
            <h1 className={styles.articleTitle}>{title}</h1>
            <div className={styles.articleMeta}>
              <span>{typeLabel}</span>
              <span>{dateText(notice.publishDate)}</span>
              {text(notice.source) && <span>{text(notice.source)}</span>}
            </div>
            <div className={styles.articleBody}>
              <RichText html={notice.content} />
            </div>
            {attachments.length > 0 && (
              <ul className={styles.attachments}>
                {attachments.map((f) => (
                  <li key={f.url}>
                    <a href={fileUrl(f.url)} download={f.name}>
                      <FileOutlined /> {f.name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </article>
        </main>
      )}
    </div>
  );
}
