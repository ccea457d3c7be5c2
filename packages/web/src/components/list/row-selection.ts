import type { TableProps } from 'antd';

type RowSelection<T> = NonNullable<TableProps<T>['rowSelection']>;

/**
 * A table's row selection with Chinese names for its checkboxes (antd labels them "Select all" and
 * "Select row 1", which a screen reader reads out in English): 全选 on the header, 选择本行 on rows.
 */
export function zhRowSelection<T>(selection: RowSelection<T>): RowSelection<T> {
  return {
    ...selection,
    getTitleCheckboxProps: () => ({ 'aria-label': '全选', ...selection.getTitleCheckboxProps?.() }),
    getCheckboxProps: (record) => ({ 'aria-label': '选择本行', ...selection.getCheckboxProps?.(record) }),
  };
}
