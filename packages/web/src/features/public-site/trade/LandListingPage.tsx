import { PageHead } from '../../../public/head';
import { ClockCircleOutlined } from '../../../public-ui/icons/ClockCircleOutlined';
import type { Parcel } from '../../public-map/api';
import { dateText, listingDaysLeft, text, wanText } from '../../public-map/format';
import { PageBanner } from '../ui';
import { ParcelBrowser } from './ParcelBrowser';
import styles from './ParcelBrowser.module.css';

type Trade = Record<string, unknown> | null | undefined;


/** 挂牌地块 (landListing): parcels listed on the land-transaction system, with the listing's dates and deposit. */
export function LandListingPage() {
  return (
    <div>
      <PageHead title="挂牌地块" description="正在土地交易系统挂牌出让的国有建设用地使用权：挂牌期限、起始价与竞买保证金。" />
      <PageBanner title="挂牌地块" crumbs={[{ title: '挂牌地块' }]} subtitle="正在土地交易系统挂牌出让的国有建设用地使用权，可查看挂牌期限、起始价与竞买保证金。" />
      <ParcelBrowser
        path="selectLandInfoByMoreGG"
        searchState="listed"
        emptyText="当前没有挂牌中的地块"
        cardFooter={(p: Parcel) => {
          const t = p.transaction as Trade;
          if (!t) return null;
          return (
            <div className={styles.tradeLine}>
              <span>
                <ClockCircleOutlined /> 截止 {dateText(t.listingEnd)} {listingDaysLeft(t.listingEnd) && `（${listingDaysLeft(t.listingEnd)}）`}
              </span>
              <span>保证金 {wanText(t.deposit)}</span>
            </div>
          );
        }}
        columns={[
          { title: '公告编号', key: 'no', render: (p) => text((p.transaction as Trade)?.announcementNo) || '—' },
          { title: '挂牌截止', key: 'end', render: (p) => dateText((p.transaction as Trade)?.listingEnd) },
          { title: '保证金', key: 'dep', align: 'right', render: (p) => wanText((p.transaction as Trade)?.deposit) },
        ]}
      />
    </div>
  );
}
