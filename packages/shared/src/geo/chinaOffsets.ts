/**
 * Conversions for Chinese web-map services:
 * - GCJ-02 ("Mars coordinates"): AMap (高德), Tencent, Google China; the state-mandated offset
 *   of WGS84/CGCS2000 positions, a few hundred metres.
 * - BD-09: Baidu Maps, a further rotation/offset of GCJ-02.
 * Tianditu (天地图) uses CGCS2000 and needs no conversion.
 *
 * The GCJ-02 offset is applied only inside the usual rectangle around China (lon 72.004–137.8347,
 * lat 0.8293–55.8271): outside it positions pass through unchanged, as the services do.
 * BD-09 is Baidu's offset of GCJ-02 and is applied everywhere.
 */
import type { Position } from './types';

const KRASOVSKY_A = 6378245.0;
const KRASOVSKY_EE = 0.006693421622965943;
const X_PI = (Math.PI * 3000.0) / 180.0;

export function outOfChina(lon: number, lat: number): boolean {
  return lon < 72.004 || lon > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

function transformLat(x: number, y: number): number {
  let ret = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  ret += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  ret += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  ret += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return ret;
}

function transformLon(x: number, y: number): number {
  let ret = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  ret += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  ret += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  ret += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return ret;
}

/** GCJ-02 offset [dLon, dLat] in degrees at a WGS84 position. */
function gcjDelta(lon: number, lat: number): [number, number] {
  let dLat = transformLat(lon - 105.0, lat - 35.0);
  let dLon = transformLon(lon - 105.0, lat - 35.0);
  const radLat = (lat / 180.0) * Math.PI;
  let magic = Math.sin(radLat);
  magic = 1 - KRASOVSKY_EE * magic * magic;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180.0) / (((KRASOVSKY_A * (1 - KRASOVSKY_EE)) / (magic * sqrtMagic)) * Math.PI);
  dLon = (dLon * 180.0) / ((KRASOVSKY_A / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return [dLon, dLat];
}

export function wgs84ToGcj02(p: Position): Position {
  const [lon, lat] = p;
  if (outOfChina(lon, lat)) return [lon, lat];
  const [dLon, dLat] = gcjDelta(lon, lat);
  return [lon + dLon, lat + dLat];
}

/**
 * GCJ-02 → WGS84 by fixed-point iteration on the forward offset: converges to well under a
 * millimetre (the one-step approximation most libraries use is off by up to a few metres).
 */
export function gcj02ToWgs84(p: Position): Position {
  const [lon, lat] = p;
  if (outOfChina(lon, lat)) return [lon, lat];
  let wLon = lon;
  let wLat = lat;
  for (let i = 0; i < 30; i++) {
    const [gLon, gLat] = wgs84ToGcj02([wLon, wLat]);
    const eLon = gLon - lon;
    const eLat = gLat - lat;
    wLon -= eLon;
    wLat -= eLat;
    if (Math.abs(eLon) < 1e-11 && Math.abs(eLat) < 1e-11) break;
  }
  return [wLon, wLat];
}

export function gcj02ToBd09(p: Position): Position {
  const [x, y] = p;
  const z = Math.sqrt(x * x + y * y) + 0.00002 * Math.sin(y * X_PI);
  const theta = Math.atan2(y, x) + 0.000003 * Math.cos(x * X_PI);
  return [z * Math.cos(theta) + 0.0065, z * Math.sin(theta) + 0.006];
}

/** BD-09 → GCJ-02: Baidu's closed-form inverse refined by iteration on gcj02ToBd09. */
export function bd09ToGcj02(p: Position): Position {
  const x0 = p[0] - 0.0065;
  const y0 = p[1] - 0.006;
  const z = Math.sqrt(x0 * x0 + y0 * y0) - 0.00002 * Math.sin(y0 * X_PI);
  const theta = Math.atan2(y0, x0) - 0.000003 * Math.cos(x0 * X_PI);
  let gLon = z * Math.cos(theta);
  let gLat = z * Math.sin(theta);
  for (let i = 0; i < 10; i++) {
    const [bLon, bLat] = gcj02ToBd09([gLon, gLat]);
    const eLon = bLon - p[0];
    const eLat = bLat - p[1];
    gLon -= eLon;
    gLat -= eLat;
    if (Math.abs(eLon) < 1e-11 && Math.abs(eLat) < 1e-11) break;
  }
  return [gLon, gLat];
}

export function wgs84ToBd09(p: Position): Position {
  return gcj02ToBd09(wgs84ToGcj02(p));
}

export function bd09ToWgs84(p: Position): Position {
  return gcj02ToWgs84(bd09ToGcj02(p));
}
