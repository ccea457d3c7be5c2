import type { FormRule } from 'antd';
import type { FieldDef } from '@land/shared/entity';
import { fieldSchema } from '@land/shared/entity';

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
