/**
 * Form rules of the public forms from the shared SPEC §5 rules, so each field shows the exact
 * message the server would also return. Imported only by lazily loaded forms: the validators
 * bring zod with them.
 */
import type { FormInstance, FormRule } from 'antd';
import { MESSAGES, checkRule, type RuleName } from '@land/shared/validation';
import { ApiError } from '../../lib/request';

const MOBILE_RE = /^1[3-9]\d{9}$/;

/** antd rules from the shared SPEC §5 rules: the exact messages the server also returns. */
export function specRules(names: RuleName[], required?: string): FormRule[] {
  const rules: FormRule[] = required ? [{ required: true, message: MESSAGES.required(required) }] : [];
  for (const name of names) {
    rules.push({
      validator: (_r, value: unknown) => {
        const msg = checkRule(name, value ?? '');
        return msg === null ? Promise.resolve() : Promise.reject(new Error(msg));
      },
    });
  }
  return rules;
}

/** The account is a mainland mobile number: the SPEC phone rule, and no landline. */
export const ACCOUNT_RULES: FormRule[] = [
  ...specRules(['phone'], '手机号'),
  {
    validator: (_r, value: unknown) =>
      !value || MOBILE_RE.test(String(value)) ? Promise.resolve() : Promise.reject(new Error('请输入11位手机号码')),
  },
];

/** Server validation errors (A0400 with data.errors) onto the form's fields; false when not. */
export function applyFieldErrors(form: FormInstance, error: unknown, fields: readonly string[]): boolean {
  if (!(error instanceof ApiError) || error.code !== 'A0400') return false;
  const data = error.data as { errors?: { field: string; msg: string }[]; field?: string } | null;
  const errors = data?.errors ?? (data?.field ? [{ field: data.field, msg: error.message }] : []);
  const known = new Set(fields);
  const onForm = errors.filter((e) => known.has(e.field));
  if (onForm.length === 0) return false;
  form.setFields(onForm.map((e) => ({ name: e.field, errors: [e.msg] })));
  return true;
}

