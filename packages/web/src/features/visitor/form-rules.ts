/**
 * The public forms' fields with the shared SPEC §5 rules, so each field shows the exact message
 * the server would also return. Kit controls (public-ui), no antd. The validators (and zod behind
 * them) load on the first check, not with the page.
 */
import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import type { RuleName } from '@land/shared/validation';
import { ApiError } from '../../lib/request';

const MOBILE_RE = /^1[3-9]\d{9}$/;

export interface FieldSpec<F extends string> {
  /** SPEC §5 rules, checked in order; the first failing one gives the message. */
  rules?: RuleName[];
  /** Required: the label of 请输入{label}. */
  required?: string;
  /** Required with a message of its own. */
  requiredMessage?: string;
  /** A further check after the rules (e.g. the confirmation equals the password). */
  check?: (value: string, values: Record<F, string>) => string | null;
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The account is a mainland mobile number: the SPEC phone rule, and no landline. */
export const ACCOUNT_FIELD: FieldSpec<string> = {
  rules: ['phone'],
  required: '手机号',
  check: (v) => (!v || MOBILE_RE.test(v) ? null : '请输入11位手机号码'),
};

/** The second entry of a new password equals the first. */
export const confirmField = <F extends string>(of: F, requiredMessage: string): FieldSpec<F> => ({
  requiredMessage,
  check: (v, values) => (!v || v === values[of] ? null : '两次输入的密码不一致'),
});

/** The message for one field, or null. */
export async function checkField<F extends string>(spec: FieldSpec<F>, value: string, values: Record<F, string>): Promise<string | null> {
  if (value === '' && (spec.required || spec.requiredMessage)) {
    if (spec.requiredMessage) return spec.requiredMessage;
    const { MESSAGES } = await import('@land/shared/validation');
    return MESSAGES.required(spec.required!);
  }
  if (spec.rules?.length) {
    const { checkRule } = await import('@land/shared/validation');
    for (const name of spec.rules) {
      const msg = checkRule(name, value);
      if (msg !== null) return msg;
    }
  }
  return spec.check?.(value, values) ?? null;
}

/** Server validation errors (A0400 with data.errors) for these fields; null when there are none. */
export function fieldErrorsOf<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> | null {
  if (!(error instanceof ApiError) || error.code !== 'A0400') return null;
  const data = error.data as { errors?: { field: string; msg: string }[]; field?: string } | null;
  const list = data?.errors ?? (data?.field ? [{ field: data.field, msg: error.message }] : []);
  const onForm = list.filter((e) => (fields as readonly string[]).includes(e.field));
  return onForm.length === 0 ? null : (Object.fromEntries(onForm.map((e) => [e.field, e.msg])) as FieldErrors<F>);
}

/**
 * A small form state for kit inputs: values, the SPEC message of each field (checked when the
 * field is left, again while it is in error, and all at once on submit), server field errors.
 * `onValueChange` hears every edit, for a draft kept beyond the form (the login dialog's tabs).
 */
export function useSpecForm<F extends string>(
  specs: Record<F, FieldSpec<F>>,
  initial: Record<F, string>,
  onValueChange?: (name: F, value: string) => void,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const fields = Object.keys(specs) as F[];

  const validateOne = async (name: F, next: Record<F, string>) => {
    const msg = await checkField(specs[name], next[name], next);
    setErrors((e) => ({ ...e, [name]: msg ?? undefined }));
  };

  /** Props for a kit Input of this field (spread after the Field's own props). */
  const input = (name: F) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      onValueChange?.(name, e.target.value);
      if (errors[name]) void validateOne(name, next);
    },
    onBlur: () => {
      if (values[name] !== '' || errors[name]) void validateOne(name, values);
    },
  });

  /** The submit handler: checks every field, focuses the first in error, else calls `onValid`. */
  const onSubmit = (onValid: (values: Record<F, string>) => void) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const found: FieldErrors<F> = {};
    for (const name of fields) {
      const msg = await checkField(specs[name], values[name], values);
      if (msg) found[name] = msg;
    }
    setErrors(found);
    if (fields.some((f) => found[f])) {
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    onValid(values);
  };

  /** Server field errors onto the form; false when the error is not one of them. */
  const applyServerErrors = (error: unknown): boolean => {
    const found = fieldErrorsOf(error, fields);
    if (!found) return false;
    setErrors(found);
    return true;
  };

  const reset = (next: Record<F, string> = initial) => {
    setValues(next);
    setErrors({});
  };

  return { values, errors, input, onSubmit, applyServerErrors, reset };
}
