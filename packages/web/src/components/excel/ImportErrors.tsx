/**
 * What a refused import says, shared by the Excel imports (entity screens, parcels) and the GIS
 * imports (pipe networks): the problems of the A0400 answer row by row, nothing having been written.
 */
import { Alert, Table } from 'antd';
import { ERROR_CODES } from '@land/shared/api';
import { ApiError } from '../../lib/request';

/** One problem of an import: a sheet row and column, or a feature of a GIS file (no row). */
export interface ImportRowError {
  row?: number;
  field?: string;
  label?: string;
  msg: string;
}

export interface ImportErrors {
  errors: ImportRowError[];
  /** All problems found; the list may hold only the first ones. */
  total: number;
}

interface ImportErrorData {
  errors?: ImportRowError[];
  errorCount?: number;
}

/**
 * The problems of a refused import, or null when the failure is about the file itself (then its
 * message says it all). `rowsOnly`: only problems of sheet rows count (an Excel import).
 */
export function importErrorsOf(error: unknown, { rowsOnly = true }: { rowsOnly?: boolean } = {}): ImportErrors | null {
  if (!(error instanceof ApiError) || error.code !== ERROR_CODES.VALIDATION) return null;
  const data = (error.data ?? {}) as ImportErrorData;
  const errors = (Array.isArray(data.errors) ? data.errors : []).filter((e) => typeof e?.msg === 'string' && (!rowsOnly || typeof e.row === 'number'));
  if (errors.length === 0 || (!rowsOnly && errors.length === 1 && typeof errors[0].row !== 'number')) return null;
  return { errors, total: typeof data.errorCount === 'number' ? data.errorCount : errors.length };
}

/** Row-by-row problems of a refused Excel import, or null when the failure is about the file itself. */
export const rowErrorsOf = (error: unknown): ImportErrors | null => importErrorsOf(error);

/** The server's message says 第N行：<label><problem>; the row and column have their own cells. */
function errorText(e: ImportRowError): string {
  const text = e.msg.replace(/^第\d+行：/, '');
  return e.label && text.startsWith(e.label) && text.length > e.label.length ? text.slice(e.label.length) : text;
}

/** The refusal and its problems, as the import dialogs show them. */
export function ImportErrorsView({ errors, total }: ImportErrors) {
  const byRow = errors.some((e) => typeof e.row === 'number');
  return (
    <>
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 12 }}
        title={`导入失败：共 ${total} 处错误，未写入任何数据。请修改${byRow ? '表格' : '文件'}后重新导入。`}
      />
      <Table<ImportRowError>
        size="small"
        rowKey={(e, i) => `${e.row}-${e.field}-${i}`}
        dataSource={errors}
        pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        columns={
          byRow
            ? [
                { title: '行号', dataIndex: 'row', width: 70 },
                { title: '列', key: 'label', width: 150, render: (_v, e) => e.label || e.field || '' },
                { title: '错误说明', key: 'msg', render: (_v, e) => errorText(e) },
              ]
            : [{ title: '错误说明', key: 'msg', render: (_v, e) => e.msg }]
        }
        data-testid="import-errors"
      />
    </>
  );
}
