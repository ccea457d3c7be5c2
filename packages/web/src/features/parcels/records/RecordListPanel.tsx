/**
 * A parcel's records of one supporting entity (距离, 周边配套, 地块优势, 价格, 管网): a table with
 * add, edit and delete, the form being the entity engine's, the parcel filled in by the panel.
 * A record being typed when the session ends is kept (lib/drafts.ts) under the parcel editor's
 * key of the tab, and its drawer opens again with it after signing in.
 */
import { PlusOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { Alert, Button, Drawer, Empty, Form, Space, Table } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { EntityDef } from '@land/shared/entity';
import { isListedByDefault } from '@land/shared/entity';
import { deleteOutcome } from '@land/shared/audit';
import { StartFromInitialValues } from '../../../components/form/StartFromInitialValues';
import { LoadFailed } from '../../../components/list/LoadFailed';
import { useConfirm } from '../../../components/use-confirm';
import type { Draft } from '../../../lib/drafts';
import { restoredText } from '../../../lib/drafts';
import { notify } from '../../../lib/notify';
import type { EntityRecord } from '../../entities/api';
import { canDelete, deleteEntities, entityKeys } from '../../entities/api';
import type { FormValues } from '../../entities/entity-form';
import { EntityFormFields, initialFormValues, toPayload, useSaveEntity, useUnsavedEdits } from '../../entities/entity-form';
import { COLUMN_ALIGN, TABLE_CELLS, columnTitle, columnWidth } from '../../entities/table-cells';
import { recordsOfParcelQuery } from '../api';
import { PARCEL_REF, withoutParcel } from './record-fields';
import { SHOWN_IN_PLACE } from '../../../lib/query-client';

interface RecordListPanelProps {
  def: EntityDef;
  dkid: string;
  readOnly?: boolean;
  /** More buttons beside 新增 (一键填充, 导入管网). */
  toolbarExtra?: React.ReactNode;
  /** Kept as this draft if the session ends while a record is being typed (the editor's key of the tab). */
  draftKey?: string;
  /** Kept when the session ended: its drawer opens again with it. */
  draft?: Draft;
  /** False once a restored record is saved or given up (the editor's notice of restored tabs). */
  onDirty?: (dirty: boolean) => void;
}

/** What the drawer edits: a new record or one of the list, with the edits kept from an ended session. */
type Target = { mode: 'add'; draft?: Draft } | { mode: 'edit'; record: EntityRecord; draft?: Draft };

interface RecordFormDrawerProps {
  def: EntityDef;
  dkid: string;
  target: Target | null;
  draftKey?: string;
  onClose: () => void;
}

function RecordFormDrawer({ def, dkid, target, draftKey, onClose }: RecordFormDrawerProps) {
  const [form] = Form.useForm<FormValues>();
  const own = useMemo(() => withoutParcel(def), [def]);
  const record = target?.mode === 'edit' ? target.record : null;
  const draft = target?.draft;
  // 取消, × and Esc ask before typed content is dropped; a session ending keeps it for the editor
  // to open again (the parcel is the draft's record, this one's id rides along).
  const start = useMemo(() => (target ? initialFormValues(own, record) : null), [target, own, record]);
  const save = useSaveEntity(def, form, () => onClose(), { base: () => (draft ? undefined : (start ?? undefined)) });
  const draftAs = useMemo(() => (draftKey ? { key: draftKey, recordId: dkid, extra: { recordId: record?.id ?? null } } : undefined), [draftKey, dkid, record]);
  const mayLeave = useUnsavedEdits(own, form, record, start, record?.version, draftAs ? { draftAs } : { keepDraft: false });
  const requestClose = async () => {
    if (await mayLeave('关闭')) onClose();
  };
  return (
    <Drawer
      open={target !== null}
      title={record ? `编辑${def.label}` : `新增${def.label}`}
      size={640}
      onClose={() => void requestClose()}
      destroyOnHidden
      mask={{ closable: false }}
      afterOpenChange={(open) => {
        if (!open) save.reset();
      }}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={() => void requestClose()}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="record-form-submit">
            保存
          </Button>
        </Space>
      }
      data-testid="record-form-drawer"
    >
      <Form<FormValues>
        key={record ? record.id : 'new'}
        form={form}
        layout="vertical"
        initialValues={draft?.values ?? initialFormValues(own, record)}
        onFinish={(values) => save.mutate({ ...toPayload(own, values, record), [PARCEL_REF]: dkid })}
        scrollToFirstError
        autoComplete="off"
      >
        {/* Without it, 编辑 of a second record opened with the first one's values, and 保存 wrote them over it. */}
        <StartFromInitialValues form={form} />
        {draft && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={restoredText(draft)} data-testid="record-draft-restored" />}
        <EntityFormFields def={own} columns={2} />
      </Form>
    </Drawer>
  );
}

export function RecordListPanel({ def, dkid, readOnly, toolbarExtra, draftKey, draft, onDirty }: RecordListPanelProps) {
  const query = useQuery({ ...recordsOfParcelQuery(def, dkid), meta: SHOWN_IN_PLACE });
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [target, setTarget] = useState<Target | null>(null);
  // A record typed when the session ended: its drawer opens again once the list is here (for the
  // record it was, with the version the edits were made on, so a later save by someone else is a
  // conflict, not overwritten).
  const [toRestore, setToRestore] = useState(readOnly ? undefined : draft);
  useEffect(() => {
    if (!toRestore || !query.data) return;
    const childId = toRestore.extra?.recordId;
    const found = typeof childId === 'string' ? query.data.find((r) => r.id === childId) : undefined;
    setToRestore(undefined);
    if (typeof childId !== 'string') setTarget({ mode: 'add', draft: toRestore });
    else if (found) setTarget({ mode: 'edit', record: { ...found, version: toRestore.version }, draft: toRestore });
    else {
      notify.warning(`登录失效前编辑的这条${def.label}已被删除，未保存的修改无法恢复`);
      onDirty?.(false);
    }
  }, [toRestore, query.data, def, onDirty]);
  const close = () => {
    if (target?.draft) onDirty?.(false);
    setTarget(null);
  };
  const own = useMemo(() => withoutParcel(def), [def]);
  const deletion = useMutation({
    mutationFn: (ids: string[]) => deleteEntities(def, ids),
    onSuccess: async () => {
      notify.success('删除成功');
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(def.name) });
    },
  });

  const columns: TableColumnsType<EntityRecord> = own.fields.filter(isListedByDefault).map((f) => ({
    key: f.name,
    dataIndex: f.name,
    title: columnTitle(f),
    width: columnWidth(f, own.nameField),
    align: COLUMN_ALIGN[f.type],
    ellipsis: ['string', 'text'].includes(f.type) ? { showTitle: true } : undefined,
    render: (value: unknown) => TABLE_CELLS[f.type](value, f),
  }));
  if (!readOnly) {
    columns.push({
      key: 'actions',
      title: '操作',
      width: 120,
      fixed: 'right',
      render: (_v, record) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setTarget({ mode: 'edit', record })}>
            编辑
          </Button>
          {canDelete(def) && (
            <Button
              type="link"
              size="small"
              danger
              onClick={async () => {
                if (await confirm(`确定要删除这条${def.label}吗？${deleteOutcome(def.name)}`, { danger: true })) deletion.mutate([record.id]);
              }}
            >
              删除
            </Button>
          )}
        </Space>
      ),
    });
  }

  return (
    <div data-testid={`records-${def.name}`}>
      {!readOnly && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'add' })}>
            新增{def.label}
          </Button>
          {toolbarExtra}
        </Space>
      )}
      {query.isError && !query.data ? (
        <LoadFailed query={query} testId="records-load-error" />
      ) : (
        <Table<EntityRecord>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={query.data ?? []}
          loading={query.isPending || query.isFetching}
          pagination={false}
          scroll={{ x: columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 120), 0) }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${def.label}`} /> }}
        />
      )}
      {!readOnly && <RecordFormDrawer def={def} dkid={dkid} target={target} draftKey={draftKey} onClose={close} />}
    </div>
  );
}
