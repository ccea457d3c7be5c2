/**
 * 从文件导入: the clerk picks a zipped shapefile, GeoJSON or KML; the server reads it and
 * reprojects it to lon-lat (fileToGeoJson). One polygon is taken as is; among several the clerk
 * chooses, seeing each one's attributes, area and whether it is a valid boundary.
 */
import type { ButtonProps } from 'antd';
import { Alert, Button, Descriptions, Empty, Modal, Radio, Space, Spin, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { areaMu } from '@land/shared/geo/area';
import type { ParcelGeometry } from '@land/shared/geo/types';
import { formatArea } from '@land/shared/areaFormat';
import { FileUpload } from '../../../components/upload/FileUpload';
import { ApiError } from '../../../lib/request';
import type { ConvertResult, ConvertedFeature, CrsReading } from '../api';
import { crsReadingsOf, fileToGeoJson } from '../api';
import { checkGeometry } from './geometry-check';
import { CrsReadingsChoice } from '../CrsReadingsChoice';

const ParcelMiniMap = lazy(() => import('../../public-map/ParcelMiniMap'));

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
  /** The readings offered by the last refusal, and the one the user picks among them. */
  const [readings, setReadings] = useState<CrsReading[] | null>(null);
  const [reading, setReading] = useState<number>(0);
  const [readingsReason, setReadingsReason] = useState<string>('');
  const convert = useMutation({
    mutationFn: ({ file, choice, repair }: { file: File; choice?: CrsReading; repair?: boolean }) => fileToGeoJson(file, choice, { repair }),
    meta: { ownErrors: true },
    onError: (error, { choice, repair }) => {
      // A file without .prj, or whose coordinates do not fit it: the user chooses a reading.
      if (choice || repair) return;
      const offered = crsReadingsOf(error);
      setReadings(offered);
      setReadingsReason(error.message);
      setReading(0);
    },
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
    setReadings(null);
    convert.reset();
  };

  const choose = (list: File[]) => {
    setFiles(list.slice(-1));
    setPicked(null);
    setReadings(null);
    if (list.length > 0) convert.mutate({ file: list[list.length - 1] });
    else convert.reset();
  };

  const errorText = convert.error instanceof ApiError && convert.error.handled ? null : convert.error?.message;
  const chosenReading = convert.isSuccess ? convert.variables?.choice : undefined;
  // A boundary refused because a ring crosses itself can be repaired, if the clerk wants it.
  const crossing = (text: string | undefined) => Boolean(text && /自相交/.test(text));
  const repairable =
    !convert.variables?.repair &&
    (convert.isError ? crossing(convert.error?.message) : Boolean(result?.warnings?.some(crossing) || result?.rejected?.some((r) => crossing(r.message))));
  const repaired = convert.variables?.repair ? result?.repaired : undefined;

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
        支持 zip 压缩的 Shapefile（含 .shp、.dbf，最好有 .prj）、GeoJSON、KML/KMZ。投影坐标（如 CGCS2000 3度带）按 .prj 转换为经纬度；没有 .prj 或坐标与之不符时，请在列出的坐标系中选择，确认地图上的位置后再使用。
      </Typography.Paragraph>
      <FileUpload manual drag accept={ACCEPT} files={files} onFilesChange={choose} data-testid="import-geometry-file" />

      {convert.isPending && (
        <div style={{ padding: 24, textAlign: 'center' }}>
          <Spin description="正在读取文件…">
            <div style={{ height: 40 }} />
          </Spin>
        </div>
      )}
      {errorText && !readings && <Alert type="error" showIcon title="文件无法读取" description={errorText} style={{ marginTop: 16 }} />}
      {repairable && files[0] && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          title="边界自相交"
          description="可以自动修复：在交叉处拆分边界，保留它围住的每一部分（与 PostGIS 的 ST_MakeValid 相同）。修复后列出修复前后的面积，确认地图上的形状后再使用。"
          action={
            <Button size="small" onClick={() => convert.mutate({ file: files[0], choice: convert.variables?.choice, repair: true })} data-testid="import-geometry-repair">
              修复自相交
            </Button>
          }
          data-testid="import-geometry-repairable"
        />
      )}
      {repaired && repaired.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 16 }}
          title="已修复自相交的边界，请核对面积"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {repaired.map((r) => (
                <li key={r.index}>
                  第{r.index + 1}个要素（{r.problem}）：修复前 {formatArea(r.areaBefore)} ㎡，修复后 {formatArea(r.areaAfter)} ㎡（{formatArea(areaMu(r.areaAfter))} 亩）
                </li>
              ))}
            </ul>
          }
          data-testid="import-geometry-repaired"
        />
      )}
      {readings && (
        <CrsReadingsChoice
          readings={readings}
          reason={(convert.isError && convert.variables?.choice ? convert.error?.message : readingsReason) ?? readingsReason}
          value={reading}
          onChange={setReading}
          applying={convert.isPending}
          onApply={() => convert.mutate({ file: files[0], choice: readings[reading] })}
        />
      )}

      {result && (
        <Space orientation="vertical" size={12} style={{ width: '100%', marginTop: 16 }}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            bordered
            items={[
              {
                key: 'crs',
                label: '源坐标系',
                children: `${result.crs?.label ?? (result.crs?.epsg ? `EPSG:${result.crs.epsg}` : '未知')}${chosenReading ? `（已选${chosenReading.swapXY ? '，X、Y 互换' : ''}）` : ''}`,
              },
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
              {chosen?.check.state === 'ok' && (
                <Suspense fallback={<Spin />}>
                  <div data-testid="import-geometry-map">
                    <ParcelMiniMap shapes={[{ id: 'import', name: chosen.label, geometry: chosen.check.geometry }]} height={240} districts={false} />
                  </div>
                </Suspense>
              )}
            </>
          )}
        </Space>
      )}
    </Modal>
  );
}
