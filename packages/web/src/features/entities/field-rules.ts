import type { FormRule } from 'antd';
import type { EntityDef, FieldDef } from '@land/shared/entity';
import { checkProblem, checkSource, checkTarget, fieldSchema } from '@land/shared/entity';

/**
 * The antd rule of a field: the same zod schema the server validates a save with, so the
 * message under the field is the one the server would answer (SPEC §5 wording).
 */
export function fieldRules(field: FieldDef): FormRule[] {
  const schema = fieldSchema(field);
  return [
    {
      validator: (_rule, value: unknown) => {
        const result = schema.safeParse(value);
        return result.success ? Promise.resolve() : Promise.reject(new Error(result.error.issues[0]?.message ?? '输入格式不正确'));
      },
    },
  ];
}

/**
 * The entity's two-field checks shown under this field (the server's words, see RecordCheck),
 * and the fields whose change checks it again (Form.Item `dependencies`).
 */
export function checkRules(def: EntityDef, field: FieldDef): { rules: FormRule[]; dependencies: string[] } {
  const checks = (def.checks ?? []).filter((c) => checkTarget(c) === field.name);
  return {
    rules: checks.map(
      (check): FormRule =>
        ({ getFieldValue }) => ({
          validator: (_rule, value: unknown) => {
            const message = checkProblem(def, check, { [field.name]: value, [checkSource(check)]: getFieldValue(checkSource(check)) });
            return message ? Promise.reject(new Error(message)) : Promise.resolve();
          },
        }),
    ),
    dependencies: checks.map(checkSource),
  };
}

/**
 * The condition under which a field is required although it is optional on its own (a
 * `requiredWhen` check: 成交价 while 交易状态 is 已成交), for the form's asterisk.
 */
export function requiredWhenOf(def: EntityDef, field: FieldDef): { field: string; value: string } | undefined {
  for (const check of def.checks ?? []) if (check.kind === 'requiredWhen' && check.field === field.name) return check.when;
  return undefined;
}
