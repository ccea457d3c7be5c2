import { Card } from 'antd';
import { PageBanner } from '../ui';
import { NoticeList } from './NoticeList';

/** 通知公告 (popularInquiries): every published notice. */
export function NoticeListPage() {
  return (
    <div>
      <PageBanner title="通知公告" crumbs={[{ title: '通知公告' }]} subtitle="土地出让公告、成交公示及各类通知公告。" tone="indigo" />
      <Card variant="borderless">
        <NoticeList types={['transfer', 'deal', 'notice', 'announcement']} />
      </Card>
    </div>
  );
}
