/**
 * 规划指标 (tYdzb): the parcel's planning indicators as an editable table, saved together
 * (batchAddOrUpdate; removed rows deleted first). Rows are checked with the entity's shared
 * field rules before anything is sent; the server also keeps the parcel's summary columns
 * (容积率上下限…) in line with the rows.
 */
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { Alert, Button, Empty, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { COMPARATORS, INDICATORS, planningIndicatorEntity } from '@land/shared/entities/planningIndicator';
import { fieldSchema } from '@land/shared/entity';
import type { Draft } from '../../../lib/drafts';
import { useDraftSource } from '../../../lib/drafts';
import { notify } from '../../../lib/notify';
import { ApiError } from '../../../lib/request';
import type { EntityRecord } from '../../entities/api';
import { deleteEntities, entityKeys } from '../../entities/api';
import { TABLE_CELLS } from '../../entities/table-cells';
import { recordsOfParcelQuery, saveIndicators } from '../api';

const DEF = planningIndicatorEntity;
const EDITED = ['indicator', 'comparator', 'value', 'valueMax', 'unit'] as const;
type Edited = (typeof EDITED)[number];

interface Row {
  key: string;
  id?: string;
  version?: number;
  indicator?: string;
  comparator?: string;
  value?: number | null;
  valueMax?: number | null;
  unit?: string;
}

interface IndicatorPanelProps {
  dkid: string;
  readOnly?: boolean;
  onDirty?: (dirty: boolean) => void;
  /** After a save: the parcel's summary columns have changed on the server. */
  onSaved?: () => void;
  /** Kept as this draft if the session ends with unsaved edits. */
  draftKey?: string;
  /** Unsaved edits kept when the session ended: the table opens with them (each row keeps its version). */
  draft?: Draft;
}

const unitOf = (indicator?: string) => INDICATORS.find((i) => i.value === indicator)?.unit ?? '';

function toRow(r: EntityRecord): Row {
  return {
    key: r.id,
    id: r.id,
    version: r.version,
    indicator: r.indicator as string,
    comparator: r.comparator as string,
    value: r.value as number | null,
    valueMax: r.valueMax as number | null,
    unit: (r.unit as string | null) ?? '',
  };
}

/** The row's first problem, by the shared field rules and the 介于 rule; null when fine. */
function problemOf(row: Row): { field: Edited; message: string } | null {
  for (const name of EDITED) {
    if (name === 'valueMax' && row.comparator !== 'between') continue;
    const field = DEF.fields.find((f) => f.name === name)!;
    const result = fieldSchema(field).safeParse(row[name] ?? undefined);
    if (!result.success) return { field: name, message: result.error.issues[0]?.message ?? '输入格式不正确' };
  }
  if (row.comparator === 'between') {
    if (row.valueMax === null || row.valueMax === undefined) return { field: 'valueMax', message: '“介于”需要填写上限值' };
    if (row.value !== null && row.value !== undefined && row.valueMax <= row.value) return { field: 'valueMax', message: '上限值必须大于指标值（下限）' };
  }
  return null;
}

function describe(row: Row): string {
  const comparator = COMPARATORS.find((c) => c.value === row.comparator)?.label ?? '';
  const unit = row.unit || unitOf(row.indicator);
  return row.comparator === 'between' ? `${row.value ?? ''} ~ ${row.valueMax ?? ''} ${unit}` : `${comparator} ${row.value ?? ''} ${unit}`;
}

export function IndicatorPanel({ dkid, readOnly, onDirty, onSaved, draftKey, draft }: IndicatorPanelProps) {
  const queryClient = useQueryClient();
  const stored = useQuery(recordsOfParcelQuery(DEF, dkid));
  const [edited, setEdited] = useState<Row[] | null>(() => (Array.isArray(draft?.values.rows) ? (draft.values.rows as Row[]) : null));
  useDraftSource(useCallback(() => (draftKey && edited ? { key: draftKey, recordId: dkid, values: { rows: edited } } : null), [draftKey, edited, dkid]));
  const rows = useMemo(() => edited ?? (stored.data ?? []).map(toRow), [edited, stored.data]);
  const dirty = edited !== null;
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);

  const problems = rows.map(problemOf);
  const duplicate = useMemo(() => {
    const seen = new Set<string>();
    for (const r of rows) {
      const k = `${r.indicator}|${r.comparator}`;
      if (r.indicator && seen.has(k)) return `指标“${INDICATORS.find((i) => i.value === r.indicator)?.label}”的同一比较方式填写了两次`;
      seen.add(k);
    }
    return null;
  }, [rows]);
  const firstProblem = problems.findIndex((p) => p !== null);

  const save = useMutation({
    mutationFn: async () => {
      const kept = new Set(rows.flatMap((r) => (r.id ? [r.id] : [])));
      const removed = (stored.data ?? []).filter((r) => !kept.has(r.id)).map((r) => r.id);
      if (removed.length > 0) await deleteEntities(DEF, removed);
      if (rows.length === 0) return [];
      return saveIndicators(
        dkid,
        rows.map((r, i) => ({
          id: r.id,
          version: r.version,
          indicator: r.indicator,
          comparator: r.comparator,
          value: r.value,
          valueMax: r.comparator === 'between' ? r.valueMax : null,
          unit: r.unit || null,
          displayorder: i + 1,
        })),
      );
    },
    meta: { ownErrors: true },
    onSuccess: async () => {
      notify.success('规划指标已保存');
      setEdited(null);
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(DEF.name) });
      onSaved?.();
    },
    onError: () => queryClient.invalidateQueries({ queryKey: entityKeys.all(DEF.name) }),
  });

  const update = (key: string, patch: Partial<Row>) => setEdited(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => setEdited([...rows, { key: `new-${Date.now()}`, comparator: 'ge', unit: '' }]);
  const remove = (key: string) => setEdited(rows.filter((r) => r.key !== key));

  const status = (row: Row, index: number, field: Edited) => (problems[index]?.field === field ? 'error' : undefined);

  const columns: TableColumnsType<Row> = readOnly
    ? [
        {
          title: '指标',
          dataIndex: 'indicator',
          render: (v: string) => TABLE_CELLS.enum(v, DEF.fields.find((f) => f.name === 'indicator')!),
        },
        { title: '要求', key: 'value', render: (_v, row) => describe(row) },
      ]
    : [
        {
          title: '指标',
          dataIndex: 'indicator',
          width: 220,
          render: (v: string | undefined, row, i) => (
            <Select
              value={v}
              options={INDICATORS.map(({ value, label }) => ({ value, label }))}
              placeholder="请选择指标"
              style={{ width: '100%' }}
              status={status(row, i, 'indicator')}
              aria-label={`第${i + 1}行指标`}
              onChange={(value: string) => update(row.key, { indicator: value })}
            />
          ),
        },
        {
          title: '比较方式',
          dataIndex: 'comparator',
          width: 110,
          render: (v: string | undefined, row, i) => (
            <Select value={v} options={COMPARATORS} style={{ width: '100%' }} aria-label={`第${i + 1}行比较方式`} onChange={(value: string) => update(row.key, { comparator: value })} />
          ),
        },
        {
          title: '指标值',
          dataIndex: 'value',
          width: 130,
          render: (v: number | null | undefined, row, i) => (
            <InputNumber<number>
              value={v ?? null}
              style={{ width: '100%' }}
              placeholder={row.comparator === 'between' ? '下限' : '指标值'}
              status={status(row, i, 'value')}
              aria-label={`第${i + 1}行指标值`}
              onChange={(value) => update(row.key, { value })}
            />
          ),
        },
        {
          title: '上限值',
          dataIndex: 'valueMax',
          width: 130,
          render: (v: number | null | undefined, row, i) => (
            <InputNumber<number>
              value={row.comparator === 'between' ? (v ?? null) : null}
              disabled={row.comparator !== 'between'}
              style={{ width: '100%' }}
              placeholder={row.comparator === 'between' ? '上限' : '—'}
              status={status(row, i, 'valueMax')}
              aria-label={`第${i + 1}行上限值`}
              onChange={(value) => update(row.key, { valueMax: value })}
            />
          ),
        },
        {
          title: '单位',
          dataIndex: 'unit',
          width: 110,
          render: (v: string | undefined, row, i) => (
            <Input
              value={v}
              placeholder={unitOf(row.indicator) || '单位'}
              status={status(row, i, 'unit')}
              aria-label={`第${i + 1}行单位`}
              onChange={(e) => update(row.key, { unit: e.target.value })}
            />
          ),
        },
        {
          title: '操作',
          key: 'actions',
          width: 70,
          render: (_v, row) => <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除该行" onClick={() => remove(row.key)} />,
        },
      ];

  const saveError = save.error instanceof ApiError && save.error.handled ? null : save.error?.message;
  const blocking = firstProblem !== -1 ? `第${firstProblem + 1}行：${problems[firstProblem]!.message}` : duplicate;

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="indicator-panel">
      {!readOnly && (
        <Space wrap>
          <Button icon={<PlusOutlined />} onClick={add}>
            添加指标
          </Button>
          <Button type="primary" icon={<SaveOutlined />} disabled={!dirty || blocking !== null} loading={save.isPending} onClick={() => save.mutate()}>
            批量保存
          </Button>
          {dirty && (
            <Button type="link" onClick={() => setEdited(null)}>
              放弃修改
            </Button>
          )}
          {dirty && <Typography.Text type="warning">有未保存的修改</Typography.Text>}
        </Space>
      )}
      {!readOnly && dirty && blocking && <Alert type="error" showIcon title={blocking} />}
      {saveError && <Alert type="error" showIcon title="保存失败" description={saveError} />}
      <Table<Row>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={stored.isPending}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无规划指标" /> }}
      />
      {!readOnly && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          保存后，地块的容积率、建筑密度、绿地率、建筑限高、投资强度、亩均税收按这里的指标更新。
        </Typography.Text>
      )}
    </Space>
  );
}
