/**
 * 导入管网: the pipe lines of a parcel from a zipped line shapefile (GeoJSON, KML) or the pipe
 * Excel template, all or nothing; errors by row (Excel) or by feature (GIS file); the 管网 list
 * and the map's pipe layer refresh (same cache entry).
 */
import { ImportOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Modal, Space, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { pipeNetworkEntity } from '@land/shared/entities/pipeNetwork';
import type { ImportErrors } from '../../../components/excel/ImportErrors';
import { ImportErrorsView, importErrorsOf } from '../../../components/excel/ImportErrors';
import { FileUpload } from '../../../components/upload/FileUpload';
import { notify } from '../../../lib/notify';
import { ApiError, showError } from '../../../lib/request';
import { entityKeys } from '../../entities/api';
import type { CrsReading } from '../api';
import { crsReadingsOf } from '../api';
import { CrsReadingsChoice } from '../CrsReadingsChoice';
import { importPipes } from './api';

const ACCEPT = '.zip,.geojson,.json,.kml,.kmz,.xlsx';

export function PipeImportButton({ dkid }: { dkid: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  /** A file without .prj (or not fitting it): the readings offered, the one picked, and why. */
  const [readings, setReadings] = useState<CrsReading[] | null>(null);
  const [reading, setReading] = useState(0);
  const [readingsReason, setReadingsReason] = useState('');
  const [errors, setErrors] = useState<ImportErrors | null>(null);
  /** A refusal about the file as a whole (unreadable, wrong geometry). */
  const [fileError, setFileError] = useState<string | null>(null);
  const importing = useMutation({
    mutationFn: ({ file, choice }: { file: File; choice?: CrsReading }) => importPipes(dkid, file, choice),
    meta: { ownErrors: true },
    onSuccess: async ({ data, msg }) => {
      const warnings = data.warnings?.length ? `（${data.warnings.join('；')}）` : '';
      notify.success(`${msg || '导入成功'}${warnings}`);
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(pipeNetworkEntity.name) });
      setOpen(false);
    },
    onError: (error, { choice }) => {
      // The same choice as the parcel boundary import: the systems the file may be in, likeliest first.
      const offered = crsReadingsOf(error);
      if (offered) {
        setReadings(offered);
        setReadingsReason(error.message);
        if (!choice) setReading(0);
        return;
      }
      const found = importErrorsOf(error, { rowsOnly: false });
      if (found) return setErrors(found);
      if (error instanceof ApiError && !error.handled && error.message) return setFileError(error.message);
      showError(error);
    },
  });
  const chooseFiles = (list: File[]) => {
    setFiles(list);
    setReadings(null);
    setFileError(null);
  };

  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)} data-testid="pipe-import">
        导入管网
      </Button>
      <Modal
        open={open}
        title="导入管网"
        width={errors || readings ? 680 : 520}
        onCancel={() => setOpen(false)}
        afterClose={() => {
          setFiles([]);
          setReadings(null);
          setErrors(null);
          setFileError(null);
          importing.reset();
        }}
        mask={{ closable: false }}
        footer={
          errors ? (
            <Space>
              <Button onClick={() => setOpen(false)}>关闭</Button>
              <Button type="primary" onClick={() => setErrors(null)}>
                重新导入
              </Button>
            </Space>
          ) : (
            <Space>
              <Button onClick={() => setOpen(false)}>取消</Button>
              <Button
                type="primary"
                disabled={files.length === 0}
                loading={importing.isPending}
                onClick={() => {
                  setFileError(null);
                  importing.mutate({ file: files[0], choice: readings ? readings[reading] : undefined });
                }}
                data-testid="pipe-import-submit"
              >
                开始导入
              </Button>
            </Space>
          )
        }
        data-testid="pipe-import-modal"
      >
        {errors ? (
          <ImportErrorsView {...errors} />
        ) : (
          <>
            <Typography.Paragraph type="secondary">
              支持 zip 压缩的线 Shapefile（含 .shp/.dbf/.prj）、GeoJSON、KML，或管网 Excel 模板（走向填 WKT）。属性按常用字段名识别（名称/GXMC、类型/GXLX、管径/GJ…）。任何一条有错误时都不会写入。
            </Typography.Paragraph>
            {fileError && <Alert type="error" showIcon title={fileError} style={{ marginBottom: 12 }} data-testid="pipe-import-error" />}
            <Form layout="vertical">
              <Form.Item label="文件" required extra="Shapefile 没有 .prj 时，会列出可能的坐标系供选择。">
                <FileUpload manual accept={ACCEPT} files={files} onFilesChange={chooseFiles} data-testid="pipe-import-file" />
              </Form.Item>
            </Form>
            {readings && files[0] && (
              <CrsReadingsChoice
                readings={readings}
                reason={readingsReason}
                value={reading}
                onChange={setReading}
                applying={importing.isPending}
                applyText="按所选坐标系导入"
                onApply={() => importing.mutate({ file: files[0], choice: readings[reading] })}
              />
            )}
          </>
        )}
      </Modal>
    </>
  );
}
