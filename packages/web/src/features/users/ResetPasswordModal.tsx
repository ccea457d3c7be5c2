import { Form, Input, Modal, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { toAntdRules } from '../../components/form/rules';
import { applyServerErrors } from '../../components/form/server-errors';
import { notify } from '../../lib/notify';
import { showError } from '../../lib/request';
import type { User } from './api';
import { resetPassword } from './api';

interface ResetPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

interface ResetPasswordModalProps {
  user: User | null;
  onClose: () => void;
}

export function ResetPasswordModal({ user, onClose }: ResetPasswordModalProps) {
  const [form] = Form.useForm<ResetPasswordValues>();
  const mutation = useMutation({
    mutationFn: (values: ResetPasswordValues) => resetPassword(user?.id ?? '', values.newPassword),
    meta: { ownErrors: true },
    onSuccess: () => {
      notify.success('密码重置成功');
      onClose();
    },
    onError: (error) => {
      if (!applyServerErrors(form, error)) showError(error);
    },
  });

  return (
    <Modal
      open={user !== null}
      title="重置密码"
      okText="确定"
      cancelText="取消"
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => mutation.reset()}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Typography.Paragraph type="secondary">
        为用户“{user?.userName}”（{user?.userAccount}）设置新密码。
      </Typography.Paragraph>
      <Form<ResetPasswordValues>
        key={user?.id ?? 'none'}
        form={form}
        name="resetPassword"
        layout="vertical"
        onFinish={(values) => mutation.mutate(values)}
        autoComplete="off"
      >
        <Form.Item label="新密码" name="newPassword" rules={toAntdRules(['password'], { required: true, label: '新密码' })}>
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            ...toAntdRules([], { required: true, label: '确认新密码' }),
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
