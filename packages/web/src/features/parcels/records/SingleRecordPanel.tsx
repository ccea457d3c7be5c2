/**
 * A supporting entity a parcel has one record of (七通一平, 招商手册): its form, the parcel filled
 * in; saving without an id updates the parcel's record (the entity's upsert key is the parcel).
 */
import { SaveOutlined } from '@ant-design/icons';
import { Button, Form, Skeleton, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { EntityDef } from '@land/shared/entity';
import { LoadFailed } from '../../../components/list/LoadFailed';
import type { EntityRecord } from '../../entities/api';
import type { OneRecordQuery } from '../api';
import type { FormValues } from '../../entities/entity-form';
import { EntityFormFields, initialFormValues, toPayload, useSaveEntity } from '../../entities/entity-form';
import { sameValues } from '../../../components/form/form-dirty';
import type { Draft } from '../../../lib/drafts';
import { useDraftSource } from '../../../lib/drafts';
import { PARCEL_REF, RecordDescriptions, ownFields, withoutParcel } from './record-fields';
import { SHOWN_IN_PLACE } from '../../../lib/query-client';

interface SingleRecordPanelProps {
  def: EntityDef;
  dkid: string;
  query: OneRecordQuery;
  readOnly?: boolean;
  onDirty?: (dirty: boolean) => void;
  /** After a save: the server may have changed the parcel too (七通一平 sets 场地已平整). */
  onSaved?: () => void;
  /** Kept as this draft if the session ends with unsaved edits. */
  draftKey?: string;
  /** Unsaved edits kept when the session ended: the form opens with them. */
  draft?: Draft;
}

type RecordFormProps = Omit<SingleRecordPanelProps, 'query' | 'readOnly'> & { record: EntityRecord | null };

function RecordForm({ def, dkid, record, onDirty, onSaved, draftKey, draft }: RecordFormProps) {
  const [form] = Form.useForm<FormValues>();
  const own = useMemo(() => withoutParcel(def), [def]);
  // Restored edits are saved with the version they were made on (a save meanwhile is a conflict).
  const [current, setCurrent] = useState(record && draft ? { ...record, version: draft.version } : record);
  const [baseline, setBaseline] = useState(() => initialFormValues(own, record));
  const [dirty, setDirty] = useState(() => draft !== undefined && !sameValues(draft.values, baseline));
  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);
  useDraftSource(
    useCallback(
      () => (draftKey && dirty ? { key: draftKey, recordId: dkid, version: current?.version, values: form.getFieldsValue(true) as FormValues } : null),
      [draftKey, dirty, dkid, current, form],
    ),
  );
  const save = useSaveEntity(
    def,
    form,
    (saved) => {
      const values = initialFormValues(own, saved);
      setCurrent(saved);
      setBaseline(values);
      form.setFieldsValue(values);
      setDirty(false);
      onSaved?.();
    },
    // Until restored edits are saved, they were made on an older record: no base to merge from.
    { base: () => (draft && current?.version === draft.version ? undefined : baseline) },
  );
  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={draft?.values ?? baseline}
      onValuesChange={() => setDirty(!sameValues(form.getFieldsValue(true) as FormValues, baseline))}
      onFinish={(values) => save.mutate({ ...toPayload(own, values, current), [PARCEL_REF]: dkid })}
      autoComplete="off"
      data-testid={`record-form-${def.name}`}
    >
      <EntityFormFields def={own} columns={2} />
      <Space>
        <Button type="primary" icon={<SaveOutlined />} htmlType="submit" loading={save.isPending} disabled={!dirty}>
          保存{def.label}
        </Button>
        {dirty && <Typography.Text type="warning">有未保存的修改</Typography.Text>}
      </Space>
    </Form>
  );
}

export function SingleRecordPanel({ def, dkid, query, readOnly, onDirty, onSaved, draftKey, draft }: SingleRecordPanelProps) {
  const result = useQuery({ ...query, meta: SHOWN_IN_PLACE });
  const { data, isPending } = result;
  if (isPending) return <Skeleton active />;
  // Not an empty form: saving it would write over the record that could not be read.
  if (result.isError) return <LoadFailed query={result} testId="record-load-error" />;
  if (readOnly) return <RecordDescriptions fields={ownFields(def)} record={data} />;
  return <RecordForm key={data?.id ?? 'new'} def={def} dkid={dkid} record={data ?? null} onDirty={onDirty} onSaved={onSaved} draftKey={draftKey} draft={draft} />;
}
