/**
 * The add/edit form of an entity, shared by the drawer and the full-page editor: fields from
 * the definition, validation by the shared schemas, server errors on their fields.
 */
import type { FormInstance, FormItemProps } from 'antd';
import { Alert, App, Col, Form, Row, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCallback, useMemo, useRef } from 'react';
import { ERROR_CODES } from '@land/shared';
import type { EntityDef, FieldDef } from '@land/shared/entity';
import { isInForm } from '@land/shared/entity';
import { sameValues } from '../../components/form/form-dirty';
import { applyServerErrors } from '../../components/form/server-errors';
import { useConfirm } from '../../components/use-confirm';
import { useDraftSource } from '../../lib/drafts';
import { notify } from '../../lib/notify';
import { ApiError, showError } from '../../lib/request';
import type { EntityRecord } from './api';
import { entityKeys, entityRecordQuery, saveEntity } from './api';
import { conflictText, mergeConflict, storedValues, valueText } from './save-conflict';
import { checkRules, fieldRules, requiredWhenOf } from './field-rules';
import { FORM_INPUTS } from './form-inputs';
import { TABLE_CELLS } from './table-cells';

export type FormValues = Record<string, unknown>;

/** Drafts of a row action's dialog (回复) open on a record: this prefix, then the record's id. */
export const rowActionDrafts = (def: EntityDef) => `${def.name}#action:`;

/**
 * A record form's unsaved edits (the form differs from `start`, what it began from: the record,
 * or a new one's start): kept as a draft if the session ends (lib/drafts.ts, saved later with
 * `version`), and asked about before they are dropped. Answers `mayLeave(verb)`: true at once
 * when nothing was typed, else the clerk's answer to 当前…有未保存的修改. `keepDraft: false` for a
 * form no screen reopens after signing in: it only asks. `draftAs` keeps the draft under the key
 * and record of the screen that reopens it (a parcel's record drawer: the parcel editor's).
 */
export function useUnsavedEdits(
  def: EntityDef,
  form: FormInstance<FormValues>,
  record: EntityRecord | null,
  start: FormValues | null,
  version?: number,
  { keepDraft = true, draftAs }: { keepDraft?: boolean; draftAs?: { key: string; recordId: string; extra?: Record<string, unknown> } } = {},
) {
  const confirm = useConfirm();
  const unsaved = useCallback((): FormValues | null => {
    const values = form.getFieldsValue(true) as FormValues;
    return start && !sameValues(values, start) ? values : null;
  }, [form, start]);
  const draftSource = useCallback(() => {
    const values = unsaved();
    if (!values) return null;
    return draftAs ? { ...draftAs, version, values } : { key: `${def.name}:${record?.id ?? 'new'}`, recordId: record?.id ?? null, version, values };
  }, [unsaved, def, record, version, draftAs]);
  useDraftSource(keepDraft ? draftSource : null);
  return useCallback(
    async (verb: '关闭' | '离开') => !unsaved() || confirm(`当前${def.label}有未保存的修改，${verb}后这些修改将丢失。确定${verb}吗？`, { danger: true }),
    [unsaved, confirm, def],
  );
}

/**
 * What a screen keeps out of its edit form for a record: fields not shown at all (internal
 * ids) and fields shown but not edited (what a visitor wrote), with a note saying why.
 */
export interface FormLock {
  hidden?: readonly string[];
  readOnly?: readonly string[];
  note?: ReactNode;
}

/** Decides the lock of the record being edited (null when adding). */
export type FormLockOf = (record: EntityRecord | null) => FormLock | null;

const isLocked = (lock: FormLock | null | undefined, name: string) => Boolean(lock?.hidden?.includes(name) || lock?.readOnly?.includes(name));

export function formFields(def: EntityDef): FieldDef[] {
  return def.fields.filter(isInForm);
}

/** Form values of a record being edited, or of a new one (field defaults, then `preset`). */
export function initialFormValues(def: EntityDef, record: EntityRecord | null, preset: FormValues = {}): FormValues {
  const values: FormValues = {};
  for (const f of formFields(def)) {
    const stored = record ? record[f.name] : f.default;
    const value = typeof stored === 'boolean' ? (stored ? 1 : 0) : stored;
    values[f.name] = value === null || value === '' ? undefined : value;
  }
  return record ? values : { ...values, ...preset };
}

/** What a save sends: every editable field (empty ones as null, so they are cleared), id and version on update. */
export function toPayload(def: EntityDef, values: FormValues, record: EntityRecord | null, lock?: FormLock | null): FormValues {
  const payload: FormValues = {};
  for (const f of formFields(def)) {
    if (FORM_INPUTS[f.type].readOnly || isLocked(lock, f.name)) continue;
    const v = values[f.name];
    payload[f.name] = v === undefined || v === '' ? null : v;
  }
  if (record) {
    payload.id = record.id;
    payload.version = record.version;
  }
  return payload;
}

interface FieldErrorData {
  field?: unknown;
}

export interface SaveEntityOptions {
  /**
   * What the form started from (the stored record's values, and what else the save sends), for
   * a save someone else's save got in before (see save-conflict.ts). Undefined when the form
   * opened with edits restored from an earlier session: every difference is then shown.
   */
  base?: () => FormValues | undefined;
  /** Takes the other person's value of something the screen keeps outside the form (the parcel's boundary): true when it did. */
  takeOther?: (name: string, value: unknown) => boolean;
}

/**
 * Save with the form's error handling: A0400 problems on their fields (the form stays open
 * with what was typed), a taken unique value on its field, and a save someone else's got in
 * before merged into the form (save-conflict.ts) and explained in a dialog.
 */
export function useSaveEntity(def: EntityDef, form: FormInstance, onSaved: (saved: EntityRecord, created: boolean) => void, options: SaveEntityOptions = {}) {
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  /** After a conflict: the version read, which the next save of that record goes against. */
  const rebased = useRef<{ id: unknown; version: unknown } | null>(null);
  const { base, takeOther } = options;

  const resolveConflict = async (payload: FormValues): Promise<void> => {
    const latest = await queryClient.fetchQuery(entityRecordQuery(def, String(payload.id)));
    if (!latest) {
      modal.warning({ title: '保存失败', content: `这条${def.label}已被他人删除，你的修改未保存（表单中的内容仍在，可复制留存）。`, okText: '知道了' });
      return;
    }
    const fields = formFields(def).map((f) => f.name);
    const names = Object.keys(payload).filter((k) => k !== 'id' && k !== 'version');
    const theirs = storedValues(latest, initialFormValues(def, latest), names);
    const mine = { ...payload, ...(form.getFieldsValue(true) as FormValues) };
    const merge = mergeConflict(names, mine, theirs, base?.());
    const other = (name: string) => !fields.includes(name);
    const taken = merge.taken;
    merge.taken = [];
    for (const t of taken) {
      if (takeOther?.(t.name, t.value)) merge.taken.push(t);
      else if (other(t.name)) merge.both.push(t);
      else {
        form.setFieldValue(t.name, t.value);
        merge.taken.push(t);
      }
    }
    form.setFields(
      merge.both
        .filter((b) => !other(b.name))
        .map((b) => ({ name: b.name, warnings: [`对方保存的值：${valueText(def.fields.find((f) => f.name === b.name), b.value)}`] })),
    );
    rebased.current = { id: payload.id, version: latest.version };
    modal.warning({
      title: '这条记录已被他人修改',
      content: (
        <div data-testid="save-conflict">
          {conflictText(def, merge).map((line) => (
            <p key={line} style={{ margin: '4px 0' }}>
              {line}
            </p>
          ))}
        </div>
      ),
      okText: '知道了',
    });
  };

  return useMutation({
    mutationFn: (payload: FormValues) =>
      saveEntity(def, rebased.current && payload.id === rebased.current.id ? { ...payload, version: rebased.current.version } : payload),
    meta: { ownErrors: true },
    onSuccess: async (saved, payload) => {
      rebased.current = null;
      const created = !payload.id;
      notify.success(created ? '新增成功' : '修改成功');
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(def.name) });
      onSaved(saved, created);
    },
    onError: (error, payload) => {
      if (applyServerErrors(form, error)) return;
      if (error instanceof ApiError && error.code === ERROR_CODES.CONFLICT) {
        const field = (error.data as FieldErrorData | null)?.field;
        if (typeof field === 'string' && def.fields.some((f) => f.name === field)) {
          form.setFields([{ name: field, errors: [error.message] }]);
          form.scrollToField(field);
        } else if (payload.id && (error.data as { reason?: unknown } | null)?.reason === 'version') {
          // A stale version: merged, not dropped (when the record cannot be read, the message as sent).
          resolveConflict(payload).catch(() => showError(error));
          return;
        }
      }
      showError(error);
    },
  });
}

interface EntityFormFieldsProps {
  def: EntityDef;
  /** Columns for the narrow fields: 2 in the drawer, 3 on a full page. */
  columns?: 1 | 2 | 3;
  /** The record being edited and what of it the screen keeps from editing. */
  record?: EntityRecord | null;
  lock?: FormLock | null;
}

/** A field kept from editing: its value as the list shows it, long text kept in its lines. */
function LockedValue({ value, render }: { value: unknown; render: ReactNode }) {
  const empty = value === null || value === undefined || value === '';
  return (
    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-readonly>
      {empty ? '—' : render}
    </Typography.Paragraph>
  );
}

/** A field required while another holds a value (requiredWhen): its asterisk follows that field. */
function RequiredWhenItem({ when, ...item }: FormItemProps & { when: { field: string; value: string } }) {
  const form = Form.useFormInstance();
  const required = Form.useWatch((values: Record<string, unknown>) => values[when.field] === when.value, form) ?? false;
  return <Form.Item required={required} {...item} />;
}

/**
 * The form items of every editable field, narrow ones side by side, wide ones on their own row;
 * on a phone (narrower than 576 px) one per row.
 */
export function EntityFormFields({ def, columns = 2, record, lock }: EntityFormFieldsProps) {
  const fields = useMemo(
    () =>
      formFields(def)
        .filter((f) => !lock?.hidden?.includes(f.name))
        .map((f) => {
          const locked = lock?.readOnly?.includes(f.name) ?? false;
          const checked = !FORM_INPUTS[f.type].readOnly && !locked;
          const checks = checkRules(def, f);
          return {
            field: f,
            input: FORM_INPUTS[f.type],
            locked,
            rules: checked ? [...fieldRules(f), ...checks.rules] : [],
            dependencies: checked && checks.dependencies.length > 0 ? checks.dependencies : undefined,
            requiredWhen: checked ? requiredWhenOf(def, f) : undefined,
          };
        }),
    [def, lock],
  );
  const span = 24 / columns;
  return (
    <Row gutter={16}>
      {lock?.note && (
        <Col span={24}>
          <Alert type="info" showIcon title={lock.note} style={{ marginBottom: 16 }} data-testid="form-lock-note" />
        </Col>
      )}
      {fields.map(({ field, input, rules, dependencies, locked, requiredWhen }) =>
        locked ? (
          <Col key={field.name} xs={24} sm={input.wide?.(field) || field.type === 'text' ? 24 : span}>
            <Form.Item label={field.label}>
              <LockedValue value={record?.[field.name]} render={TABLE_CELLS[field.type](record?.[field.name], field)} />
            </Form.Item>
          </Col>
        ) : (
        <Col key={field.name} xs={24} sm={input.wide?.(field) ? 24 : span}>
          {requiredWhen ? (
            <RequiredWhenItem when={requiredWhen} name={field.name} label={field.label} rules={rules} dependencies={dependencies} extra={field.help} {...input.item?.(field)}>
              {input.render(field)}
            </RequiredWhenItem>
          ) : (
            <Form.Item
              name={field.name}
              label={field.label}
              required={field.required}
              rules={rules}
              dependencies={dependencies}
              extra={field.help}
              {...input.item?.(field)}
            >
              {input.render(field)}
            </Form.Item>
          )}
        </Col>
        ),
      )}
    </Row>
  );
}
