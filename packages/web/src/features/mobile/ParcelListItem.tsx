import { Link } from 'react-router';
import { ResponsiveImage } from '../../lib/responsive-image';
import { EnvironmentOutlined } from '../../public-ui/icons/EnvironmentOutlined';
import type { Parcel } from '../public-map/api';
import { landClassColor, landClassGroupLabel, MARKET_STATE_TEXT_COLORS } from '../public-map/colors';
import { MARKET_STATE_LABELS, marketState, muText, num, text } from '../public-map/format';
import styles from './mobile.module.css';

/**
 * A parcel as one row of the mobile list: its photo (or its land class on the class colour), name,
 * district and class, area and price. The photo's box has a fixed size (nothing moves when it
 * arrives); `eager` for the first rows, which are on screen at once.
 */
export function ParcelListItem({ parcel, to, eager = false }: { parcel: Parcel; to: string; eager?: boolean }) {
  const state = marketState(parcel.tradeState);
  const color = landClassColor(parcel.dlcode);
  const price = num(parcel.startingPrice);
  return (
    <Link to={to} className={styles.item} data-testid="mobile-parcel" data-parcel-id={parcel.id}>
      <span className={styles.thumb} style={parcel.photo ? undefined : { background: color }}>
        {parcel.photo ? <ResponsiveImage src={parcel.photo} alt="" width={112} height={84} sizes="5.6rem" eager={eager} style={{ width: '100%', height: '100%' }} /> : <span className={styles.thumbText}>{landClassGroupLabel(parcel.dlcode)}</span>}
      </span>
      <span className={styles.itemBody}>
        <span className={styles.itemName} data-testid="mobile-parcel-name">
          {text(parcel.dkmc) || text(parcel.dkbh)}
        </span>
        <span className={styles.itemMeta}>
          <EnvironmentOutlined /> <span data-testid="mobile-parcel-district">{text(parcel.areaname) || '—'}</span> · {text(parcel.dlname) || text(parcel.dlcode)}
        </span>
        <span className={styles.itemFigures}>
          <span className={styles.itemArea}>{muText(parcel.landArea, parcel.landAreaMu)}</span>
          <span className={styles.itemPrice}>{price ? `${price} 万元` : '价格面议'}</span>
          <span className={styles.stateTag} style={{ color: MARKET_STATE_TEXT_COLORS[state], borderColor: MARKET_STATE_TEXT_COLORS[state] }}>
            {MARKET_STATE_LABELS[state]}
          </span>
        </span>
      </span>
    </Link>
  );
}
