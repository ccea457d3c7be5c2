import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../lib/responsive-image';
import { EnvironmentOutlined } from '../../public-ui/icons/EnvironmentOutlined';
import type { Parcel } from '../public-map/api';
import { landClassColor, landClassGroupLabel, MARKET_STATE_TEXT_COLORS } from '../public-map/colors';
import { MARKET_STATE_LABELS, marketState, muText, num, parcelDetailPath, text } from '../public-map/format';
import styles from './ParcelCard.module.css';

/** Width of a card's photo: the card grids are one column on a phone, two to four from 576 px. */
const CARD_SIZES = '(max-width: 576px) calc(100vw - 32px), (max-width: 992px) 50vw, 320px';

/** A parcel as a card: photo (or its class colour), name, district, class, area in 亩, price, state. */
export function ParcelCard({ parcel, footer, to }: { parcel: Parcel; footer?: ReactNode; to?: string }) {
  const state = marketState(parcel.tradeState);
  const color = landClassColor(parcel.dlcode);
  const href = to ?? parcelDetailPath(parcel.id, parcel.tradeState);
  return (
    <Link to={href} className={styles.card} data-testid="parcel-card">
      <div className={styles.cover} style={parcel.photo ? undefined : { background: `linear-gradient(135deg, ${color}, ${color}99)` }}>
        {parcel.photo ? <ResponsiveImage src={parcel.photo} alt="" width={320} height={120} sizes={CARD_SIZES} style={{ width: '100%', height: '100%' }} /> : <span className={styles.coverText}>{text(parcel.dlname) || landClassGroupLabel(parcel.dlcode)}</span>}
        <span className={styles.state} style={{ background: MARKET_STATE_TEXT_COLORS[state] }}>
          {MARKET_STATE_LABELS[state]}
        </span>
      </div>
      <div className={styles.body}>
        <div className={styles.name} title={text(parcel.dkmc)}>
          {text(parcel.dkmc) || text(parcel.dkbh)}
        </div>
        <div className={styles.meta}>
          <EnvironmentOutlined /> {text(parcel.areaname) || '—'} · {text(parcel.dlname) || text(parcel.dlcode)}
        </div>
        <div className={styles.figures}>
          <span className={styles.area}>{muText(parcel.landArea, parcel.landAreaMu)}</span>
          <span className={styles.price}>{num(parcel.startingPrice) ? `${num(parcel.startingPrice)} 万元` : '价格面议'}</span>
        </div>
        {footer}
      </div>
    </Link>
  );
}
