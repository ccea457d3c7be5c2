/**
 * Exact segment-intersection tests (Shewchuk's adaptive orientation predicate via
 * `robust-predicates`) and a uniform-grid broad phase, so that rings of tens of thousands of
 * vertices are checked in near-linear time instead of O(n²).
 */
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
 * Calls `visit(i, j)` (i < j) for every pair of segments whose bounding boxes overlap, each
 * pair once. `visit` returns true to stop early.
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
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const s of segments) {
    minX = Math.min(minX, s.ax, s.bx);
    maxX = Math.max(maxX, s.ax, s.bx);
    minY = Math.min(minY, s.ay, s.by);
    maxY = Math.max(maxY, s.ay, s.by);
  }
  const side = Math.max(1, Math.ceil(Math.sqrt(n)));
  const w = (maxX - minX) / side || 1;
  const h = (maxY - minY) / side || 1;
  const cellX = (x: number) => Math.min(side - 1, Math.max(0, Math.floor((x - minX) / w)));
  const cellY = (y: number) => Math.min(side - 1, Math.max(0, Math.floor((y - minY) / h)));
  const cells = new Map<number, number[]>();
  const boxes = new Int32Array(n * 4);
  let entries = 0;
  for (let i = 0; i < n; i++) {
    const s = segments[i];
    const x0 = cellX(Math.min(s.ax, s.bx));
    const x1 = cellX(Math.max(s.ax, s.bx));
    const y0 = cellY(Math.min(s.ay, s.by));
    const y1 = cellY(Math.max(s.ay, s.by));
    boxes[i * 4] = x0;
    boxes[i * 4 + 1] = y0;
    boxes[i * 4 + 2] = x1;
    boxes[i * 4 + 3] = y1;
    entries += (x1 - x0 + 1) * (y1 - y0 + 1);
  }
  if (entries > 16 * n + 100_000) {
    // many long segments spanning the grid (not a parcel outline): plain pairwise test, bounded memory
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) if (boxesOverlap(segments[i], segments[j]) && visit(i, j)) return;
    }
    return;
  }
  for (let i = 0; i < n; i++) {
    const x0 = boxes[i * 4];
    const y0 = boxes[i * 4 + 1];
    const x1 = boxes[i * 4 + 2];
    const y1 = boxes[i * 4 + 3];
    for (let cx = x0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++) {
        const key = cy * side + cx;
        const list = cells.get(key);
        if (list) list.push(i);
        else cells.set(key, [i]);
      }
    }
  }
  for (const [key, list] of cells) {
    const cx = key % side;
    const cy = (key - cx) / side;
    for (let a = 0; a < list.length; a++) {
      const i = list[a];
      for (let b = a + 1; b < list.length; b++) {
        const j = list[b];
        // test the pair only in the first cell both boxes share
        if (Math.max(boxes[i * 4], boxes[j * 4]) !== cx || Math.max(boxes[i * 4 + 1], boxes[j * 4 + 1]) !== cy) continue;
        if (!boxesOverlap(segments[i], segments[j])) continue;
        if (i < j ? visit(i, j) : visit(j, i)) return;
      }
    }
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
