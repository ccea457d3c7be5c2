/** Reference ellipsoids and geodetic datums met in Chinese land data. */

export interface Ellipsoid {
  name: string;
  /** semi-major axis, metres */
  a: number;
  /** flattening */
  f: number;
}

/** CGCS2000: a = 6378137, f = 1/298.257222101 (the GRS80 ellipsoid). */
export const CGCS2000_ELLIPSOID: Ellipsoid = { name: 'CGCS2000', a: 6378137, f: 1 / 298.257222101 };
export const WGS84_ELLIPSOID: Ellipsoid = { name: 'WGS84', a: 6378137, f: 1 / 298.257223563 };
/** Xi'an 1980: IAG-75 ellipsoid. */
export const XIAN80_ELLIPSOID: Ellipsoid = { name: 'IAG-75', a: 6378140, f: 1 / 298.257 };
/** Beijing 1954: Krassovsky 1940 ellipsoid. */
export const BEIJING54_ELLIPSOID: Ellipsoid = { name: 'Krassovsky', a: 6378245, f: 1 / 298.3 };

export type GeodeticDatum = 'CGCS2000' | 'WGS84' | 'Xian80' | 'Beijing54';

export const DATUM_ELLIPSOID: Record<GeodeticDatum, Ellipsoid> = {
  CGCS2000: CGCS2000_ELLIPSOID,
  WGS84: WGS84_ELLIPSOID,
  Xian80: XIAN80_ELLIPSOID,
  Beijing54: BEIJING54_ELLIPSOID,
};

export const DATUM_LABEL: Record<GeodeticDatum, string> = {
  CGCS2000: 'CGCS2000',
  WGS84: 'WGS84',
  Xian80: '西安80',
  Beijing54: '北京54',
};

/**
 * Xi'an 80 and Beijing 54 differ from CGCS2000 by a datum shift whose parameters are set per
 * region by the surveying authorities and are not public. Coordinates in those systems are
 * therefore converted with their own ellipsoid but treated as if on the CGCS2000 datum: the
 * position can be off by tens of metres, up to about 100 m. This returns the warning to show.
 */
export function datumWarning(datum: GeodeticDatum): string | null {
  if (datum !== 'Xian80' && datum !== 'Beijing54') return null;
  return (
    `${DATUM_LABEL[datum]}坐标按与 CGCS2000 相同的基准近似换算（未做七参数/四参数转换，当地转换参数未公开），` +
    '平面位置误差可达约100米；如需精确位置，请先用当地转换参数转换为 CGCS2000 后再导入'
  );
}

export function eccentricitySquared(el: Ellipsoid): number {
  return el.f * (2 - el.f);
}
