import { PageHead } from '../../../public/head';
import { Panel, PageBanner } from '../ui';
import { NoticeList } from './NoticeList';

/** 通知公告 (popularInquiries): every published notice. */
export function NoticeListPage() {
  return (
    <div>
      <PageHead title="通知公告" description="土地出让公告、成交公示及各类通知公告。" />
      <PageBanner title="通知公告" crumbs={[{ title: '通知公告' }]} subtitle="土地出让公告、成交公示及各类通知公告。" tone="indigo" />
      <Panel>
        <NoticeList types={['transfer', 'deal', 'notice', 'announcement']} />
      </Panel>
    </div>
  );
}
