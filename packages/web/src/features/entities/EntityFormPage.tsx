import { Button, Form, Result, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { EntityDef } from '@land/shared/entity';
import { LoadFailed } from '../../components/list/LoadFailed';
import { ScreenCard } from '../../components/ScreenCard';
import { isNotFound } from '../../lib/request';
import type { EntityRecord } from './api';
import { entityRecordQuery } from './api';
import type { FormValues } from './entity-form';
import { EntityFormFields, initialFormValues, toPayload, useSaveEntity } from './entity-form';

interface EntityFormPageProps {
  def: EntityDef;
  title: string;
  /** The record to edit; none for a new one. */
  id?: string;
  /** After a save (true) or 取消 (false): the caller goes back to the list. */
  onDone: (saved: boolean) => void;
}

function FormBody({ def, record, onDone }: { def: EntityDef; record: EntityRecord | null; onDone: (saved: boolean) => void }) {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveEntity(def, form, () => onDone(true));
  return (
    <Form<FormValues>
      form={form}
      name={`${def.name}PageForm`}
      layout="vertical"
      initialValues={initialFormValues(def, record)}
      onFinish={(values) => save.mutate(toPayload(def, values, record))}
      scrollToFirstError
      autoComplete="off"
      style={{ maxWidth: 1100 }}
    >
      <EntityFormFields def={def} columns={3} />
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="entity-page-submit">
          保存
        </Button>
        <Button onClick={() => onDone(false)}>取消</Button>
      </Space>
    </Form>
  );
}

/** A record's add or edit form as a page of its own (records with long rich-text content). */
export function EntityFormPage({ def, title, id, onDone }: EntityFormPageProps) {
  const recordQuery = useQuery({ ...entityRecordQuery(def, id ?? ''), enabled: id !== undefined });

  let body;
  if (id === undefined) body = <FormBody def={def} record={null} onDone={onDone} />;
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
  else body = <FormBody key={recordQuery.data.id} def={def} record={recordQuery.data} onDone={onDone} />;

  return <ScreenCard title={title}>{body}</ScreenCard>;
}
