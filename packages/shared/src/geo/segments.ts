/**
 * Exact segment-intersection tests (Shewchuk's adaptive orientation predicate via
 * `robust-predicates`) and an R-tree broad phase (flatbush), so that rings of tens of thousands of
 * vertices are checked in near-linear time instead of O(n²).
 */
import Flatbush from 'flatbush';
import { orient2d } from 'robust-predicates';

export type SegmentRelation = 'none' | 'touch' | 'cross' | 'overlap';

/**
 * How segments p1p2 and p3p4 meet: 'cross' = a single point interior to both, 'touch' = a
 * single point that is an endpoint of at least one, 'overlap' = collinear with a common part of
 * positive length.
 */
export function segmentRelation(
  p1x: number, p1y: number, p2x: number, p2y: number,
  p3x: number, p3y: number, p4x: number, p4y: number,
): SegmentRelation {
  // quick reject on boxes
  if (Math.max(p1x, p2x) < Math.min(p3x, p4x) || Math.max(p3x, p4x) < Math.min(p1x, p2x)) return 'none';
  if (Math.max(p1y, p2y) < Math.min(p3y, p4y) || Math.max(p3y, p4y) < Math.min(p1y, p2y)) return 'none';
  const d1 = Math.sign(orient2d(p3x, p3y, p4x, p4y, p1x, p1y));
  const d2 = Math.sign(orient2d(p3x, p3y, p4x, p4y, p2x, p2y));
  const d3 = Math.sign(orient2d(p1x, p1y, p2x, p2y, p3x, p3y));
  const d4 = Math.sign(orient2d(p1x, p1y, p2x, p2y, p4x, p4y));
  if ((d1 !== 0 && d1 === d2) || (d3 !== 0 && d3 === d4)) return 'none';
  if (d1 === 0 && d2 === 0 && d3 === 0 && d4 === 0) {
    // collinear: compare along the dominant axis
    const useX = Math.abs(p2x - p1x) + Math.abs(p4x - p3x) >= Math.abs(p2y - p1y) + Math.abs(p4y - p3y);
    const a0 = useX ? Math.min(p1x, p2x) : Math.min(p1y, p2y);
    const a1 = useX ? Math.max(p1x, p2x) : Math.max(p1y, p2y);
    const b0 = useX ? Math.min(p3x, p4x) : Math.min(p3y, p4y);
    const b1 = useX ? Math.max(p3x, p4x) : Math.max(p3y, p4y);
    const lo = Math.max(a0, b0);
    const hi = Math.min(a1, b1);
    if (hi < lo) return 'none';
    return hi > lo ? 'overlap' : 'touch';
  }
  if (d1 === 0 || d2 === 0 || d3 === 0 || d4 === 0) return 'touch';
  return 'cross';
}

export interface IndexedSegment {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

/**
 * Calls `visit(i, j)` (i < j) for every pair of segments (or boxes: a, b as opposite corners)
 * whose bounding boxes overlap, each pair once, in the order of i then j. `visit` returns true
 * to stop early. A packed R-tree (flatbush) finds the pairs in O(n log n + pairs) whatever the
 * layout, so thousands of parts or segments never cost n² comparisons.
 */
export function forEachCandidatePair(segments: IndexedSegment[], visit: (i: number, j: number) => boolean): void {
  const n = segments.length;
  if (n < 2) return;
  if (n <= 64) {
    for (let i = 0; i < n; i++) {
      const s = segments[i];
      for (let j = i + 1; j < n; j++) {
        const t = segments[j];
        if (boxesOverlap(s, t) && visit(i, j)) return;
      }
    }
    return;
  }
  const index = new Flatbush(n);
  for (const s of segments) index.add(Math.min(s.ax, s.bx), Math.min(s.ay, s.by), Math.max(s.ax, s.bx), Math.max(s.ay, s.by));
  index.finish();
  for (let i = 0; i < n - 1; i++) {
    const s = segments[i];
    const found = index.search(Math.min(s.ax, s.bx), Math.min(s.ay, s.by), Math.max(s.ax, s.bx), Math.max(s.ay, s.by), (j) => j > i);
    found.sort((a, b) => a - b);
    for (const j of found) if (visit(i, j)) return;
  }
}

function boxesOverlap(s: IndexedSegment, t: IndexedSegment): boolean {
  return (
    Math.max(s.ax, s.bx) >= Math.min(t.ax, t.bx) &&
    Math.max(t.ax, t.bx) >= Math.min(s.ax, s.bx) &&
    Math.max(s.ay, s.by) >= Math.min(t.ay, t.by) &&
    Math.max(t.ay, t.by) >= Math.min(s.ay, s.by)
  );
}
