/**
 * The coordinate systems a surveyor's file may be in, when it has no .prj or its coordinates do
 * not fit the one declared: the server's readings (likeliest first, each with where the first
 * point would land), one to pick, and a button to read the file again with it. Used by the
 * parcel boundary import and the pipe import alike.
 */
import { Alert, Button, Radio, Space, Typography } from 'antd';
import type { CrsReading } from './api';

interface CrsReadingsChoiceProps {
  readings: CrsReading[];
  /** Why the file was not read as it is (the server's message). */
  reason: string;
  value: number;
  onChange: (index: number) => void;
  onApply: () => void;
  applying: boolean;
  /** The label of the apply button. */
  applyText?: string;
}

export function CrsReadingsChoice({ readings, reason, value, onChange, onApply, applying, applyText = '按所选坐标系读取' }: CrsReadingsChoiceProps) {
  return (
    <div style={{ marginTop: 16 }} data-testid="crs-readings">
      <Alert type="warning" showIcon title="请选择文件的坐标系" description={reason} style={{ marginBottom: 12 }} />
      <Typography.Text strong>可能的坐标系（按可能性排列，括号中为第一个点换算后的位置）：</Typography.Text>
      <Radio.Group value={value} onChange={(e) => onChange(e.target.value as number)} style={{ width: '100%', marginTop: 8 }}>
        <Space orientation="vertical" style={{ width: '100%', maxHeight: 220, overflow: 'auto' }}>
          {readings.map((r, i) => (
            <Radio key={`${r.epsg}-${r.swapXY}`} value={i}>
              {r.label} <Typography.Text type="secondary">EPSG:{r.epsg}（经度 {r.lonLat[0].toFixed(5)}，纬度 {r.lonLat[1].toFixed(5)}）</Typography.Text>
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <div style={{ marginTop: 8 }}>
        <Button type="primary" ghost loading={applying} onClick={onApply} data-testid="crs-reading-apply">
          {applyText}
        </Button>
      </div>
    </div>
  );
}
