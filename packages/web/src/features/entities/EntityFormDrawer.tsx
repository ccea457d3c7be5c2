import { Button, Drawer, Form, Space } from 'antd';
import type { EntityDef } from '@land/shared/entity';
import { isInForm } from '@land/shared/entity';
import type { EntityRecord } from './api';
import type { FormLockOf, FormValues } from './entity-form';
import { EntityFormFields, initialFormValues, toPayload, useSaveEntity } from './entity-form';

export type FormTarget =
  | { mode: 'add'; /** Values a new record starts with (a tree child gets its parent). */ preset?: FormValues }
  | { mode: 'edit'; record: EntityRecord };

interface EntityFormDrawerProps {
  def: EntityDef;
  target: FormTarget | null;
  onClose: () => void;
  /** What the screen keeps from editing in the record (what a visitor wrote). */
  lockOf?: FormLockOf;
}

/** Records with long content (rich text, attachments, many fields) get a wider drawer. */
function drawerWidth(def: EntityDef): number {
  const fields = def.fields.filter(isInForm);
  return fields.some((f) => f.type === 'richText') || fields.length > 10 ? 880 : 640;
}

export function EntityFormDrawer({ def, target, onClose, lockOf }: EntityFormDrawerProps) {
  const [form] = Form.useForm<FormValues>();
  const record = target?.mode === 'edit' ? target.record : null;
  const lock = target ? (lockOf?.(record) ?? null) : null;
  const save = useSaveEntity(def, form, () => onClose());

  return (
    <Drawer
      open={target !== null}
      title={record ? `编辑${def.label}` : `新增${def.label}`}
      size={drawerWidth(def)}
      onClose={onClose}
      afterOpenChange={(open) => {
        if (!open) save.reset();
      }}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="entity-form-submit">
            保存
          </Button>
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
        initialValues={initialFormValues(def, record, target?.mode === 'add' ? target.preset : undefined)}
        onFinish={(values) => save.mutate(toPayload(def, values, record, lock))}
        scrollToFirstError
        autoComplete="off"
      >
        <EntityFormFields def={def} columns={2} record={record} lock={lock} />
      </Form>
    </Drawer>
  );
}
