import { useEffect, type RefObject } from 'react';

/**
 * Brings the chosen item of a row that scrolls sideways (a phone's tab or menu row) into the row's
 * view when it changes — the row only, never the page. A page opened on its fifth tab, or on a
 * menu item past the edge, shows which one it is.
 */
export function useRevealInRow(row: RefObject<HTMLElement | null>, selector: string, chosen: unknown): void {
  useEffect(() => {
    const list = row.current;
    // The first match that is drawn (a row may hold a copy of an item shown at other widths).
    const item = [...(list?.querySelectorAll<HTMLElement>(selector) ?? [])].find((el) => el.getClientRects().length > 0);
    if (!list || !item || list.scrollWidth <= list.clientWidth) return;
    const [l, t] = [list.getBoundingClientRect(), item.getBoundingClientRect()];
    const margin = 24; // clear of the shade at the row's edge
    if (t.left < l.left) list.scrollLeft -= l.left - t.left + margin;
    else if (t.right > l.right) list.scrollLeft += t.right - l.right + margin;
  }, [row, selector, chosen]);
}
