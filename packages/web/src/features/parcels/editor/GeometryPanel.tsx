/**
 * 地块边界 on the editor: the map (its own chunk, with OpenLayers), import from a file, the
 * geometry checks under the map, and the computed area beside the entered one.
 */
import { ImportOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Skeleton, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { PARCEL_STATE_LABELS, TRADE_STATE_LABELS, type ParcelState, type TradeState } from '@land/shared/lifecycle';
import type { ParcelGeometry } from '@land/shared/geo/types';
import { formatArea } from '@land/shared/areaFormat';
import { m2ToMu, round } from '@land/shared/helpers';
import { notify } from '../../../lib/notify';
import type { GeometryCheck } from './geometry-check';
import { AREA_MISMATCH_MESSAGE, areasDisagree } from './geometry-check';
import { ImportGeometryModal } from './ImportGeometryModal';
import { isOfferedParcel, parcelOverlapsQuery, type ParcelOverlap } from '../api';

const ParcelMap = lazy(() => import('../map/ParcelMap'));

export const MAP_HEIGHT = 460;

export function MapFallback({ height = MAP_HEIGHT }: { height?: number }) {
  return <Skeleton.Node active style={{ width: '100%', height }} />;
}

interface AreaCheckProps {
  check: GeometryCheck;
  /** 土地面积 as entered, m². */
  entered: number | null | undefined;
  onUse?: (m2: number, mu: number) => void;
}

export function AreaCheck({ check, entered, onUse }: AreaCheckProps) {
  if (check.state !== 'ok') return null;
  const hasEntered = typeof entered === 'number' && Number.isFinite(entered);
  const disagree = hasEntered && areasDisagree(check.areaM2, entered);
  const useButton = onUse && (!hasEntered || Math.abs(entered - check.areaM2) >= 0.01) && (
    <Button size="small" type={disagree ? 'primary' : 'default'} onClick={() => onUse(check.areaM2, check.areaMu)} data-testid="use-geometry-area">
      采用图形面积
    </Button>
  );
  const difference = hasEntered ? Math.round((Math.abs(entered - check.areaM2) / check.areaM2) * 1000) / 10 : 0;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="area-check">
      <Descriptions
        size="small"
        bordered
        column={1}
        styles={{ label: { width: 96 } }}
        items={[
          {
            key: 'geometry',
            label: '图形面积',
            children: (
              <span data-testid="geometry-area">
                {formatArea(check.areaM2)} ㎡（{formatArea(check.areaMu)} 亩）
              </span>
            ),
          },
          {
            key: 'entered',
            label: '填写面积',
            children: hasEntered ? (
              <Space size={8} wrap>
                <span>
                  {formatArea(entered)} ㎡（{formatArea(round(m2ToMu(entered), 2))} 亩）
                </span>
                {!disagree && useButton}
              </Space>
            ) : (
              <Space size={8} wrap>
                <span style={{ color: '#999' }}>未填写，保存时按图形面积计算</span>
                {useButton}
              </Space>
            ),
          },
        ]}
      />
      {disagree && (
        <Alert
          type="warning"
          showIcon
          title={AREA_MISMATCH_MESSAGE}
          description={`两者相差 ${difference}%，请核对填写的土地面积或地块边界。`}
          action={useButton}
          data-testid="area-mismatch"
        />
      )}
    </Space>
  );
}

const stateText = (o: ParcelOverlap) =>
  o.tradeState && o.tradeState !== 'none' ? TRADE_STATE_LABELS[o.tradeState as TradeState] : (PARCEL_STATE_LABELS[o.status as ParcelState] ?? o.status);

/** The parcels the boundary overlaps, with the overlap in ㎡ and 亩 (drawn in red on the map). */
export function OverlapList({ list, toleranceM2 }: { list: ParcelOverlap[]; toleranceM2: number }) {
  if (list.length === 0) return null;
  const blocking = list.some((o) => isOfferedParcel(o) && o.areaM2 > toleranceM2);
  return (
    <Alert
      type={blocking ? 'error' : 'warning'}
      showIcon
      data-testid="overlap-list"
      title={`地块边界与 ${list.length} 个地块重叠（地图上红色部分）`}
      description={
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {list.map((o) => (
              <li key={o.id} data-testid="overlap-item">
                <strong>{o.dkmc}</strong>
                {`（${[o.dkbh, stateText(o)].filter(Boolean).join('，')}）重叠 ${formatArea(o.areaM2)} ㎡（${formatArea(o.areaMu)} 亩）`}
              </li>
            ))}
          </ul>
          {blocking && <span>与已发布、挂牌或成交地块重叠超过 {toleranceM2} ㎡，发布时审核人须填写发布理由。</span>}
        </Space>
      }
    />
  );
}

interface GeometryPanelProps {
  geometry: ParcelGeometry | null;
  check: GeometryCheck;
  onChange: (geometry: ParcelGeometry | null) => void;
  parcelId?: string;
  /** The district chosen in the form: shown while there is no boundary. */
  areacode?: string | null;
  entered: number | null | undefined;
  onUseArea: (m2: number, mu: number) => void;
}

export function GeometryPanel({ geometry, check, onChange, parcelId, areacode, entered, onUseArea }: GeometryPanelProps) {
  const [importing, setImporting] = useState(false);
  const overlaps = useQuery({ ...parcelOverlapsQuery({ id: parcelId, geometry }), enabled: geometry !== null && check.state === 'ok' });
  const found = geometry && check.state === 'ok' ? overlaps.data : undefined;
  const parts = useMemo(() => found?.list.map((o) => o.geometry), [found]);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Suspense fallback={<MapFallback />}>
        <ParcelMap
          geometry={geometry}
          onChange={onChange}
          parcelId={parcelId}
          focusArea={areacode}
          height={MAP_HEIGHT}
          pipes
          overlaps={parts}
          toolbarExtra={
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="map-import">
              从文件导入
            </Button>
          }
        />
      </Suspense>
      {check.state === 'invalid' && (
        <Alert type="error" showIcon title="地块边界不正确" description={check.message} data-testid="geometry-invalid" />
      )}
      {check.state === 'empty' && <Alert type="info" showIcon title="尚未设置地块边界；提交初审前须绘制或导入边界。" />}
      <AreaCheck check={check} entered={entered} onUse={onUseArea} />
      {found && <OverlapList list={found.list} toleranceM2={found.toleranceM2} />}
      <ImportGeometryModal
        open={importing}
        onClose={() => setImporting(false)}
        onPick={(g, description) => {
          onChange(g);
          notify.success(`已导入“${description}”的边界`);
        }}
      />
    </Space>
  );
}
