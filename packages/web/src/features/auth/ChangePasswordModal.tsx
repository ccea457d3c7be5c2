import { Alert, Button, Form, Input, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { NewPasswordFields } from '../../components/form/PasswordFields';
import { toAntdRules } from '../../components/form/rules';
import { applyServerErrors } from '../../components/form/server-errors';
import { notify } from '../../lib/notify';
import { showError } from '../../lib/request';
import { markPasswordChanged } from '../../lib/session';
import { changeOwnPassword } from './api';

interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

interface ChangePasswordModalProps {
  open: boolean;
  /**
   * First login with the initial password: the dialog cannot be dismissed; the only way
   * out besides changing the password is signing out.
   */
  forced?: boolean;
  onClose: () => void;
  onSignOut?: () => void;
}

export function ChangePasswordModal({ open, forced = false, onClose, onSignOut }: ChangePasswordModalProps) {
  const [form] = Form.useForm<ChangePasswordValues>();
  const mutation = useMutation({
    mutationFn: (values: ChangePasswordValues) =>
      changeOwnPassword({ oldPassword: values.oldPassword, newPassword: values.newPassword }),
    meta: { ownErrors: true },
    onSuccess: () => {
      notify.success('密码修改成功');
      markPasswordChanged();
      form.resetFields();
      onClose();
    },
    onError: (error) => {
      if (!applyServerErrors(form, error)) showError(error);
    },
  });

  const footer = [
    forced ? (
      <Button key="signOut" onClick={onSignOut}>
        退出登录
      </Button>
    ) : (
      <Button key="cancel" onClick={onClose}>
        取消
      </Button>
    ),
    <Button key="ok" type="primary" loading={mutation.isPending} onClick={() => form.submit()}>
      确定
    </Button>,
  ];

  return (
    <Modal
      open={open}
      title={forced ? '首次登录请修改密码' : '修改密码'}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      onCancel={forced ? undefined : onClose}
      footer={footer}
      destroyOnHidden
    >
      {forced && (
        <Alert
          type="warning"
          showIcon
          title="当前账号仍在使用初始密码，为保障账号安全，请先修改密码。"
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<ChangePasswordValues>
        form={form}
        name="changePassword"
        layout="vertical"
        requiredMark
        onFinish={(values) => mutation.mutate(values)}
        autoComplete="off"
      >
        <Form.Item label="原密码" name="oldPassword" rules={toAntdRules([], { required: true, label: '原密码' })}>
          <Input.Password autoComplete="current-password" placeholder="请输入原密码" />
        </Form.Item>
        <NewPasswordFields notSameAs={{ name: 'oldPassword', message: '新密码不能与原密码相同' }} />
      </Form>
    </Modal>
  );
}
