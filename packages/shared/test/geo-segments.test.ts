import { describe, expect, it } from 'vitest';
import { forEachCandidatePair, segmentRelation, type IndexedSegment } from '../src/geo/index';

/** Small deterministic PRNG (mulberry32) so failures reproduce. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('segmentRelation', () => {
  it('tells crossing, touching, overlapping and disjoint segments apart', () => {
    expect(segmentRelation(0, 0, 2, 2, 0, 2, 2, 0)).toBe('cross');
    expect(segmentRelation(0, 0, 2, 0, 1, 0, 1, 5)).toBe('touch'); // T junction
    expect(segmentRelation(0, 0, 2, 0, 2, 0, 3, 1)).toBe('touch'); // shared endpoint
    expect(segmentRelation(0, 0, 2, 0, 1, 0, 3, 0)).toBe('overlap');
    expect(segmentRelation(0, 0, 2, 0, 2, 0, 3, 0)).toBe('touch'); // collinear, end to end
    expect(segmentRelation(0, 0, 2, 0, 3, 0, 4, 0)).toBe('none');
    expect(segmentRelation(0, 0, 1, 1, 0, 1, 0.4, 0.6)).toBe('none');
  });

  it('is exact for lon-lat segments one unit in the last place apart', () => {
    // dyadic coordinates are exact in binary: (121, 31) lies exactly on the segment
    expect(segmentRelation(120.5, 30.5, 121.5, 31.5, 121, 31, 121, 31.25)).toBe('touch');
    const ulp = 2 ** -48; // spacing of doubles near 31
    expect(31 - ulp).not.toBe(31);
    expect(segmentRelation(120.5, 30.5, 121.5, 31.5, 121, 31 - ulp, 121, 31.25)).toBe('cross');
    expect(segmentRelation(120.5, 30.5, 121.5, 31.5, 121, 31 + ulp, 121, 31.25)).toBe('none');
  });
});

describe('forEachCandidatePair (R-tree broad phase)', () => {
  it('finds exactly the intersecting pairs that brute force finds', () => {
    for (const seed of [1, 2, 3]) {
      const rand = rng(seed);
      const segments: IndexedSegment[] = [];
      for (let i = 0; i < 400; i++) {
        const ax = rand() * 100;
        const ay = rand() * 100;
        const len = rand() < 0.1 ? 60 : 3;
        segments.push({ ax, ay, bx: ax + (rand() - 0.5) * len, by: ay + (rand() - 0.5) * len });
      }
      const key = (i: number, j: number) => `${i}:${j}`;
      const brute = new Set<string>();
      for (let i = 0; i < segments.length; i++) {
        for (let j = i + 1; j < segments.length; j++) {
          const s = segments[i];
          const t = segments[j];
          if (segmentRelation(s.ax, s.ay, s.bx, s.by, t.ax, t.ay, t.bx, t.by) !== 'none') brute.add(key(i, j));
        }
      }
      const grid = new Set<string>();
      forEachCandidatePair(segments, (i, j) => {
        expect(i).toBeLessThan(j);
        const s = segments[i];
        const t = segments[j];
        if (segmentRelation(s.ax, s.ay, s.bx, s.by, t.ax, t.ay, t.bx, t.by) !== 'none') {
          expect(grid.has(key(i, j))).toBe(false); // each pair once
          grid.add(key(i, j));
        }
        return false;
      });
      expect(brute.size).toBeGreaterThan(10);
      expect([...grid].sort()).toEqual([...brute].sort());
    }
  });
});
