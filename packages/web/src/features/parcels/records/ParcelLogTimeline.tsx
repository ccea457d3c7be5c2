/** 流转记录: who moved the parcel from which state to which, when, and what they wrote. */
import { Empty, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@land/shared';
import type { ParcelAction, ParcelState } from '@land/shared/lifecycle';
import { PARCEL_STATE_LABELS, transitionFor } from '@land/shared/lifecycle';
import { useFitColumns } from '../../../components/descriptions';
import { LoadFailed } from '../../../components/list/LoadFailed';
import type { ParcelLogRow } from '../api';
import { parcelLogQuery } from '../api';
import { LOG_ACTION_LABELS } from '../screens';
import { SHOWN_IN_PLACE } from '../../../lib/query-client';

const COLORS: Partial<Record<string, string>> = {
  submit: 'blue',
  passFirst: 'green',
  publish: 'green',
  republish: 'green',
  reject: 'red',
  takeDown: 'orange',
  withdraw: 'orange',
  edit: 'gray',
  delete: 'red',
};

const stateLabel = (s: string | null) => (s ? (PARCEL_STATE_LABELS[s as ParcelState] ?? s) : '');

export function actionLabel(row: Pick<ParcelLogRow, 'action'>): string {
  return transitionFor(row.action as ParcelAction)?.label ?? LOG_ACTION_LABELS[row.action] ?? row.action;
}

export function ParcelLogTimeline({ dkid }: { dkid: string }) {
  const log = useQuery({ ...parcelLogQuery(dkid), meta: SHOWN_IN_PLACE });
  const { data, isPending } = log;
  // In a box of 480 px or more the time stands left of each entry; narrower (a phone), above it,
  // so the entry keeps the width (beside the time, 张伟 broke into 张 | 伟 at 412 px).
  const [boxRef, columns] = useFitColumns(2, 240);
  const timeAside = columns > 1;
  if (isPending) return <Skeleton active />;
  if (log.isError) return <LoadFailed query={log} testId="log-load-error" />;
  if (!data || data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无流转记录" />;
  // Newest first: the latest decision is what the reader looks for.
  const rows = [...data].reverse();
  return (
    <div ref={boxRef}>
      <Timeline
        data-testid="parcel-log"
        items={rows.map((row) => ({
          key: row.id,
          color: COLORS[row.action] ?? 'gray',
          title: timeAside ? formatDateTime(row.at) : undefined,
          content: (
            <div>
              {!timeAside && (
                <Typography.Text type="secondary" style={{ display: 'block' }}>
                  {formatDateTime(row.at)}
                </Typography.Text>
              )}
              <Typography.Text strong>{actionLabel(row)}</Typography.Text>
              {row.fromState && row.toState && row.fromState !== row.toState && (
                <Tag style={{ marginLeft: 8 }}>
                  {stateLabel(row.fromState)} → {stateLabel(row.toState)}
                </Tag>
              )}
              <Typography.Text type="secondary" style={{ marginLeft: 4, whiteSpace: 'nowrap' }}>
                {row.actorName ?? '系统'}
              </Typography.Text>
              {row.comment && (
                <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }} data-testid="parcel-log-comment">
                  {row.comment}
                </Typography.Paragraph>
              )}
              {row.note && (
                <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }} data-testid="parcel-log-note">
                  <Typography.Text strong>系统标注：</Typography.Text>
                  {row.note}
                </Typography.Paragraph>
              )}
            </div>
          ),
        }))}
      />
    </div>
  );
}
