/**
 * Adapts the shared SPEC §5 rules to antd Form rules, so every form shows the exact SPEC
 * message the server would also return.
 */
import type { FormRule } from 'antd';
import type { RuleName } from '@land/shared';
import { MESSAGES, checkRule } from '@land/shared';

export interface RuleOptions {
  required?: boolean;
  /** Field label for the required message (请输入{label} / 请选择{label}). */
  label?: string;
  /** Pickers and selects say 请选择 instead of 请输入. */
  select?: boolean;
}

export function toAntdRules(ruleNames: readonly RuleName[], options: RuleOptions = {}): FormRule[] {
  const rules: FormRule[] = [];
  if (options.required) {
    const label = options.label ?? '';
    rules.push({ required: true, message: options.select ? MESSAGES.select(label) : MESSAGES.required(label) });
  }
  for (const name of ruleNames) {
    rules.push({
      validator: (_rule, value: unknown) => {
        const message = checkRule(name, value);
        return message === null ? Promise.resolve() : Promise.reject(new Error(message));
      },
    });
  }
  return rules;
}
