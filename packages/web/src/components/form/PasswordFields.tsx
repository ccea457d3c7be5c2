import { Form, Input } from 'antd';
import { toAntdRules } from './rules';
import { PASSWORD_HINT } from '@land/shared/constants';

/**
 * 新密码 and 确认新密码 of a back-office password form (the public site has its own, without
 * antd: features/visitor/form-rules.ts). notSameAs names a field the new password must differ from.
 */
export function NewPasswordFields({ notSameAs }: { notSameAs?: { name: string; message: string } }) {
  return (
    <>
      <Form.Item
        label="新密码"
        name="newPassword"
        extra={PASSWORD_HINT}
        rules={[
          ...toAntdRules(['password'], { required: true, label: '新密码' }),
          ...(notSameAs
            ? [
                ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
                  validator: (_rule: unknown, value: string | undefined) =>
                    value && value === getFieldValue(notSameAs.name) ? Promise.reject(new Error(notSameAs.message)) : Promise.resolve(),
                }),
              ]
            : []),
        ]}
      >
        <Input.Password autoComplete="new-password" placeholder="请输入新密码" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirmPassword"
        dependencies={['newPassword']}
        rules={[
          ...toAntdRules([], { required: true, label: '确认新密码' }),
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" placeholder="请再次输入新密码" />
      </Form.Item>
    </>
  );
}
