import { CalendarOutlined, EyeOutlined, LeftOutlined, NumberOutlined, PrinterOutlined, TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Tag } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { toFileList } from '../../../lib/files';
import { ApiError } from '../../../lib/request';
import { dateText, NOTICE_TYPE_LABELS, optionLabel, text } from '../../public-map/format';
import { PATHS, recordQuery } from '../api';
import { FileLinks, LoadError, Loading, PageBanner, RichText } from '../ui';
import { NOTICE_TYPE_COLORS } from './NoticeList';
import styles from './notices.module.css';

function useNotice() {
  const { id = '' } = useParams();
  return useQuery(recordQuery(PATHS.notice, id));
}

function NotFound() {
  return <LoadError error={new ApiError('A0404', '公告不存在或未发布', { status: 404 })} notFoundTitle="公告不存在或未发布" backTo={{ title: '返回通知公告', to: '/popularInquiries' }} />;
}

/** /tzggDetail/{id}: one notice with its attachments (the server counts the view). */
export function NoticeDetailPage() {
  const q = useNotice();
  if (q.isPending) return <Loading rows={10} />;
  if (q.isError) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  const n = q.data;
  if (!n) return <NotFound />;
  const attachments = toFileList(n.attachments);
  return (
    <div>
      <PageBanner
        title="公告详情"
        crumbs={[{ title: '通知公告', to: '/popularInquiries' }, { title: '公告详情' }]}
        tone="indigo"
        extra={
          <Button ghost icon={<PrinterOutlined />} onClick={() => window.print()}>
            打印
          </Button>
        }
      />
      <Card variant="borderless">
        <article className={styles.article} data-testid="notice-detail">
          <h1 className={styles.articleTitle}>{text(n.title)}</h1>
          <div className={styles.articleMeta}>
            <Tag color={NOTICE_TYPE_COLORS[text(n.type)]}>{text(n.typeLabel) || optionLabel(NOTICE_TYPE_LABELS, n.type)}</Tag>
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
              <h4>附件</h4>
              <FileLinks value={attachments} />
            </div>
          )}
          <div style={{ marginTop: 24 }}>
            <Link to="/popularInquiries">
              <Button icon={<LeftOutlined />}>返回列表</Button>
            </Link>
          </div>
        </article>
      </Card>
    </div>
  );
}

/** /mobileTzggDetail/{id}: the same notice, plain and narrow, for phones and the mini-program. */
export function MobileNoticeDetailPage() {
  const q = useNotice();
  const navigate = useNavigate();
  if (q.isPending) return <Loading rows={8} />;
  if (q.isError) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  const n = q.data;
  if (!n) return <NotFound />;
  return (
    <article className={styles.mobile} data-testid="mobile-notice-detail">
      <Button type="link" icon={<LeftOutlined />} onClick={() => navigate(-1)} style={{ paddingLeft: 0 }}>
        返回
      </Button>
      <h1 className={styles.articleTitle}>{text(n.title)}</h1>
      <div className={styles.articleMeta}>
        <span>{text(n.typeLabel) || optionLabel(NOTICE_TYPE_LABELS, n.type)}</span>
        <span>{dateText(n.publishDate)}</span>
        {text(n.source) && <span>{text(n.source)}</span>}
      </div>
      <RichText html={n.content} />
      <FileLinks value={n.attachments} empty={null} />
    </article>
  );
}
