import type { TableProps } from 'antd';

/**
 * Wide back-office tables keep their header and horizontal scroll bar in view while the page
 * scrolls, so columns beyond the fixed 操作 column are always visibly reachable (issue 15).
 */
export const STICKY_TABLE: TableProps['sticky'] = {
  getContainer: () => document.querySelector<HTMLElement>('[data-screen-scroll]') ?? window,
};
