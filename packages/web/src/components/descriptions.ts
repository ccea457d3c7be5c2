import { useCallback, useRef, useState, type RefCallback } from 'react';

/**
 * How many label–value columns an antd Descriptions fits in the box it stands in (up to `max`):
 * a value beside a 140 px label needs about 350 px, else it goes one character a line (two
 * columns in a parcel's 详情 at 412 px, or beside its map at 1200 px). Measured on the box, not
 * the window, and again when the box changes size; the first measure comes before the first paint.
 */
export function useFitColumns(max: number, columnWidth = 350): [RefCallback<HTMLElement>, number] {
  const [columns, setColumns] = useState(max);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback(
    (el: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!el) return;
      const fit = (width: number) => setColumns(Math.max(1, Math.min(max, Math.floor(width / columnWidth))));
      fit(el.getBoundingClientRect().width);
      observer.current = new ResizeObserver(([entry]) => fit(entry.contentRect.width));
      observer.current.observe(el);
    },
    [max, columnWidth],
  );
  return [ref, columns];
}
