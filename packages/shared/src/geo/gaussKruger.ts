/**
 * Transverse Mercator / Gauss-Krüger on an ellipsoid, by Krüger's series to order n^6
 * (C. F. F. Karney, "Transverse Mercator with an accuracy of a few nanometers", J. Geodesy 2011):
 * accurate to well under a millimetre within a 3° or 6° zone, as PROJ's default tmerc.
 *
 * Positions are [x, y] = [easting, northing] as GIS software stores them. Chinese surveying
 * calls the northing X and the easting Y: a surveyor's "X = 3320113, Y = 40500000" is
 * [40500000, 3320113] here.
 */
import type { Position } from './types';
import {
  CGCS2000_ELLIPSOID,
  DATUM_ELLIPSOID,
  datumWarning,
  eccentricitySquared,
  type Ellipsoid,
  type GeodeticDatum,
} from './ellipsoid';

const DEG = Math.PI / 180;

export interface TransverseMercatorParams {
  ellipsoid: Ellipsoid;
  /** longitude of the central meridian, degrees */
  centralMeridian: number;
  /** scale factor on the central meridian: 1 for Gauss-Krüger, 0.9996 for UTM */
  scaleFactor: number;
  /** metres */
  falseEasting: number;
  /** metres */
  falseNorthing: number;
  /** degrees; 0 for Gauss-Krüger and UTM */
  latitudeOfOrigin: number;
}

interface SeriesCoefficients {
  e: number;
  e2: number;
  /** rectifying radius A */
  A: number;
  alpha: number[];
  beta: number[];
}

const coefficientCache = new Map<string, SeriesCoefficients>();

function coefficients(el: Ellipsoid): SeriesCoefficients {
  const key = `${el.a}/${el.f}`;
  const cached = coefficientCache.get(key);
  if (cached) return cached;
  const n = el.f / (2 - el.f);
  const n2 = n * n;
  const n3 = n2 * n;
  const n4 = n3 * n;
  const n5 = n4 * n;
  const n6 = n5 * n;
  const A = (el.a / (1 + n)) * (1 + n2 / 4 + n4 / 64 + n6 / 256);
  const alpha = [
    n / 2 - (2 / 3) * n2 + (5 / 16) * n3 + (41 / 180) * n4 - (127 / 288) * n5 + (7891 / 37800) * n6,
    (13 / 48) * n2 - (3 / 5) * n3 + (557 / 1440) * n4 + (281 / 630) * n5 - (1983433 / 1935360) * n6,
    (61 / 240) * n3 - (103 / 140) * n4 + (15061 / 26880) * n5 + (167603 / 181440) * n6,
    (49561 / 161280) * n4 - (179 / 168) * n5 + (6601661 / 7257600) * n6,
    (34729 / 80640) * n5 - (3418889 / 1995840) * n6,
    (212378941 / 319334400) * n6,
  ];
  const beta = [
    n / 2 - (2 / 3) * n2 + (37 / 96) * n3 - (1 / 360) * n4 - (81 / 512) * n5 + (96199 / 604800) * n6,
    (1 / 48) * n2 + (1 / 15) * n3 - (437 / 1440) * n4 + (46 / 105) * n5 - (1118711 / 3870720) * n6,
    (17 / 480) * n3 - (37 / 840) * n4 - (209 / 4480) * n5 + (5569 / 90720) * n6,
    (4397 / 161280) * n4 - (11 / 504) * n5 - (830251 / 7257600) * n6,
    (4583 / 161280) * n5 - (108847 / 3991680) * n6,
    (20648693 / 638668800) * n6,
  ];
  const e2 = eccentricitySquared(el);
  const c: SeriesCoefficients = { e: Math.sqrt(e2), e2, A, alpha, beta };
  coefficientCache.set(key, c);
  return c;
}

/** tan of the conformal latitude from tan of the geodetic latitude. */
function conformalTau(tau: number, e: number): number {
  const tau1 = Math.hypot(1, tau);
  const sigma = Math.sinh(e * Math.atanh((e * tau) / tau1));
  return tau * Math.hypot(1, sigma) - sigma * tau1;
}

/** Inverse of conformalTau by Newton's method (Karney 2011, eqs. 19-21). */
function geodeticTau(taup: number, e: number, e2: number): number {
  const e2m = 1 - e2;
  let tau = taup / e2m;
  for (let i = 0; i < 10; i++) {
    const taupa = conformalTau(tau, e);
    const tau1 = Math.hypot(1, tau);
    const dtau =
      ((taup - taupa) * (1 + e2m * tau * tau)) / (e2m * tau1 * Math.hypot(1, taupa));
    tau += dtau;
    if (!(Math.abs(dtau) >= 1e-15 * Math.max(1, Math.abs(tau)))) break;
  }
  return tau;
}

function normalizeLongitude(rad: number): number {
  let l = rad;
  while (l > Math.PI) l -= 2 * Math.PI;
  while (l < -Math.PI) l += 2 * Math.PI;
  return l;
}

/** Northing (before scale and false northing) of a latitude on the central meridian: A·ξ. */
function meridianNorthing(latDeg: number, c: SeriesCoefficients): number {
  if (latDeg === 0) return 0;
  const taup = conformalTau(Math.tan(latDeg * DEG), c.e);
  const xip = Math.atan(taup);
  let xi = xip;
  for (let j = 1; j <= 6; j++) xi += c.alpha[j - 1] * Math.sin(2 * j * xip);
  return c.A * xi;
}

/** lon-lat degrees → [easting, northing] metres. */
export function transverseMercatorForward(lon: number, lat: number, p: TransverseMercatorParams): Position {
  const c = coefficients(p.ellipsoid);
  const lambda = normalizeLongitude((lon - p.centralMeridian) * DEG);
  const latClamped = Math.max(-90, Math.min(90, lat));
  const phi = latClamped * DEG;
  const taup = Math.abs(latClamped) === 90 ? Math.sign(latClamped) * 1e300 : conformalTau(Math.tan(phi), c.e);
  const cosl = Math.cos(lambda);
  const xip = Math.atan2(taup, cosl);
  const etap = Math.asinh(Math.sin(lambda) / Math.hypot(taup, cosl));
  let xi = xip;
  let eta = etap;
  for (let j = 1; j <= 6; j++) {
    const a = c.alpha[j - 1];
    xi += a * Math.sin(2 * j * xip) * Math.cosh(2 * j * etap);
    eta += a * Math.cos(2 * j * xip) * Math.sinh(2 * j * etap);
  }
  const k0 = p.scaleFactor;
  const x = p.falseEasting + k0 * c.A * eta;
  const y = p.falseNorthing + k0 * (c.A * xi - meridianNorthing(p.latitudeOfOrigin, c));
  return [x, y];
}

/** [easting, northing] metres → lon-lat degrees. */
export function transverseMercatorInverse(x: number, y: number, p: TransverseMercatorParams): Position {
  const c = coefficients(p.ellipsoid);
  const k0 = p.scaleFactor;
  const xi = ((y - p.falseNorthing) / k0 + meridianNorthing(p.latitudeOfOrigin, c)) / c.A;
  const eta = (x - p.falseEasting) / k0 / c.A;
  let xip = xi;
  let etap = eta;
  for (let j = 1; j <= 6; j++) {
    const b = c.beta[j - 1];
    xip -= b * Math.sin(2 * j * xi) * Math.cosh(2 * j * eta);
    etap -= b * Math.cos(2 * j * xi) * Math.sinh(2 * j * eta);
  }
  const sinhEtap = Math.sinh(etap);
  const cosXip = Math.cos(xip);
  const taup = Math.sin(xip) / Math.hypot(sinhEtap, cosXip);
  const lambda = Math.atan2(sinhEtap, cosXip);
  const tau = geodeticTau(taup, c.e, c.e2);
  const lat = Math.atan(tau) / DEG;
  let lon = p.centralMeridian + lambda / DEG;
  if (lon > 180) lon -= 360;
  if (lon < -180) lon += 360;
  return [lon, lat];
}

// ---------------------------------------------------------------- Gauss-Krüger zones

export type ZoneWidth = 3 | 6;

/** Zone number of a longitude: 3° zones are centred on 3n° (zone 40 → 120°E), 6° zones on 6n−3. */
export function gaussKrugerZone(lon: number, width: ZoneWidth): number {
  return width === 3 ? Math.round(lon / 3) : Math.floor(lon / 6) + 1;
}

export function gaussKrugerCentralMeridian(zone: number, width: ZoneWidth): number {
  return width === 3 ? 3 * zone : 6 * zone - 3;
}

export interface GaussKrugerOptions {
  /** zone width, default 3 */
  width?: ZoneWidth;
  /** zone number; by default the zone of the longitude (forward) or the easting's prefix (inverse) */
  zone?: number;
  /** central meridian in degrees; overrides `zone` when given */
  centralMeridian?: number;
  /**
   * Whether the easting carries the zone number: false easting 500000 + zone × 1 000 000
   * (e.g. 40 500 000 in zone 40). Default true.
   */
  zonePrefix?: boolean;
  /** default CGCS2000; Xi'an 80 and Beijing 54 use their own ellipsoid and add a warning */
  datum?: GeodeticDatum;
}

export interface GaussKrugerResult {
  /** easting, metres (surveyors' Y) */
  x: number;
  /** northing, metres (surveyors' X) */
  y: number;
  zone: number;
  centralMeridian: number;
  warnings: string[];
}

export interface GaussKrugerInverseResult {
  lon: number;
  lat: number;
  zone: number;
  centralMeridian: number;
  warnings: string[];
}

function zoneOfCentralMeridian(cm: number, width: ZoneWidth): number {
  return width === 3 ? Math.round(cm / 3) : Math.round((cm + 3) / 6);
}

/** The transverse-Mercator parameters of a Gauss-Krüger zone. */
export function gaussKrugerParams(
  zone: number,
  width: ZoneWidth,
  options: { zonePrefix?: boolean; datum?: GeodeticDatum; centralMeridian?: number } = {},
): TransverseMercatorParams {
  const prefix = options.zonePrefix ?? true;
  return {
    ellipsoid: DATUM_ELLIPSOID[options.datum ?? 'CGCS2000'] ?? CGCS2000_ELLIPSOID,
    centralMeridian: options.centralMeridian ?? gaussKrugerCentralMeridian(zone, width),
    scaleFactor: 1,
    falseEasting: 500000 + (prefix ? zone * 1_000_000 : 0),
    falseNorthing: 0,
    latitudeOfOrigin: 0,
  };
}

function warningsOf(datum: GeodeticDatum | undefined): string[] {
  const w = datumWarning(datum ?? 'CGCS2000');
  return w ? [w] : [];
}

/** lon-lat → Gauss-Krüger [easting, northing]. */
export function gaussKrugerForward(lon: number, lat: number, options: GaussKrugerOptions = {}): GaussKrugerResult {
  const width = options.width ?? 3;
  let zone: number;
  let cm: number;
  if (options.centralMeridian !== undefined) {
    cm = options.centralMeridian;
    zone = options.zone ?? zoneOfCentralMeridian(cm, width);
  } else {
    zone = options.zone ?? gaussKrugerZone(lon, width);
    cm = gaussKrugerCentralMeridian(zone, width);
  }
  const params = gaussKrugerParams(zone, width, { ...options, centralMeridian: cm });
  const [x, y] = transverseMercatorForward(lon, lat, params);
  return { x, y, zone, centralMeridian: cm, warnings: warningsOf(options.datum) };
}

/**
 * Gauss-Krüger [easting, northing] → lon-lat. With the zone prefix (default), the zone is read
 * from the easting (40 500 000 → zone 40) unless `zone` or `centralMeridian` is given; without
 * it, one of them is required.
 */
export function gaussKrugerInverse(x: number, y: number, options: GaussKrugerOptions = {}): GaussKrugerInverseResult {
  const width = options.width ?? 3;
  const prefix = options.zonePrefix ?? true;
  let zone: number;
  let cm: number;
  if (options.centralMeridian !== undefined) {
    cm = options.centralMeridian;
    zone = options.zone ?? (prefix ? Math.floor(x / 1_000_000) : zoneOfCentralMeridian(cm, width));
  } else if (options.zone !== undefined) {
    zone = options.zone;
    cm = gaussKrugerCentralMeridian(zone, width);
  } else if (prefix && x >= 1_000_000) {
    zone = Math.floor(x / 1_000_000);
    cm = gaussKrugerCentralMeridian(zone, width);
  } else {
    throw new RangeError('缺少带号或中央经线：横坐标不带带号时必须指定 zone 或 centralMeridian');
  }
  const params = gaussKrugerParams(zone, width, { ...options, zonePrefix: prefix, centralMeridian: cm });
  const [lon, lat] = transverseMercatorInverse(x, y, params);
  return { lon, lat, zone, centralMeridian: cm, warnings: warningsOf(options.datum) };
}
