import { SendOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { Alert, Button, Form, Input, Modal, Radio, Select, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Key } from 'react';
import { useMemo, useState } from 'react';
import { LoadFailed } from '../../components/list/LoadFailed';
import { ScreenCard } from '../../components/ScreenCard';
import { applyServerErrors } from '../../components/form/server-errors';
import { notify } from '../../lib/notify';
import { showError } from '../../lib/request';
import type { Recipient, TemplateSend } from './api';
import { keywordLabel, messagingKeys, recipientPageQuery, sendTemplateMessage, templateKeywords, templateOptionsQuery } from './api';
import { MESSAGE_TYPE_OPTIONS, tablePaging } from './labels';
import { zhRowSelection } from '../../components/list/row-selection';
import { SHOWN_IN_PLACE } from '../../lib/query-client';

interface SendValues {
  templateId: string;
  values: Record<string, string>;
  mode: 'users' | 'permission';
  permission?: string;
}

/** A new key per opening of the dialog: a double click or a retried request sends once. */
const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

function RecipientPicker({ selected, onChange }: { selected: Key[]; onChange: (keys: Key[]) => void }) {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 8 });
  const params = keyword ? [{ column: 'userName', type: 'like', val: keyword }] : [];
  const query = useQuery({ ...recipientPageQuery({ ...page, params }), placeholderData: keepPreviousData, meta: SHOWN_IN_PLACE });
  const columns: TableColumnsType<Recipient> = [
    { title: '姓名', key: 'name', render: (_v, r) => r.nickname ?? r.userName },
    { title: '手机号', dataIndex: 'userAccount' },
    { title: '单位', dataIndex: 'sqdw', ellipsis: true },
    { title: '微信', dataIndex: 'wechat', width: 80, render: (w: number) => (w ? <Tag color="green">可接收</Tag> : '') },
  ];
  return (
    <>
      <Input.Search placeholder="按姓名查找" allowClear style={{ marginBottom: 8 }} onSearch={(v) => { setKeyword(v.trim()); setPage((p) => ({ ...p, pageNo: 1 })); }} />
      {query.isError && !query.data ? (
        <LoadFailed query={query} testId="recipient-load-error" />
      ) : (
        <Table<Recipient>
          rowKey="id"
          size="small"
          data-testid="recipient-table"
          loading={query.isFetching}
          columns={columns}
          dataSource={query.data?.list ?? []}
          rowSelection={zhRowSelection({ selectedRowKeys: selected, onChange, preserveSelectedRowKeys: true })}
          pagination={tablePaging(page, query.data?.total, setPage, { size: 'small', showTotal: undefined })}
        />
      )}
      <Typography.Text type="secondary">已选 {selected.length} 人</Typography.Text>
    </>
  );
}

function SendDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<SendValues>();
  const queryClient = useQueryClient();
  const [key, setKey] = useState(newKey);
  const [selected, setSelected] = useState<Key[]>([]);
  const templates = useQuery({ ...templateOptionsQuery(), enabled: open });
  const templateId = Form.useWatch('templateId', form);
  const mode = Form.useWatch('mode', form) ?? 'users';
  const template = useMemo(() => templates.data?.find((t) => t.id === templateId), [templates.data, templateId]);
  const keywords = templateKeywords(template?.content);

  const mutation = useMutation({
    mutationFn: (input: TemplateSend) => sendTemplateMessage(input),
    meta: { ownErrors: true },
    onSuccess: (out) => {
      notify.success(out.duplicate ? '该消息已发送过，未重复发送' : `已提交发送：${out.recipients} 人（站内信 ${out.inbox} 条，微信 ${out.wechat} 条）`);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
      close();
    },
    onError: (error) => {
      if (!applyServerErrors(form, error)) showError(error);
    },
  });

  function close() {
    form.resetFields();
    setSelected([]);
    setKey(newKey());
    onClose();
  }

  const submit = async () => {
    // An invalid form shows its messages on the fields: nothing more to do (and no rejection left unhandled).
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (values.mode === 'users' && selected.length === 0) {
      notify.warning('请选择接收人');
      return;
    }
    mutation.mutate({
      templateId: values.templateId,
      values: values.values ?? {},
      ...(values.mode === 'users' ? { userIds: selected.map(String) } : { permission: values.permission }),
      idempotencyKey: key,
    });
  };

  return (
    <Modal open={open} title="发送模板消息" width={760} okText="发送" cancelText="取消" confirmLoading={mutation.isPending} onOk={() => void submit()} onCancel={close} destroyOnHidden>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message="消息先写入发件箱再投递：站内信立即送达；已配置微信小程序且用户有 openid 时另发微信订阅消息，失败会自动重试。" />
      <Form form={form} layout="vertical" initialValues={{ mode: 'users' }}>
        <Form.Item name="templateId" label="消息模板" rules={[{ required: true, message: '请选择消息模板' }]}>
          <Select
            placeholder="请选择"
            loading={templates.isFetching}
            options={(templates.data ?? []).map((t) => ({ value: t.id, label: t.title }))}
            onChange={() => form.setFieldValue('values', {})}
          />
        </Form.Item>
        {template?.content && (
          <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
            {template.content}
          </Typography.Paragraph>
        )}
        {keywords.map((k) => (
          <Form.Item key={k} name={['values', k]} label={keywordLabel(template?.content, k)} rules={[{ required: true, whitespace: true, message: `请输入${keywordLabel(template?.content, k)}` }, { max: k.startsWith('thing') ? 20 : 32, message: `不能超过${k.startsWith('thing') ? 20 : 32}个字` }]}>
            <Input placeholder={k} />
          </Form.Item>
        ))}
        <Form.Item name="mode" label="接收人">
          <Radio.Group
            options={[
              { value: 'users', label: '指定用户' },
              { value: 'permission', label: '按微信用户权限' },
            ]}
          />
        </Form.Item>
        {mode === 'permission' ? (
          <Form.Item name="permission" label="权限" rules={[{ required: true, message: '请选择权限' }]}>
            <Select placeholder="请选择" options={MESSAGE_TYPE_OPTIONS} />
          </Form.Item>
        ) : (
          <RecipientPicker selected={selected} onChange={setSelected} />
        )}
      </Form>
    </Modal>
  );
}

/** 发送订阅消息: staff send a template message to chosen users (beside the template list). */
export function SendTemplatePanel() {
  const [open, setOpen] = useState(false);
  return (
    <ScreenCard
      title="发送订阅消息"
      extra={
        <Button type="primary" icon={<SendOutlined />} onClick={() => setOpen(true)} data-testid="send-template-message">
          发送模板消息
        </Button>
      }
    >
      <Typography.Text type="secondary">选择一个启用的模板，填写关键词内容，发给指定用户或持有某项微信用户权限的用户；发送结果见“消息列表”的发送记录。</Typography.Text>
      <SendDialog open={open} onClose={() => setOpen(false)} />
    </ScreenCard>
  );
}
