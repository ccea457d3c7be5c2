/**
 * A parcel read-only, for the review and state screens: its fields by section, its boundary on
 * the map with the computed area, its supporting data, take-down and transaction records and
 * its log; the screen's lifecycle actions for this one parcel in the footer.
 */
import { Alert, Button, Card, Col, Drawer, Result, Row, Skeleton, Space, Tag, Tooltip } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { formatDateTime } from '@land/shared';
import { landTransactionEntity } from '@land/shared/entities/landTransaction';
import { parcelTakeDownEntity } from '@land/shared/entities/parcelTakeDown';
import type { ParcelAction, ParcelState, TradeState } from '@land/shared/lifecycle';
import { PARCEL_STATE_LABELS, TRADE_STATE_LABELS } from '@land/shared/lifecycle';
import { LoadFailed } from '../../../components/list/LoadFailed';
import { isNotFound } from '../../../lib/request';
import type { EntityRecord } from '../../entities/api';
import { entityRecordQuery } from '../../entities/api';
import { TABLE_CELLS } from '../../entities/table-cells';
import { PARCEL, recordsOfParcelQuery } from '../api';
import { AreaCheck, MapFallback } from '../editor/GeometryPanel';
import { checkGeometry } from '../editor/geometry-check';
import type { ParcelGeometry } from '../api';
import { ParcelRecordsTabs } from '../records/ParcelRecordsTabs';
import { RecordDescriptions } from '../records/record-fields';
import { RecordListPanel } from '../records/RecordListPanel';
import type { OfferedAction } from '../screens';
import { MAP_FIELD, sectionFields } from '../sections';
import { SHOWN_IN_PLACE } from '../../../lib/query-client';

const ParcelMap = lazy(() => import('../map/ParcelMap'));

interface ParcelDetailDrawerProps {
  parcelId: string | null;
  onClose: () => void;
  /** The screen's actions; those legal from the parcel's current state are offered. */
  actions: OfferedAction[];
  onAction: (action: ParcelAction, parcel: EntityRecord) => void;
  busy: ParcelAction | null;
}

/** Why the parcel was taken down (the latest take-down record). */
function TakeDownNotice({ dkid }: { dkid: string }) {
  const { data } = useQuery(recordsOfParcelQuery(parcelTakeDownEntity, dkid));
  const latest = data?.[0];
  if (!latest) return null;
  const typeField = parcelTakeDownEntity.fields.find((f) => f.name === 'reasonType')!;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={
        <Space size={4} wrap>
          下架原因：{TABLE_CELLS.enum(latest.reasonType, typeField)}
          <span data-testid="detail-takedown-reason">{String(latest.reason ?? '')}</span>
        </Space>
      }
      description={`${String(latest.takenDownBy ?? '')} ${formatDateTime(latest.takenDownAt as string)}`}
    />
  );
}

function DetailBody({ parcel }: { parcel: EntityRecord }) {
  const sections = useMemo(() => sectionFields(PARCEL), []);
  const check = useMemo(() => checkGeometry(parcel[MAP_FIELD]), [parcel]);
  const geometry = check.state === 'ok' ? check.geometry : ((parcel[MAP_FIELD] as ParcelGeometry | null) ?? null);
  return (
    <>
      {parcel.status === 'takenDown' && <TakeDownNotice dkid={parcel.id} />}
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {sections.map(({ section, fields }) => (
              <Card key={section.key} size="small" title={section.title}>
                <RecordDescriptions fields={fields} record={parcel} />
              </Card>
            ))}
          </Space>
        </Col>
        <Col xs={24} xl={10}>
          <div style={{ position: 'sticky', top: 0 }}>
            <Card size="small" title="地块边界">
              <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                {geometry ? (
                  <Suspense fallback={<MapFallback height={380} />}>
                    <ParcelMap geometry={geometry} parcelId={parcel.id} height={380} pipes />
                  </Suspense>
                ) : (
                  <Alert type="info" showIcon title="该地块没有边界" />
                )}
                {check.state === 'invalid' && <Alert type="error" showIcon title="地块边界不正确" description={check.message} />}
                <AreaCheck check={check} entered={parcel.landArea as number | null} />
              </Space>
            </Card>
          </div>
        </Col>
      </Row>
      <Card size="small" title="配套信息与记录" style={{ marginTop: 16 }}>
        <ParcelRecordsTabs
          dkid={parcel.id}
          panorama={parcel.panorama}
          readOnly
          defaultActiveKey="log"
          extraTabs={[
            { key: 'takeDown', label: '下架记录', children: <RecordListPanel def={parcelTakeDownEntity} dkid={parcel.id} readOnly /> },
            { key: 'transactions', label: '交易记录', children: <RecordListPanel def={landTransactionEntity} dkid={parcel.id} readOnly /> },
          ]}
        />
      </Card>
    </>
  );
}

export function ParcelDetailDrawer({ parcelId, onClose, actions, onAction, busy }: ParcelDetailDrawerProps) {
  const query = useQuery({ ...entityRecordQuery(PARCEL, parcelId ?? ''), enabled: parcelId !== null, meta: SHOWN_IN_PLACE });
  const parcel = query.data ?? null;
  const state = parcel?.status as ParcelState | undefined;
  const legal = actions.filter((a) => state !== undefined && a.transition.from.includes(state));

  let body;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 12 }} />;
  // A call that failed for another reason (the network, the server) is not a deleted parcel.
  else if (query.isError && !isNotFound(query.error)) body = <LoadFailed query={query} testId="record-load-error" />;
  else if (!parcel) body = <Result status="warning" title="地块不存在或已删除" />;
  else body = <DetailBody parcel={parcel} />;

  return (
    <Drawer
      open={parcelId !== null}
      onClose={onClose}
      size="min(1400px, 94vw)"
      destroyOnHidden
      title={parcel ? `地块详情：${String(parcel.dkmc ?? '')}` : '地块详情'}
      extra={
        parcel && (
          <Space>
            <Tag color="blue">{PARCEL_STATE_LABELS[parcel.status as ParcelState] ?? String(parcel.status)}</Tag>
            {typeof parcel.tradeState === 'string' && parcel.tradeState !== 'none' && <Tag color="purple">{TRADE_STATE_LABELS[parcel.tradeState as TradeState]}</Tag>}
          </Space>
        )
      }
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>关闭</Button>
          {parcel &&
            legal.map(({ transition, denied }) => (
              <Tooltip key={transition.action} title={denied}>
                <Button
                  type={transition.needsComment ? 'default' : 'primary'}
                  danger={transition.action === 'reject' || transition.action === 'takeDown'}
                  disabled={denied !== null}
                  loading={busy === transition.action}
                  onClick={() => onAction(transition.action, parcel)}
                  data-testid={`detail-action-${transition.action}`}
                >
                  {transition.label}
                </Button>
              </Tooltip>
            ))}
        </Space>
      }
      data-testid="parcel-detail"
    >
      {body}
    </Drawer>
  );
}
