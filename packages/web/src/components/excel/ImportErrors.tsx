/**
 * What a refused import says, shared by the Excel imports (entity screens, parcels) and the GIS
 * imports (pipe networks): the problems of the A0400 answer row by row, nothing having been written.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Table } from 'antd';
import { ERROR_CODES } from '@land/shared/api';
import { ApiError, saveBlob } from '../../lib/request';

/** One problem of an import: a sheet row and column, or a feature of a GIS file (no row). */
export interface ImportRowError {
  row?: number;
  field?: string;
  label?: string;
  /** The cell's text as the sheet holds it. */
  value?: string;
  msg: string;
}

export interface ImportErrors {
  errors: ImportRowError[];
  /** All problems found; the list may hold only the first ones. */
  total: number;
  /** The failed rows with a column of reasons (.xlsx, base64), from an Excel import. */
  errorWorkbook?: string;
  /** How many rows failed. */
  failedRows?: number;
}

interface ImportErrorData {
  errors?: ImportRowError[];
  errorCount?: number;
  errorWorkbook?: string;
  failedRows?: number;
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
  return {
    errors,
    total: typeof data.errorCount === 'number' ? data.errorCount : errors.length,
    ...(typeof data.errorWorkbook === 'string' ? { errorWorkbook: data.errorWorkbook } : {}),
    ...(typeof data.failedRows === 'number' ? { failedRows: data.failedRows } : {}),
  };
}

/** The message of an import refused for the file itself (wrong type, empty, another template), or null. */
export function fileErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.handled || importErrorsOf(error)) return null;
  return error.message;
}

function saveErrorWorkbook(base64: string, fileName: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  saveBlob({ blob: new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName });
}

/** Row-by-row problems of a refused Excel import, or null when the failure is about the file itself. */
export const rowErrorsOf = (error: unknown): ImportErrors | null => importErrorsOf(error);

/** The server's message says 第N行：<problem>; the row has its own cell. */
function errorText(e: ImportRowError): string {
  return e.msg.replace(/^第\d+行：/, '');
}

/** The refusal and its problems, as the import dialogs show them; `fileName` names the error workbook. */
export function ImportErrorsView({ errors, total, errorWorkbook, failedRows, fileName = '导入错误行.xlsx' }: ImportErrors & { fileName?: string }) {
  const byRow = errors.some((e) => typeof e.row === 'number');
  const rows = failedRows !== undefined ? `${failedRows} 行、` : '';
  return (
    <>
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 12 }}
        title={`导入失败：${rows}共 ${total} 处错误，未写入任何数据。请修改${byRow ? '表格' : '文件'}后重新导入。`}
        description={
          total > errors.length ? `下表列出前 ${errors.length} 处错误；下载的错误行表格包含全部出错的行。` : undefined
        }
        action={
          errorWorkbook ? (
            <Button size="small" icon={<DownloadOutlined />} onClick={() => saveErrorWorkbook(errorWorkbook, fileName)} data-testid="import-errors-download">
              下载错误行
            </Button>
          ) : undefined
        }
      />
      {errorWorkbook && (
        <p style={{ marginTop: 0 }}>“下载错误行”得到出错的行及其原行号、错误原因，便于逐行改正。由于未写入任何数据，请改正后重新导入整个文件。</p>
      )}
      <Table<ImportRowError>
        size="small"
        rowKey={(e, i) => `${e.row}-${e.field}-${i}`}
        dataSource={errors}
        pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={byRow ? { x: 524 } : undefined}
        columns={
          byRow
            ? [
                { title: '行号', dataIndex: 'row', width: 64 },
                { title: '列', key: 'label', width: 110, render: (_v, e) => e.label || e.field || '' },
                { title: '单元格内容', key: 'value', width: 130, ellipsis: true, render: (_v, e) => e.value ?? '' },
                { title: '错误说明', key: 'msg', width: 220, render: (_v, e) => errorText(e) },
              ]
            : [{ title: '错误说明', key: 'msg', render: (_v, e) => e.msg }]
        }
        data-testid="import-errors"
      />
    </>
  );
}

/** What an Excel import saves, said before the user starts it. */
export function ImportSaveRule() {
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title="全部行都正确才会写入"
      description="有编号的行更新原记录，没有编号的行新增；只要有一行出错，整个文件都不写入，并列出所有行的错误，可下载错误行逐行改正后重新导入。"
      data-testid="import-save-rule"
    />
  );
}

/** An import refused for the file itself, said in the dialog next to the file picker. */
export function ImportFileError({ message }: { message: string }) {
  return <Alert type="error" showIcon style={{ marginTop: 12 }} title="文件无法导入" description={message} data-testid="import-file-error" />;
}
