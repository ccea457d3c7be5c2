import { Form, Modal, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { formModalProps } from '../../components/form/form-modal';
import { StartFromInitialValues } from '../../components/form/StartFromInitialValues';
import { NewPasswordFields } from '../../components/form/PasswordFields';
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
      {...formModalProps(form, mutation, onClose)}
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
        <StartFromInitialValues form={form} />
        <NewPasswordFields />
      </Form>
    </Modal>
  );
}
