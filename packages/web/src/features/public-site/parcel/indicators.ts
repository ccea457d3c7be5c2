/**
 * A parcel's planning indicators as visitors read them (容积率 ≥1 且 ≤2.2), from its indicator
 * rows (tYdzb) or, without rows, from the parcel's own range columns. Shared by the desktop and
 * the mobile detail pages.
 */
import { INDICATOR_LABELS, num, rangeText, text } from '../../public-map/format';
import type { ParcelDetail, Row } from './api';

export interface IndicatorLine {
  key: string;
  label: string;
  value: string;
}

export function indicatorRows(parcel: ParcelDetail, rows: Row[]): IndicatorLine[] {
  if (rows.length) {
    return rows.map((r) => {
      const meta = INDICATOR_LABELS[text(r.indicator)] ?? { label: text(r.indicator), unit: '' };
      const unit = text(r.unit) || meta.unit;
      const cmp = text(r.comparator);
      const value =
        cmp === 'between'
          ? rangeText(r.value, r.valueMax, unit)
          : cmp === 'le'
            ? rangeText(null, r.value, unit)
            : cmp === 'eq'
              ? `${num(r.value)}${unit === '%' ? '%' : unit ? ` ${unit}` : ''}`
              : rangeText(r.value, null, unit);
      return { key: r.id, label: meta.label, value };
    });
  }
  const out = [
    { key: 'plotRatio', label: '容积率', value: rangeText(parcel.plotRatioMin, parcel.plotRatioMax) },
    { key: 'buildingDensity', label: '建筑密度', value: rangeText(parcel.buildingDensityMin, parcel.buildingDensityMax, '%') },
    { key: 'greenRatio', label: '绿地率', value: rangeText(parcel.greenRatioMin, parcel.greenRatioMax, '%') },
    { key: 'heightLimit', label: '建筑限高', value: rangeText(null, parcel.heightLimit, 'm') },
    { key: 'investmentIntensity', label: '投资强度', value: rangeText(parcel.investmentIntensity, null, '万元/亩') },
    { key: 'taxPerMu', label: '亩均税收', value: rangeText(parcel.taxPerMu, null, '万元/亩') },
  ];
  return out.filter((r) => r.value !== '—');
}
