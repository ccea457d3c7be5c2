import { Alert, Button, Drawer, Form, Space } from 'antd';
import { useMemo } from 'react';
import type { EntityDef } from '@land/shared/entity';
import { isInForm } from '@land/shared/entity';
import type { Draft } from '../../lib/drafts';
import { restoredText, useForgetDraft } from '../../lib/drafts';
import { StartFromInitialValues } from '../../components/form/StartFromInitialValues';
import type { EntityRecord } from './api';
import type { FormLockOf, FormValues } from './entity-form';
import { EntityFormFields, initialFormValues, toPayload, useSaveEntity, useUnsavedEdits } from './entity-form';

/** `draft`: unsaved edits kept when the session ended, which the form opens with. */
export type FormTarget =
  | { mode: 'add'; /** Values a new record starts with (a tree child gets its parent). */ preset?: FormValues; draft?: Draft }
  | { mode: 'edit'; record: EntityRecord; draft?: Draft };

interface EntityFormDrawerProps {
  def: EntityDef;
  target: FormTarget | null;
  onClose: () => void;
  /** What the screen keeps from editing in the record (what a visitor wrote). */
  lockOf?: FormLockOf;
  /** Opened to look at (a read-only account): no 保存, 关闭 instead of 取消. */
  readOnly?: boolean;
}

/** Records with long content (rich text, attachments, many fields) get a wider drawer. */
function drawerWidth(def: EntityDef): number {
  const fields = def.fields.filter(isInForm);
  return fields.some((f) => f.type === 'richText') || fields.length > 10 ? 880 : 640;
}

export function EntityFormDrawer({ def, target, onClose, lockOf, readOnly = false }: EntityFormDrawerProps) {
  const [form] = Form.useForm<FormValues>();
  const record = target?.mode === 'edit' ? target.record : null;
  const lock = target ? (lockOf?.(record) ?? null) : null;
  const draft = target?.draft;
  useForgetDraft(draft);
  /** What the form started from: the record (or a new one's start), not a restored draft. */
  const start = useMemo(() => (target ? initialFormValues(def, record, target.mode === 'add' ? target.preset : undefined) : null), [target, def, record]);
  // Edits restored from an earlier session were made on an older record: no base to merge from.
  const save = useSaveEntity(def, form, () => onClose(), { base: () => (draft ? undefined : (start ?? undefined)) });
  const mayLeave = useUnsavedEdits(def, form, record, start, record?.version);
  /** 取消, the close button and Esc ask before typed content is dropped. */
  const requestClose = async () => {
    if (await mayLeave('关闭')) onClose();
  };

  return (
    <Drawer
      open={target !== null}
      title={readOnly ? `查看${def.label}` : record ? `编辑${def.label}` : `新增${def.label}`}
      size={drawerWidth(def)}
      onClose={() => void requestClose()}
      afterOpenChange={(open) => {
        if (!open) save.reset();
      }}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={() => void requestClose()}>{readOnly ? '关闭' : '取消'}</Button>
          {!readOnly && (
            <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="entity-form-submit">
              保存
            </Button>
          )}
        </Space>
      }
      data-testid="entity-form-drawer"
    >
      <Form<FormValues>
        // A fresh form per opened record, so the initial values are always this record's.
        key={record ? record.id : 'new'}
        form={form}
        name={`${def.name}Form`}
        layout="vertical"
        initialValues={draft?.values ?? initialFormValues(def, record, target?.mode === 'add' ? target.preset : undefined)}
        onFinish={(values) => save.mutate(toPayload(def, values, record, lock))}
        scrollToFirstError
        autoComplete="off"
      >
        <StartFromInitialValues form={form} />
        {draft && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={restoredText(draft)} data-testid="draft-restored" />}
        <EntityFormFields def={def} columns={2} record={record} lock={lock} />
      </Form>
    </Drawer>
  );
}
