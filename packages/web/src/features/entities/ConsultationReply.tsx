/**
 * 回复 on the consulting-question screen: the visitor's question, read-only, and the answer.
 * Saving the answer sends it to the asker's inbox (and WeChat where bound) through the outbox
 * (server hook tProblem); the question itself cannot be changed by staff. Closing with an answer
 * typed asks first; one typed when the session ended opens again after signing in.
 */
import { Alert, Descriptions, Form, Input, Modal, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { EntityDef } from '@land/shared/entity';
import { StartFromInitialValues } from '../../components/form/StartFromInitialValues';
import { useConfirm } from '../../components/use-confirm';
import { restoredText, useDraftSource, useForgetDraft, type Draft } from '../../lib/drafts';
import { lengthCount } from '../../lib/length-count';
import { notify } from '../../lib/notify';
import type { EntityRecord } from './api';
import { entityKeys, saveEntity } from './api';
import { rowActionDrafts } from './entity-form';
import { fieldRules } from './field-rules';

interface ConsultationReplyProps {
  def: EntityDef;
  record: EntityRecord | null;
  draft?: Draft;
  onClose: () => void;
}

const ANSWER_COUNT = lengthCount(2000);

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

export function ConsultationReply({ def, record, draft, onClose }: ConsultationReplyProps) {
  const [form] = Form.useForm<{ answer: string }>();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  // The answer typed and not sent (the form is there whenever a record is).
  const unsent = useCallback((): string | null => {
    if (!record) return null;
    const answer = String(form.getFieldValue('answer') ?? '');
    return answer.trim() !== String(record.answer ?? '').trim() ? answer : null;
  }, [form, record]);
  useDraftSource(
    useCallback(() => {
      const answer = unsent();
      return record && answer !== null ? { key: `${rowActionDrafts(def)}${record.id}`, recordId: record.id, version: record.version, values: { answer } } : null;
    }, [unsent, def, record]),
  );
  useForgetDraft(draft);
  const close = async () => {
    if (unsent() === null || (await confirm('回复尚未发送，关闭后已填写的内容将丢失。确定关闭吗？', { danger: true }))) onClose();
  };
  const reply = useMutation({
    mutationFn: (answer: string) => saveEntity(def, { id: record!.id, version: record!.version, answer }),
    onSuccess: async () => {
      notify.success(record?.visitorId ? '回复已保存，并已发送到访客的消息中心' : '回复已保存');
      onClose();
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(def.name) });
    },
  });
  const label = (name: string) => def.fields.find((f) => f.name === name)?.label ?? name;
  // The answer's own rule (len2000), as the server checks it.
  const answerRules = useMemo(() => {
    const field = def.fields.find((f) => f.name === 'answer');
    return field ? fieldRules(field) : [];
  }, [def]);
  const category = def.fields.find((f) => f.name === 'category')?.options?.find((o) => o.value === record?.category)?.label;

  return (
    <Modal
      open={record !== null}
      title="回复咨询"
      width={640}
      okText="发送回复"
      onOk={() => form.submit()}
      confirmLoading={reply.isPending}
      onCancel={() => void close()}
      destroyOnHidden
      data-testid="consultation-reply"
    >
      {record && (
        <>
          {draft && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={restoredText(draft, [], '请核对后发送')} data-testid="draft-restored" />}
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }} styles={{ label: { whiteSpace: 'nowrap' } }} data-testid="consultation-question">
            <Descriptions.Item label={label('title')}>{text(record.title)}</Descriptions.Item>
            <Descriptions.Item label={label('category')}>{text(category)}</Descriptions.Item>
            <Descriptions.Item label={label('askerName')}>{text(record.askerName)}</Descriptions.Item>
            <Descriptions.Item label={label('content')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{text(record.content)}</Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="vertical" initialValues={{ answer: draft ? String(draft.values.answer ?? '') : (record.answer ?? '') }} onFinish={(v) => reply.mutate(v.answer.trim())}>
            <StartFromInitialValues form={form} />
            <Form.Item
              name="answer"
              label={label('answer')}
              rules={[{ required: true, whitespace: true, message: '请输入回复内容' }, ...answerRules]}
              extra={
                // Clear of the character count on the same line (they overlapped on a phone).
                <span style={{ display: 'block', paddingInlineEnd: 88 }}>
                  {record.visitorId ? '回复将发送到访客的消息中心；访客绑定了微信的，同时发送微信通知。' : '该咨询未关联访客账号，回复仅在咨询记录中保存。'}
                </span>
              }
            >
              <Input.TextArea rows={5} count={ANSWER_COUNT} data-testid="consultation-answer" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
