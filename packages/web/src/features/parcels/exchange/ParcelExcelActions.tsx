/**
 * 导出Excel, 下载模板 and 导入Excel of the 地块录入 screen, through the parcel template call
 * (readWriterExcel) run as background jobs: a dialog shows the job's progress (processed/total),
 * then the export downloads, or the import reports its counts or its row-by-row errors.
 */
import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { QueryCondition } from '@land/shared';
import type { ImportErrors } from '../../../components/excel/ImportErrors';
import { fileErrorOf, ImportErrorsView, ImportFileError, ImportSaveRule, rowErrorsOf } from '../../../components/excel/ImportErrors';
import { FileUpload } from '../../../components/upload/FileUpload';
import { notify } from '../../../lib/notify';
import { saveBlob, showError } from '../../../lib/request';
import { parcelKeysAll } from '../api';
import type { ImportResult, JobStatus } from './api';
import { downloadJob, parcelTemplate, startParcelExport, startParcelImport, waitForJob } from './api';
import { JobProgress } from './JobProgress';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function useTemplate() {
  return useMutation({ mutationFn: parcelTemplate, onSuccess: saveBlob });
}

function ExportModal({ run, onClose }: { run: { status: JobStatus | undefined; downloaded: boolean; failed: boolean } | null; onClose: () => void }) {
  const done = run?.status?.state === 'done';
  return (
    <Modal
      open={run !== null}
      title="导出Excel"
      onCancel={onClose}
      mask={{ closable: false }}
      footer={<Button onClick={onClose}>{done || run?.failed ? '关闭' : '取消'}</Button>}
      data-testid="export-progress-modal"
    >
      <JobProgress status={run?.status} label="正在导出地块" />
      {run?.downloaded && (
        <Typography.Paragraph type="success" style={{ marginTop: 12, marginBottom: 0 }} data-testid="export-done">
          导出完成，文件已开始下载。
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

type ImportStep = { step: 'pick'; fileError?: string } | { step: 'running'; upload: number | null; status?: JobStatus } | { step: 'errors'; errors: ImportErrors };

function ImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const template = useTemplate();
  const [files, setFiles] = useState<File[]>([]);
  const [state, setState] = useState<ImportStep>({ step: 'pick' });
  const importing = useMutation({
    mutationFn: async (file: File) => {
      setState({ step: 'running', upload: 0 });
      const jobId = await startParcelImport(file, (fraction) => setState({ step: 'running', upload: fraction }));
      const final = await waitForJob(jobId, (status) => setState({ step: 'running', upload: null, status }));
      return final.result as ImportResult;
    },
    meta: { ownErrors: true },
    onSuccess: async (result) => {
      notify.success(`导入成功：新增${result.created}条，更新${result.updated}条`);
      await queryClient.invalidateQueries({ queryKey: parcelKeysAll });
      onClose();
    },
    onError: (error) => {
      const rows = rowErrorsOf(error);
      if (rows) return setState({ step: 'errors', errors: rows });
      const file = fileErrorOf(error);
      setState(file ? { step: 'pick', fileError: file } : { step: 'pick' });
      if (!file) showError(error);
    },
  });
  const running = state.step === 'running';

  return (
    <Modal
      open={open}
      title="导入Excel"
      width={state.step === 'errors' ? 760 : 520}
      onCancel={running ? undefined : onClose}
      closable={!running}
      keyboard={!running}
      afterClose={() => {
        setFiles([]);
        setState({ step: 'pick' });
        importing.reset();
      }}
      mask={{ closable: false }}
      footer={
        state.step === 'errors' ? (
          <Space>
            <Button onClick={onClose}>关闭</Button>
            <Button type="primary" onClick={() => setState({ step: 'pick' })}>
              重新导入
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose} disabled={running}>
              取消
            </Button>
            <Button
              type="primary"
              disabled={files.length === 0}
              loading={running}
              onClick={() => importing.mutate(files[0])}
              data-testid="parcel-import-submit"
            >
              开始导入
            </Button>
          </Space>
        )
      }
      data-testid="parcel-import-modal"
    >
      {state.step === 'errors' && <ImportErrorsView {...state.errors} fileName="地块导入错误行.xlsx" />}
      {state.step === 'running' && <JobProgress status={state.status} upload={state.upload} label="正在导入地块" />}
      {state.step === 'pick' && (
        <>
          <ImportSaveRule />
          <Typography.Paragraph type="secondary">
            请使用地块导入模板填写，仅支持 .xlsx 文件；边界填 WKT 或 GeoJSON 文本。
            <Button type="link" size="small" icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate()}>
              下载模板
            </Button>
          </Typography.Paragraph>
          <FileUpload
            manual
            accept=".xlsx"
            files={files}
            onFilesChange={(list) => {
              setFiles(list);
              setState({ step: 'pick' });
            }}
            data-testid="parcel-import-file"
          />
          {state.fileError && <ImportFileError message={state.fileError} />}
        </>
      )}
    </Modal>
  );
}

interface ParcelExcelActionsProps {
  /** The conditions and order of the list on screen, so the export holds what the user sees. */
  params: QueryCondition[];
  /** 导入Excel needs a writer role. */
  canImport: boolean;
}

export function ParcelExcelActions({ params, canImport }: ParcelExcelActionsProps) {
  const template = useTemplate();
  const [importOpen, setImportOpen] = useState(false);
  const [exportRun, setExportRun] = useState<{ status: JobStatus | undefined; downloaded: boolean; failed: boolean } | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  const exporting = useMutation({
    mutationFn: async (conditions: QueryCondition[]) => {
      abortRef.current?.abort();
      const abort = new AbortController();
      abortRef.current = abort;
      setExportRun({ status: undefined, downloaded: false, failed: false });
      const jobId = await startParcelExport(conditions);
      const final = await waitForJob(jobId, (status) => setExportRun((r) => (r ? { ...r, status } : r)), abort.signal);
      const file = await downloadJob(jobId, (final.result as { fileName?: string } | undefined)?.fileName ?? '地块.xlsx');
      if (abort.signal.aborted) return;
      saveBlob(file);
      setExportRun((r) => (r ? { ...r, downloaded: true } : r));
      notify.success('导出完成');
    },
    meta: { ownErrors: true },
    onError: (error) => {
      if (isAbort(error)) return;
      setExportRun((r) => (r ? { ...r, failed: true } : r));
      showError(error);
    },
  });

  const closeExport = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    setExportRun(null);
  };

  return (
    <>
      <Button icon={<FileExcelOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate(params)} data-testid="parcel-export-excel">
        导出Excel
      </Button>
      <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate()} data-testid="parcel-template">
        下载模板
      </Button>
      {canImport && (
        <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="parcel-import-excel">
          导入Excel
        </Button>
      )}
      <ExportModal run={exportRun} onClose={closeExport} />
      {canImport && <ImportModal open={importOpen} onClose={() => setImportOpen(false)} />}
    </>
  );
}
