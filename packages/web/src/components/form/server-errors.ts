import type { FormInstance } from 'antd';
import type { ValidationErrorData } from '@land/shared';
import { ERROR_CODES } from '@land/shared';
import { ApiError } from '../../lib/request';

function isValidationData(data: unknown): data is ValidationErrorData {
  return data !== null && typeof data === 'object' && Array.isArray((data as ValidationErrorData).errors);
}

/**
 * Puts a server validation failure (code A0400, data.errors) on the form's fields.
 * Returns false when the error is something else, so the caller shows it another way.
 * Errors for fields the form does not have are not swallowed: they count as unhandled.
 */
export function applyServerErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== ERROR_CODES.VALIDATION) return false;
  const data = error.data;
  const errors = isValidationData(data) ? data.errors : [];
  const known = new Set(Object.keys(form.getFieldsValue() as Record<string, unknown>));
  const onForm = errors.filter((e) => known.has(e.field));
  if (onForm.length === 0) return false;

  const byField = new Map<string, string[]>();
  for (const e of onForm) byField.set(e.field, [...(byField.get(e.field) ?? []), e.msg]);
  form.setFields([...byField].map(([name, msgs]) => ({ name, errors: msgs })));
  form.scrollToField(onForm[0].field);
  return onForm.length === errors.length;
}
