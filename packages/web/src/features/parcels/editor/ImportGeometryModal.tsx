/**
 * 从文件导入: the clerk picks a zipped shapefile, GeoJSON or KML; the server reads it and
 * reprojects it to lon-lat (fileToGeoJson). One polygon is taken as is; among several the clerk
 * chooses, seeing each one's attributes, area and whether it is a valid boundary.
 */
import type { ButtonProps } from 'antd';
import { Alert, Descriptions, Empty, Modal, Radio, Space, Spin, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ParcelGeometry } from '@land/shared/geo/types';
import { FileUpload } from '../../../components/upload/FileUpload';
import { ApiError } from '../../../lib/request';
import type { ConvertResult, ConvertedFeature } from '../api';
import { fileToGeoJson } from '../api';
import { checkGeometry, formatArea } from './geometry-check';

interface ImportGeometryModalProps {
  open: boolean;
  onClose: () => void;
  onPick: (geometry: ParcelGeometry, description: string) => void;
}

const ACCEPT = '.zip,.geojson,.json,.kml,.kmz';
/** Attribute names that usually hold a parcel's code, then its name (national land databases, common GIS habits). */
const CODE_KEYS = /^(dkbh|zdbh|zddm|bsm|code|宗地编号|地块编号|宗地代码)$/i;
const NAME_KEYS = /^(dkmc|zdmc|name|mc|名称|地块名称|宗地名称)$/i;

/** The feature's code and name from its attributes, or its position in the file. */
function describe(feature: ConvertedFeature, index: number): string {
  const entries = Object.entries(feature.properties ?? {}).filter(([, v]) => v !== null && v !== '');
  const code = entries.find(([k]) => CODE_KEYS.test(k))?.[1];
  const name = entries.find(([k]) => NAME_KEYS.test(k))?.[1];
  const text = [code, name].filter((v) => v !== undefined).map(String).join(' ');
  return text || `第${index + 1}个要素`;
}

function isPolygon(feature: ConvertedFeature): boolean {
  return feature.geometry?.type === 'Polygon' || feature.geometry?.type === 'MultiPolygon';
}

export function ImportGeometryModal({ open, onClose, onPick }: ImportGeometryModalProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [picked, setPicked] = useState<number | null>(null);
  const convert = useMutation({
    mutationFn: (file: File) => fileToGeoJson(file),
    meta: { ownErrors: true },
    onSuccess: (result) => {
      const polygons = result.features.map((f, i) => ({ f, i })).filter(({ f }) => isPolygon(f));
      setPicked(polygons.length === 1 ? polygons[0].i : null);
    },
  });
  const result: ConvertResult | undefined = convert.data;

  const candidates = useMemo(
    () =>
      (result?.features ?? []).flatMap((feature, index) =>
        isPolygon(feature) ? [{ feature, index, check: checkGeometry(feature.geometry), label: describe(feature, index) }] : [],
      ),
    [result],
  );
  const others = (result?.features.length ?? 0) - candidates.length;
  const chosen = candidates.find((c) => c.index === picked);

  const reset = () => {
    setFiles([]);
    setPicked(null);
    convert.reset();
  };

  const choose = (list: File[]) => {
    setFiles(list.slice(-1));
    setPicked(null);
    if (list.length > 0) convert.mutate(list[list.length - 1]);
    else convert.reset();
  };

  const errorText = convert.error instanceof ApiError && convert.error.handled ? null : convert.error?.message;

  return (
    <Modal
      open={open}
      title="从文件导入地块边界"
      width={720}
      okText="使用所选图形"
      cancelText="取消"
      okButtonProps={{ disabled: !chosen || chosen.check.state !== 'ok', 'data-testid': 'import-geometry-ok' } as ButtonProps}
      onOk={() => {
        if (!chosen || chosen.check.state !== 'ok') return;
        onPick(chosen.check.geometry, chosen.label);
        onClose();
      }}
      onCancel={onClose}
      afterOpenChange={(visible) => {
        if (!visible) reset();
      }}
      destroyOnHidden
      data-testid="import-geometry-modal"
    >
      <Typography.Paragraph type="secondary">
        支持 zip 压缩的 Shapefile（须含 .shp、.dbf、.prj）、GeoJSON、KML/KMZ。投影坐标（如 CGCS2000 3度带）按 .prj 转换为经纬度。
      </Typography.Paragraph>
      <FileUpload manual drag accept={ACCEPT} files={files} onFilesChange={choose} data-testid="import-geometry-file" />

      {convert.isPending && (
        <div style={{ padding: 24, textAlign: 'center' }}>
          <Spin description="正在读取文件…">
            <div style={{ height: 40 }} />
          </Spin>
        </div>
      )}
      {errorText && <Alert type="error" showIcon title="文件无法读取" description={errorText} style={{ marginTop: 16 }} />}

      {result && (
        <Space orientation="vertical" size={12} style={{ width: '100%', marginTop: 16 }}>
          <Descriptions
            size="small"
            column={2}
            bordered
            items={[
              { key: 'crs', label: '源坐标系', children: result.crs?.label ?? (result.crs?.epsg ? `EPSG:${result.crs.epsg}` : '未知') },
              {
                key: 'count',
                label: '要素',
                children: `${result.features.length} 个${others > 0 ? `（其中 ${others} 个不是面，不能作为地块边界）` : ''}`,
              },
            ]}
          />
          {(result.warnings?.length ?? 0) > 0 && (
            <Alert
              type="warning"
              showIcon
              title="读取时的提示"
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {result.warnings!.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              }
              data-testid="import-warnings"
            />
          )}
          {candidates.length === 0 ? (
            <Empty description="文件中没有面要素，不能作为地块边界" />
          ) : (
            <>
              {candidates.length > 1 && <Typography.Text strong>文件中有 {candidates.length} 个面，请选择本地块的边界：</Typography.Text>}
              <Radio.Group value={picked} onChange={(e) => setPicked(e.target.value as number)} style={{ width: '100%' }}>
                <Space orientation="vertical" style={{ width: '100%', maxHeight: 280, overflow: 'auto' }}>
                  {candidates.map(({ index, check, label, feature }) => (
                    <Radio key={index} value={index} disabled={check.state !== 'ok'}>
                      <Space size={8} wrap>
                        <span>{label}</span>
                        {check.state === 'ok' ? (
                          <Typography.Text type="secondary">
                            {formatArea(check.areaM2)} ㎡（{formatArea(check.areaMu)} 亩）
                          </Typography.Text>
                        ) : (
                          <Tag color="error">{check.state === 'invalid' ? check.message : '无图形'}</Tag>
                        )}
                        {feature.geometry?.type === 'MultiPolygon' && <Tag>多面</Tag>}
                      </Space>
                    </Radio>
                  ))}
                </Space>
              </Radio.Group>
            </>
          )}
        </Space>
      )}
    </Modal>
  );
}
