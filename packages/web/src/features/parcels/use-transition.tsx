/**
 * Runs a lifecycle action on one or more parcels: a 提示 confirm (or, for 退回 and 下架, a modal
 * asking for the comment / reason), the transition call, then every parcel list refreshes. A
 * refusal by the server (wrong state, role, missing reason) is shown in a dialog that stays
 * until read, with the server's message.
 */
import type { ButtonProps } from 'antd';
import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import { MESSAGES, maxUnits } from '@land/shared/validation';
import { TAKE_DOWN_REASONS } from '@land/shared/entities/parcelTakeDown';
import type { ParcelAction, Transition } from '@land/shared/lifecycle';
import { transitionFor } from '@land/shared/lifecycle';
import { useConfirm } from '../../components/use-confirm';
import { notify } from '../../lib/notify';
import { ApiError } from '../../lib/request';
import type { EntityRecord } from '../entities/api';
import { parcelKeysAll, transitionParcels } from './api';
import { doneMessage } from './screens';

interface CommentValues {
  comment: string;
  reasonType?: string;
}

interface Pending {
  transition: Transition;
  parcels: EntityRecord[];
  /** Take-down reason kind to start with (成交 parcels: 已供应/已出让). */
  defaultReasonType?: string;
}

const nameOf = (p: EntityRecord) => String(p.dkmc ?? p.dkbh ?? '');

function subject(parcels: EntityRecord[]): string {
  return parcels.length === 1 ? `地块“${nameOf(parcels[0])}”` : `选中的 ${parcels.length} 个地块`;
}

const COMMENT_LABELS: Partial<Record<ParcelAction, { label: string; placeholder: string; required: string }>> = {
  reject: { label: '退回意见', placeholder: '请填写退回原因及需要修改的内容', required: '请填写退回意见' },
  takeDown: { label: '下架原因', placeholder: '请说明下架原因，如：该地块已完成出让', required: '请填写下架原因' },
};

export interface RunOptions {
  defaultReasonType?: string;
  /** Called after the action succeeded (clear a selection, close a drawer). */
  onDone?: (parcels: EntityRecord[]) => void;
}

export function useParcelTransition(): {
  run: (action: ParcelAction, parcels: EntityRecord[], options?: RunOptions) => Promise<void>;
  running: ParcelAction | null;
  element: ReactNode;
} {
  const { modal } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CommentValues>();
  const [pending, setPending] = useState<(Pending & { onDone?: RunOptions['onDone'] }) | null>(null);
  const [modalError, setModalError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (vars: { action: ParcelAction; parcels: EntityRecord[]; comment?: string; reasonType?: string }) =>
      transitionParcels({ ids: vars.parcels.map((p) => p.id), action: vars.action, comment: vars.comment, reasonType: vars.reasonType }),
    meta: { ownErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: parcelKeysAll }),
  });

  const explain = useCallback(
    (transition: Transition, error: unknown) => {
      if (error instanceof ApiError && error.handled) return;
      const message = error instanceof Error && error.message ? error.message : '操作失败，请稍后重试';
      modal.error({ title: `“${transition.label}”未完成`, content: message, okText: '知道了' });
    },
    [modal],
  );

  const run = useCallback(
    async (action: ParcelAction, parcels: EntityRecord[], options: RunOptions = {}) => {
      const transition = transitionFor(action);
      if (!transition || parcels.length === 0) return;
      if (transition.needsComment) {
        // The modal's form is made afresh on every opening (destroyOnHidden), so it starts empty.
        setModalError(null);
        setPending({ transition, parcels, defaultReasonType: options.defaultReasonType, onDone: options.onDone });
        return;
      }
      if (!(await confirm(`确定对${subject(parcels)}执行“${transition.label}”吗？`))) return;
      try {
        await mutation.mutateAsync({ action, parcels });
        notify.success(doneMessage(action, parcels.length));
        options.onDone?.(parcels);
      } catch (error) {
        explain(transition, error);
      }
    },
    [confirm, explain, mutation],
  );

  const submitComment = async () => {
    if (!pending) return;
    const values = await form.validateFields();
    setModalError(null);
    try {
      await mutation.mutateAsync({
        action: pending.transition.action,
        parcels: pending.parcels,
        comment: values.comment.trim(),
        reasonType: values.reasonType,
      });
      notify.success(doneMessage(pending.transition.action, pending.parcels.length));
      pending.onDone?.(pending.parcels);
      setPending(null);
    } catch (error) {
      if (error instanceof ApiError && error.handled) return;
      setModalError(error instanceof Error && error.message ? error.message : '操作失败，请稍后重试');
    }
  };

  const labels = pending ? COMMENT_LABELS[pending.transition.action] : undefined;
  const isTakeDown = pending?.transition.action === 'takeDown';

  const element = (
    <Modal
      open={pending !== null}
      title={pending ? `${pending.transition.label}：${subject(pending.parcels)}` : ''}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: mutation.isPending, 'data-testid': 'transition-ok' } as ButtonProps}
      onOk={() => void submitComment()}
      onCancel={() => setPending(null)}
      destroyOnHidden
      mask={{ closable: false }}
      data-testid="transition-modal"
    >
      {pending && pending.parcels.length > 1 && (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: pending.parcels.map(nameOf).join('、') }}>
          {pending.parcels.map(nameOf).join('、')}
        </Typography.Paragraph>
      )}
      {modalError && <Alert type="error" showIcon title={modalError} style={{ marginBottom: 16 }} data-testid="transition-error" />}
      <Form<CommentValues>
        form={form}
        name="parcelTransition"
        layout="vertical"
        preserve={false}
        initialValues={{ comment: '', reasonType: pending?.defaultReasonType }}
      >
        {isTakeDown && (
          <Form.Item name="reasonType" label="下架原因类型" rules={[{ required: true, message: '请选择下架原因类型' }]}>
            <Select options={TAKE_DOWN_REASONS} placeholder="请选择下架原因类型" aria-label="下架原因类型" />
          </Form.Item>
        )}
        <Form.Item
          name="comment"
          label={labels?.label ?? '意见'}
          rules={[
            { required: true, whitespace: true, message: labels?.required ?? '请填写意见' },
            { validator: (_r, v: string) => (maxUnits(v ?? '', 200) ? Promise.resolve() : Promise.reject(new Error(MESSAGES.len200))) },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} placeholder={labels?.placeholder} showCount maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );

  return { run, running: mutation.isPending ? (mutation.variables?.action ?? null) : null, element };
}
