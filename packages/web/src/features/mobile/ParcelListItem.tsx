import { EnvironmentOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { fileUrl } from '../../lib/files';
import type { Parcel } from '../public-map/api';
import { landClassColor, landClassGroupLabel, MARKET_STATE_COLORS } from '../public-map/colors';
import { MARKET_STATE_LABELS, marketState, muText, num, text } from '../public-map/format';
import styles from './mobile.module.css';

/** A parcel as one row of the mobile list: thumbnail, name, district and class, area and price. */
export function ParcelListItem({ parcel, to }: { parcel: Parcel; to: string }) {
  const state = marketState(parcel.tradeState);
  const color = landClassColor(parcel.dlcode);
  const price = num(parcel.startingPrice);
  return (
    <Link to={to} className={styles.item} data-testid="mobile-parcel" data-parcel-id={parcel.id}>
      <span className={styles.thumb} style={parcel.photo ? undefined : { background: color }}>
        {parcel.photo ? <img src={fileUrl(parcel.photo)} alt="" loading="lazy" /> : <span className={styles.thumbText}>{landClassGroupLabel(parcel.dlcode)}</span>}
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
          <span className={styles.stateTag} style={{ color: MARKET_STATE_COLORS[state], borderColor: MARKET_STATE_COLORS[state] }}>
            {MARKET_STATE_LABELS[state]}
          </span>
        </span>
      </span>
    </Link>
  );
}
