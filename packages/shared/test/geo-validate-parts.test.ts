import { describe, expect, it } from 'vitest';
import { MAX_PARCEL_RINGS, validateParcelGeometry, type Position } from '../src/geo/index';

/** A closed square of side `d` degrees with its lower-left corner at (x, y), counter-clockwise. */
function square(x: number, y: number, d: number): Position[] {
  return [
    [x, y],
    [x + d, y],
    [x + d, y + d],
    [x, y + d],
    [x, y],
  ];
}

/** `n` tiny squares on a grid around (120, 30), 0.001° apart: disjoint parts. */
function tinyParts(n: number, x0 = 120, y0 = 30): Position[][][] {
  const perRow = Math.ceil(Math.sqrt(n));
  return Array.from({ length: n }, (_, i) => [square(x0 + (i % perRow) * 0.001, y0 + Math.floor(i / perRow) * 0.001, 0.0004)]);
}

describe('validateParcelGeometry with many parts (spatial index, bounded work)', () => {
  it('accepts thousands of disjoint parts', () => {
    const coordinates = tinyParts(9000);
    const v = validateParcelGeometry({ type: 'MultiPolygon', coordinates });
    expect(v.ok).toBe(true);
    if (v.ok) expect(v.geometry.coordinates).toHaveLength(9000);
  });

  it('accepts thousands of clustered parts next to one far-away part', () => {
    const coordinates = [...tinyParts(8000, 120, 30), [square(130, 45, 0.01)]];
    expect(validateParcelGeometry({ type: 'MultiPolygon', coordinates }).ok).toBe(true);
  });

  it('still finds one part inside another among thousands, naming both', () => {
    const coordinates = tinyParts(8000);
    coordinates.push([square(120.0001, 30.0001, 0.0001)]); // inside the first square
    const v = validateParcelGeometry({ type: 'MultiPolygon', coordinates });
    expect(v).toEqual({ ok: false, message: '第1个面与第8001个面重叠或有重合的边，请合并为一个面' });
  });

  it('still finds nested holes among thousands of holes', () => {
    const holes = tinyParts(3000, 120.01, 30.01).map(([ring]) => [...ring].reverse());
    holes.push([...square(120.0101, 30.0101, 0.0001)].reverse()); // inside the first hole
    const coordinates = [square(120, 30, 0.2), ...holes];
    const v = validateParcelGeometry({ type: 'Polygon', coordinates });
    expect(v).toEqual({ ok: false, message: '第2个环与第3002个环重叠（内环不能互相包含）' });
  });

  it('refuses a geometry of more rings than the cap with a clear message', () => {
    const v = validateParcelGeometry({ type: 'MultiPolygon', coordinates: tinyParts(MAX_PARCEL_RINGS + 2000) });
    expect(v).toEqual({ ok: false, message: `面和环过多（超过${MAX_PARCEL_RINGS}个），请拆分或简化后再导入` });
  });

  it('reports touching parts as before and accepts parts that only share a corner', () => {
    const overlapping = validateParcelGeometry({ type: 'MultiPolygon', coordinates: [[square(120, 30, 0.01)], [square(120.005, 30.005, 0.01)]] });
    expect(overlapping).toEqual({ ok: false, message: '第1个面与第2个面重叠或有重合的边，请合并为一个面' });
    const corner = validateParcelGeometry({ type: 'MultiPolygon', coordinates: [[square(120, 30, 0.01)], [square(120.01, 30.01, 0.01)]] });
    expect(corner.ok).toBe(true);
  });
});
