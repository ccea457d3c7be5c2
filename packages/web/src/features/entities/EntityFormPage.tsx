import { Alert, Button, Form, Result, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { EntityDef } from '@land/shared/entity';
import { sameValues } from '../../components/form/form-dirty';
import { useUnsavedGuard } from '../../components/form/use-unsaved-guard';
import { LoadFailed } from '../../components/list/LoadFailed';
import { ScreenCard } from '../../components/ScreenCard';
import type { Draft } from '../../lib/drafts';
import { forgetDraft, restoredText, useDraftToRestore, useForgetDraft } from '../../lib/drafts';
import { isNotFound } from '../../lib/request';
import type { EntityRecord } from './api';
import { entityRecordQuery } from './api';
import type { FormValues } from './entity-form';
import { EntityFormFields, initialFormValues, toPayload, useSaveEntity, useUnsavedEdits } from './entity-form';
import { SHOWN_IN_PLACE } from '../../lib/query-client';

interface EntityFormPageProps {
  def: EntityDef;
  title: string;
  /** The record to edit; none for a new one. */
  id?: string;
  /** After a save (true) or 取消 (false): the caller goes back to the list. */
  onDone: (saved: boolean) => void;
}

interface FormBodyProps {
  def: EntityDef;
  record: EntityRecord | null;
  /** Unsaved edits kept when the session ended: the form opens with them. */
  draft?: Draft;
  onDone: (saved: boolean) => void;
}

function FormBody({ def, record: loaded, draft, onDone }: FormBodyProps) {
  const [form] = Form.useForm<FormValues>();
  // Restored edits are saved against the version they were made on (a save meanwhile is a conflict).
  const record = loaded && draft ? { ...loaded, version: draft.version } : loaded;
  useForgetDraft(draft);
  const start = useMemo(() => initialFormValues(def, loaded), [def, loaded]);
  // Leaving with unsaved edits by another tab or the menu asks first, as the parcel editor does.
  const [dirty, setDirty] = useState(draft !== undefined);
  const release = useUnsavedGuard(dirty, `当前${def.label}`);
  const save = useSaveEntity(
    def,
    form,
    () => {
      release();
      onDone(true);
    },
    { base: () => (draft ? undefined : start) },
  );
  const mayLeave = useUnsavedEdits(def, form, loaded, start, record?.version);
  /** 取消 asks before typed content is dropped. */
  const cancel = async () => {
    if (!(await mayLeave('离开'))) return;
    release();
    onDone(false);
  };
  return (
    <Form<FormValues>
      form={form}
      name={`${def.name}PageForm`}
      layout="vertical"
      initialValues={draft?.values ?? initialFormValues(def, record)}
      onFinish={(values) => save.mutate(toPayload(def, values, record))}
      onValuesChange={() => setDirty(!sameValues(form.getFieldsValue(true) as FormValues, start))}
      scrollToFirstError
      autoComplete="off"
      style={{ maxWidth: 1100 }}
    >
      {draft && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={restoredText(draft)} data-testid="draft-restored" />}
      <EntityFormFields def={def} columns={3} />
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="entity-page-submit">
          保存
        </Button>
        <Button onClick={() => void cancel()}>取消</Button>
      </Space>
    </Form>
  );
}

/** A record's add or edit form as a page of its own (records with long rich-text content). */
export function EntityFormPage({ def, title, id, onDone }: EntityFormPageProps) {
  const recordQuery = useQuery({ ...entityRecordQuery(def, id ?? ''), enabled: id !== undefined, meta: SHOWN_IN_PLACE });
  const draft = useDraftToRestore(`${def.name}:${id ?? 'new'}`);
  // Edits kept for a record deleted meanwhile have nowhere to go.
  const gone = id !== undefined && ((recordQuery.isSuccess && !recordQuery.data) || (recordQuery.isError && isNotFound(recordQuery.error)));
  useEffect(() => {
    if (gone && draft) forgetDraft(draft.key);
  }, [gone, draft]);

  let body;
  if (id === undefined) body = <FormBody def={def} record={null} draft={draft} onDone={onDone} />;
  else if (recordQuery.isPending) body = <Spin style={{ display: 'block', padding: 48 }} />;
  // A call that failed for another reason (the network, the server) is not a deleted record.
  else if (recordQuery.isError && !isNotFound(recordQuery.error)) body = <LoadFailed query={recordQuery} testId="record-load-error" back={{ label: '返回列表', onClick: () => onDone(false) }} />;
  else if (!recordQuery.data)
    body = (
      <Result
        status="warning"
        title={`${def.label}不存在或已删除`}
        extra={<Button onClick={() => onDone(false)}>返回列表</Button>}
      />
    );
  else body = <FormBody key={recordQuery.data.id} def={def} record={recordQuery.data} draft={draft} onDone={onDone} />;

  return <ScreenCard title={title}>{body}</ScreenCard>;
}
