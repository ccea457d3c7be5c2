/**
 * Runs a lifecycle action on one or more parcels: a modal that asks the question, warns of
 * overlapping parcels (submission and every review) and takes the review opinion (审核意见:
 * required to 退回, optional to pass), the take-down reason, or — publishing over a published,
 * listed or dealt parcel beyond the tolerance — the reason for publishing anyway; 退回录入 is a
 * 提示 confirm. Then the transition call, and every parcel list refreshes. A refusal by the
 * server (wrong state, role, four eyes) is shown in the modal (or a dialog that stays until
 * read), with the server's message. Closing the modal with a typed opinion or reason asks first;
 * if the session ends while it is open, what was typed is kept (lib/drafts.ts) and the list
 * screen opens the modal again with it after signing in.
 */
import type { ButtonProps } from 'antd';
import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { MESSAGES, maxUnits } from '@land/shared/validation';
import { TAKE_DOWN_REASONS } from '@land/shared/entities/parcelTakeDown';
import type { ParcelAction, Transition } from '@land/shared/lifecycle';
import { transitionFor } from '@land/shared/lifecycle';
import { formatArea } from '@land/shared/areaFormat';
import { StartFromInitialValues } from '../../components/form/StartFromInitialValues';
import { useConfirm } from '../../components/use-confirm';
import { forgetDraft, restoredText, useDraftSource, useDraftToRestore, type Draft } from '../../lib/drafts';
import { lengthCount } from '../../lib/length-count';
import { notify } from '../../lib/notify';
import { ApiError } from '../../lib/request';
import type { EntityRecord } from '../entities/api';
import { isOfferedParcel, parcelKeysAll, parcelOverlapsQuery, transitionParcels, type OverlapAnswer } from './api';
import { doneMessage } from './screens';

interface CommentValues {
  comment: string;
  reasonType?: string;
  overlapReason?: string;
}

interface Pending {
  transition: Transition;
  parcels: EntityRecord[];
  /** Take-down reason kind to start with (成交 parcels: 已供应/已出让). */
  defaultReasonType?: string;
  /** What was typed before the session ended, opened again. */
  restored?: Draft;
}

/** Drafts of this modal: `parcelTransition:<action>`. */
const DRAFT_PREFIX = 'parcelTransition:';
const typed = (v: unknown) => typeof v === 'string' && v.trim() !== '';
const hasTyped = (v: Partial<CommentValues>) => typed(v.comment) || typed(v.overlapReason);

const nameOf = (p: EntityRecord) => String(p.dkmc ?? p.dkbh ?? '');

function subject(parcels: EntityRecord[]): string {
  return parcels.length === 1 ? `地块“${nameOf(parcels[0])}”` : `选中的 ${parcels.length} 个地块`;
}

const COMMENT_LABELS: Partial<Record<ParcelAction, { label: string; placeholder: string; required?: string }>> = {
  reject: { label: '审核意见', placeholder: '请填写退回原因及需要修改的内容', required: '请填写退回意见' },
  takeDown: { label: '下架原因', placeholder: '请说明下架原因，如：该地块已完成出让', required: '请填写下架原因' },
  passFirst: { label: '审核意见（选填）', placeholder: '可填写审核意见，录入人会收到' },
  publish: { label: '审核意见（选填）', placeholder: '可填写审核意见，录入人会收到' },
  republish: { label: '审核意见（选填）', placeholder: '可填写重新发布的说明' },
};

/** The actions whose modal warns of overlapping parcels. */
const OVERLAP_CHECKED: readonly ParcelAction[] = ['submit', 'passFirst', 'publish', 'republish'];
const PUBLISHING: readonly ParcelAction[] = ['publish', 'republish'];
/** At most this many parcels of a batch are checked for overlaps in the dialog (the server checks all on 发布). */
const OVERLAP_CHECK_LIMIT = 20;
const LEN200_COUNT = lengthCount(200);


/** One line per parcel with overlaps, for the warning in the modal. */
function OverlapWarning({ parcels, answers, publishing }: { parcels: EntityRecord[]; answers: (OverlapAnswer | undefined)[]; publishing: boolean }) {
  const lines = parcels
    .map((p, i) => ({ parcel: p, answer: answers[i] }))
    .filter((x) => x.answer && x.answer.list.length > 0);
  if (lines.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="transition-overlaps"
      title="地块边界与其他地块重叠"
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {lines.map(({ parcel, answer }) => (
            <li key={parcel.id}>
              {parcels.length > 1 && `${nameOf(parcel)}：`}
              {answer!.list.map((o) => `与“${o.dkmc}”重叠 ${formatArea(o.areaM2)} ㎡（${formatArea(o.areaMu)} 亩）${isOfferedParcel(o) ? '，该地块已发布/挂牌/成交' : ''}`).join('；')}
            </li>
          ))}
          {publishing && <li>超过容差 {answers.find(Boolean)?.toleranceM2 ?? 1} ㎡ 与已发布、挂牌或成交地块重叠时，须填写发布理由。</li>}
        </ul>
      }
    />
  );
}

export interface RunOptions {
  defaultReasonType?: string;
  /** Called after the action succeeded (clear a selection, close a drawer). */
  onDone?: (parcels: EntityRecord[]) => void;
}

/** The modal again for what was typed in it before the session ended (null when the draft no longer names an action). */
function restoredPending(draft: Draft): Pending | null {
  const transition = transitionFor(String(draft.extra?.action ?? '') as ParcelAction);
  const parcels = Array.isArray(draft.extra?.parcels) ? (draft.extra.parcels as EntityRecord[]) : [];
  return transition && parcels.length > 0 ? { transition, parcels, restored: draft } : null;
}

/** `restore`: this screen opens the modal again with a draft kept when the session ended (one screen per path). */
export function useParcelTransition({ restore = false }: { restore?: boolean } = {}): {
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
  /** The server asked for a publishing reason (an overlap the dialog did not know of). */
  const [reasonAsked, setReasonAsked] = useState(false);
  const checked = pending && OVERLAP_CHECKED.includes(pending.transition.action) ? pending.parcels.slice(0, OVERLAP_CHECK_LIMIT) : [];
  const overlapQueries = useQueries({ queries: checked.map((p) => parcelOverlapsQuery({ id: p.id })) });
  const overlapAnswers = overlapQueries.map((q) => q.data);
  const publishing = pending !== null && PUBLISHING.includes(pending.transition.action);
  const needsReason =
    publishing && (reasonAsked || overlapAnswers.some((a) => a?.list.some((o) => isOfferedParcel(o) && o.areaM2 > a.toleranceM2)));

  // What was typed is kept if the session ends while the modal is open.
  useDraftSource(
    useCallback(() => {
      if (!pending) return null;
      const values = form.getFieldsValue(true) as CommentValues;
      if (!hasTyped(values)) return null;
      const { action } = pending.transition;
      const parcels = pending.parcels.map((p) => ({ id: p.id, dkmc: p.dkmc, dkbh: p.dkbh }));
      return { key: `${DRAFT_PREFIX}${action}`, recordId: null, values: { ...values }, extra: { action, parcels } };
    }, [pending, form]),
  );
  const draft = useDraftToRestore(DRAFT_PREFIX, restore);
  useEffect(() => {
    if (!draft) return;
    forgetDraft(draft.key);
    const again = restoredPending(draft);
    if (again) setPending(again);
  }, [draft]);

  const mutation = useMutation({
    mutationFn: (vars: { action: ParcelAction; parcels: EntityRecord[]; comment?: string; reasonType?: string; overlapReason?: string }) =>
      transitionParcels({
        ids: vars.parcels.map((p) => p.id),
        action: vars.action,
        comment: vars.comment,
        reasonType: vars.reasonType,
        overlapReason: vars.overlapReason,
      }),
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
      if (action !== 'withdraw') {
        // The modal's form starts from this opening's values (StartFromInitialValues), empty but for a take-down's kind.
        setModalError(null);
        setReasonAsked(false);
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
    // An invalid form shows its messages on the fields: nothing more to do (and no rejection left unhandled).
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setModalError(null);
    try {
      await mutation.mutateAsync({
        action: pending.transition.action,
        parcels: pending.parcels,
        comment: values.comment?.trim() || undefined,
        reasonType: values.reasonType,
        overlapReason: values.overlapReason?.trim() || undefined,
      });
      notify.success(doneMessage(pending.transition.action, pending.parcels.length));
      pending.onDone?.(pending.parcels);
      setPending(null);
    } catch (error) {
      if (error instanceof ApiError && error.handled) return;
      if (error instanceof ApiError && (error.data as { field?: string } | null)?.field === 'overlapReason') setReasonAsked(true);
      setModalError(error instanceof Error && error.message ? error.message : '操作失败，请稍后重试');
    }
  };

  const labels = pending ? COMMENT_LABELS[pending.transition.action] : undefined;

  /** 取消, × and Esc: an opinion or reason typed is not dropped without asking. */
  const close = async () => {
    const values = form.getFieldsValue(true) as CommentValues;
    const what = typed(values.comment) ? (labels?.label.replace(/（选填）$/, '') ?? '内容') : '发布理由';
    if (!hasTyped(values) || (await confirm(`已填写的${what}尚未提交，关闭后将丢失。确定关闭吗？`, { danger: true }))) setPending(null);
  };
  const isTakeDown = pending?.transition.action === 'takeDown';
  const destructive = pending?.transition.action === 'reject' || isTakeDown;

  const element = (
    <Modal
      open={pending !== null}
      title={pending ? `${pending.transition.label}：${subject(pending.parcels)}` : ''}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger: destructive, loading: mutation.isPending, 'data-testid': 'transition-ok' } as ButtonProps}
      onOk={() => void submitComment()}
      onCancel={() => void close()}
      destroyOnHidden
      mask={{ closable: false }}
      data-testid="transition-modal"
    >
      {pending && pending.parcels.length > 1 && (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: pending.parcels.map(nameOf).join('、') }}>
          {pending.parcels.map(nameOf).join('、')}
        </Typography.Paragraph>
      )}
      {pending && !pending.transition.needsComment && (
        <Typography.Paragraph data-testid="transition-question">{`确定对${subject(pending.parcels)}执行“${pending.transition.label}”吗？`}</Typography.Paragraph>
      )}
      {pending && checked.length > 0 && <OverlapWarning parcels={checked} answers={overlapAnswers} publishing={needsReason} />}
      {pending?.restored && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={restoredText(pending.restored, [], '请核对后确定')} data-testid="draft-restored" />
      )}
      {modalError && <Alert type="error" showIcon title={modalError} style={{ marginBottom: 16 }} data-testid="transition-error" />}
      <Form<CommentValues>
        form={form}
        name="parcelTransition"
        layout="vertical"
        preserve={false}
        initialValues={{ comment: '', reasonType: pending?.defaultReasonType, ...(pending?.restored?.values as Partial<CommentValues> | undefined) }}
      >
        <StartFromInitialValues form={form} />
        {isTakeDown && (
          <Form.Item name="reasonType" label="下架原因类型" rules={[{ required: true, message: '请选择下架原因类型' }]}>
            <Select options={TAKE_DOWN_REASONS} placeholder="请选择下架原因类型" aria-label="下架原因类型" />
          </Form.Item>
        )}
        {needsReason && (
          <Form.Item
            name="overlapReason"
            label="发布理由（与已发布、挂牌或成交地块重叠）"
            rules={[
              { required: true, whitespace: true, message: '请填写发布理由' },
              { validator: (_r, v: string) => (maxUnits(v ?? '', 200) ? Promise.resolve() : Promise.reject(new Error(MESSAGES.len200))) },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} placeholder="如：界址经现场复核，以新测绘成果为准" count={LEN200_COUNT} />
          </Form.Item>
        )}
        {labels && (
          <Form.Item
            name="comment"
            label={labels.label}
            rules={[
              ...(labels.required ? [{ required: true, whitespace: true, message: labels.required }] : []),
              { validator: (_r: unknown, v: string) => (maxUnits(v ?? '', 200) ? Promise.resolve() : Promise.reject(new Error(MESSAGES.len200))) },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} placeholder={labels.placeholder} count={LEN200_COUNT} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );

  return { run, running: mutation.isPending ? (mutation.variables?.action ?? null) : null, element };
}
