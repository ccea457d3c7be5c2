import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { QueryCondition } from '@land/shared';
import type { EntityDef } from '@land/shared/entity';
import type { ImportErrors } from '../../components/excel/ImportErrors';
import { fileErrorOf, ImportErrorsView, ImportFileError, ImportSaveRule, rowErrorsOf } from '../../components/excel/ImportErrors';
import { FileUpload } from '../../components/upload/FileUpload';
import { notify } from '../../lib/notify';
import { saveBlob, showError } from '../../lib/request';
import { entityKeys, exportEntities, hasExcel, importEntities } from './api';

function ImportModal({ def, open, onClose, onTemplate, templateLoading }: {
  def: EntityDef;
  open: boolean;
  onClose: () => void;
  onTemplate: () => void;
  templateLoading: boolean;
}) {
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [rowErrors, setRowErrors] = useState<ImportErrors | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const importing = useMutation({
    mutationFn: (file: File) => importEntities(def, file),
    meta: { ownErrors: true },
    onSuccess: async (result) => {
      notify.success(`导入成功：新增${result.created}条，更新${result.updated}条`);
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(def.name) });
      onClose();
    },
    onError: (error) => {
      const rows = rowErrorsOf(error);
      const file = fileErrorOf(error);
      if (rows) setRowErrors(rows);
      else if (file) setFileError(file);
      else showError(error);
    },
  });

  return (
    <Modal
      open={open}
      title={`导入${def.label}`}
      width={rowErrors ? 760 : 520}
      onCancel={onClose}
      afterClose={() => {
        setFiles([]);
        setRowErrors(null);
        setFileError(null);
        importing.reset();
      }}
      mask={{ closable: false }}
      footer={
        rowErrors ? (
          <Space>
            <Button onClick={onClose}>关闭</Button>
            <Button type="primary" onClick={() => setRowErrors(null)}>
              重新导入
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button
              type="primary"
              disabled={files.length === 0}
              loading={importing.isPending}
              onClick={() => importing.mutate(files[0])}
              data-testid="import-submit"
            >
              开始导入
            </Button>
          </Space>
        )
      }
      data-testid="import-modal"
    >
      {rowErrors ? (
        <ImportErrorsView {...rowErrors} fileName={`${def.label}导入错误行.xlsx`} />
      ) : (
        <>
          <ImportSaveRule />
          <Typography.Paragraph type="secondary">
            请使用本页的导入模板填写数据，仅支持 .xlsx 文件。
            <Button type="link" size="small" icon={<DownloadOutlined />} loading={templateLoading} onClick={onTemplate}>
              下载模板
            </Button>
          </Typography.Paragraph>
          <FileUpload
            manual
            accept=".xlsx"
            files={files}
            onFilesChange={(list) => {
              setFiles(list);
              setFileError(null);
            }}
            data-testid="import-file"
          />
          {fileError && <ImportFileError message={fileError} />}
        </>
      )}
    </Modal>
  );
}

interface ExcelActionsProps {
  def: EntityDef;
  /** The conditions and order of the list on screen, so the export holds what the user sees. */
  params: QueryCondition[];
  /** False for an account that may not change data (只读): 导入 and 下载模板 are left out. */
  canImport?: boolean;
}

/** 导出 (the current query), 导入 (from the template) and 下载模板 for an entity with Excel calls. */
export function ExcelActions({ def, params, canImport = true }: ExcelActionsProps) {
  const has = hasExcel(def);
  const excel = { export: has.export, import: has.import && canImport };
  const [importOpen, setImportOpen] = useState(false);
  const download = useMutation({
    mutationFn: (template: boolean) => exportEntities(def, params, template),
    onSuccess: (file, template) => {
      saveBlob(file);
      if (!template) notify.success('导出完成');
    },
  });
  const exporting = download.isPending && download.variables === false;
  const templateLoading = download.isPending && download.variables === true;

  if (!excel.export && !excel.import) return null;
  return (
    <>
      <Space wrap>
        {excel.export && (
          <Button icon={<FileExcelOutlined />} loading={exporting} onClick={() => download.mutate(false)} data-testid="export-button">
            {exporting ? '正在导出…' : '导出'}
          </Button>
        )}
        {excel.import && (
          <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)} data-testid="import-button">
            导入
          </Button>
        )}
        {excel.export && excel.import && (
          <Button icon={<DownloadOutlined />} loading={templateLoading} onClick={() => download.mutate(true)}>
            下载模板
          </Button>
        )}
      </Space>
      {excel.import && (
        <ImportModal
          def={def}
          open={importOpen}
          onClose={() => setImportOpen(false)}
          onTemplate={() => download.mutate(true)}
          templateLoading={templateLoading}
        />
      )}
    </>
  );
}
