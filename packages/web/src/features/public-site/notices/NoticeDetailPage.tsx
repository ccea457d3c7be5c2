import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { toFileList } from '../../../lib/files';
import { PageHead } from '../../../public/head';
import { NotFoundPage } from '../../../public/NotFoundPage';
import { Button, buttonClass, Tag } from '../../../public-ui';
import { CalendarOutlined } from '../../../public-ui/icons/CalendarOutlined';
import { EyeOutlined } from '../../../public-ui/icons/EyeOutlined';
import { LeftOutlined } from '../../../public-ui/icons/LeftOutlined';
import { NumberOutlined } from '../../../public-ui/icons/NumberOutlined';
import { PrinterOutlined } from '../../../public-ui/icons/PrinterOutlined';
import { TeamOutlined } from '../../../public-ui/icons/TeamOutlined';
import { dateText, NOTICE_TYPE_LABELS, optionLabel, stripHtml, text } from '../../public-map/format';
import { PATHS, recordQuery } from '../api';
import { FileLinks, onBannerClass, PageBanner, Panel, RichText } from '../ui';
import { NOTICE_TYPE_COLORS } from './NoticeList';
import styles from './notices.module.css';

/** /tzggDetail/{id}: one notice with its attachments (the server counts the view). */
export function NoticeDetailPage() {
  const { id = '' } = useParams();
  const n = useSuspenseQuery(recordQuery(PATHS.notice, id)).data;
  if (!n) return <NotFoundPage what="公告" />;
  const attachments = toFileList(n.attachments);
  const typeLabel = text(n.typeLabel) || optionLabel(NOTICE_TYPE_LABELS, n.type);
  return (
    <div>
      <PageHead title={text(n.title)} description={[typeLabel, dateText(n.publishDate), text(n.source), stripHtml(n.content).slice(0, 120)].filter(Boolean).join(' · ')} type="article" />
      {/* The notice's own title is the page's heading (its one h1), as a parcel's or a listing's is. */}
      <PageBanner
        title={text(n.title)}
        crumbs={[{ title: '通知公告', to: '/popularInquiries' }, { title: '公告详情' }]}
        tone="indigo"
        extra={
          <Button kind="ghost" className={onBannerClass} icon={<PrinterOutlined />} onClick={() => window.print()}>
            打印
          </Button>
        }
      />
      <Panel>
        <article className={styles.article} data-testid="notice-detail">
          <div className={styles.articleMeta}>
            <Tag color={NOTICE_TYPE_COLORS[text(n.type)]}>{typeLabel}</Tag>
            {text(n.number) && (
              <span>
                <NumberOutlined /> {text(n.number)}
              </span>
            )}
            {text(n.source) && (
              <span>
                <TeamOutlined /> {text(n.source)}
              </span>
            )}
            <span>
              <CalendarOutlined /> {dateText(n.publishDate)}
            </span>
            <span>
              <EyeOutlined /> {text(n.visitcount) || 0} 次浏览
            </span>
          </div>
          <RichText html={n.content} />
          {attachments.length > 0 && (
            <div className={styles.attachments}>
              <h3>附件</h3>
              <FileLinks value={attachments} />
            </div>
          )}
          <div className={styles.back}>
            <Link to="/popularInquiries" className={buttonClass()}>
              <LeftOutlined /> 返回列表
            </Link>
          </div>
        </article>
      </Panel>
    </div>
  );
}
