import { Form, Input, Modal, Radio, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES, RULES } from '@land/shared';
import { formModalProps } from '../../components/form/form-modal';
import { StartFromInitialValues } from '../../components/form/StartFromInitialValues';
import { toAntdRules } from '../../components/form/rules';
import { applyServerErrors } from '../../components/form/server-errors';
import { notify } from '../../lib/notify';
import { ApiError, showError } from '../../lib/request';
import type { User, UserRole, UserStatus } from './api';
import { addUser, findUserByAccount, updateUser, userKeys } from './api';
import { ROLE_OPTIONS, STATUS_OPTIONS } from './labels';
import { PASSWORD_HINT } from '@land/shared/constants';

export const ACCOUNT_TAKEN_MESSAGE = '账号已存在';

interface UserFormValues {
  userAccount: string;
  userName: string;
  password?: string;
  phone?: string;
  email?: string;
  company?: string;
  role: UserRole;
  status: UserStatus;
}

export type UserFormTarget = { mode: 'add' } | { mode: 'edit'; user: User };

interface UserFormModalProps {
  target: UserFormTarget | null;
  onClose: () => void;
}

const NEW_USER: Partial<UserFormValues> = { role: 'readonly', status: '1' };

/** Warns while typing (debounced) when the account is already taken. */
async function accountIsFree(_rule: unknown, value: unknown): Promise<void> {
  if (typeof value !== 'string' || value === '' || !RULES.username.test(value)) return;
  let existing: User | null;
  try {
    existing = await findUserByAccount(value);
  } catch {
    // The server checks again on save; a failed look-up must not block the form.
    return;
  }
  if (existing) throw new Error(ACCOUNT_TAKEN_MESSAGE);
}

export function UserFormModal({ target, onClose }: UserFormModalProps) {
  const [form] = Form.useForm<UserFormValues>();
  const queryClient = useQueryClient();
  const isEdit = target?.mode === 'edit';

  const mutation = useMutation({
    mutationFn: async (values: UserFormValues) => {
      if (target?.mode === 'edit') {
        await updateUser({
          id: target.user.id,
          userName: values.userName,
          phone: values.phone ?? '',
          email: values.email ?? '',
          company: values.company ?? '',
          role: values.role,
          status: values.status,
        });
        return;
      }
      await addUser({
        userAccount: values.userAccount,
        userName: values.userName,
        password: values.password ?? '',
        phone: values.phone,
        email: values.email,
        company: values.company,
        role: values.role,
        status: values.status,
      });
    },
    meta: { ownErrors: true },
    onSuccess: async () => {
      notify.success(isEdit ? '修改成功' : '新增成功');
      onClose();
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: (error) => {
      if (applyServerErrors(form, error)) return;
      if (!isEdit && error instanceof ApiError && error.code === ERROR_CODES.CONFLICT) {
        form.setFields([{ name: 'userAccount', errors: [error.message || ACCOUNT_TAKEN_MESSAGE] }]);
        return;
      }
      showError(error);
    },
  });

  const initialValues: Partial<UserFormValues> =
    target?.mode === 'edit'
      ? {
          userAccount: target.user.userAccount,
          userName: target.user.userName,
          phone: target.user.phone ?? '',
          email: target.user.email ?? '',
          company: target.user.company ?? '',
          role: target.user.role,
          status: target.user.status,
        }
      : NEW_USER;

  return (
    <Modal
      open={target !== null}
      title={isEdit ? '编辑用户' : '新增用户'}
      {...formModalProps(form, mutation, onClose)}
      width={560}
    >
      <Form<UserFormValues>
        key={target?.mode === 'edit' ? target.user.id : 'new'}
        form={form}
        name="userForm"
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 18 }}
        initialValues={initialValues}
        onFinish={(values) => mutation.mutate(values)}
        autoComplete="off"
        style={{ marginTop: 16 }}
      >
        <StartFromInitialValues form={form} />
        <Form.Item
          label="账号"
          name="userAccount"
          validateDebounce={isEdit ? undefined : 400}
          rules={isEdit ? [] : [...toAntdRules(['username'], { required: true, label: '账号' }), { validator: accountIsFree }]}
        >
          <Input placeholder="请输入账号" disabled={isEdit} autoComplete="off" />
        </Form.Item>
        <Form.Item label="姓名" name="userName" rules={toAntdRules(['notBlank', 'len60'], { required: true, label: '姓名' })}>
          <Input placeholder="请输入姓名" />
        </Form.Item>
        {!isEdit && (
          <Form.Item label="密码" name="password" extra={PASSWORD_HINT} rules={toAntdRules(['password'], { required: true, label: '密码' })}>
            <Input.Password placeholder="请输入密码" autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item label="手机号" name="phone" rules={toAntdRules(['phone'])}>
          <Input placeholder="请输入手机号" />
        </Form.Item>
        <Form.Item label="邮箱" name="email" rules={toAntdRules(['email', 'len200'])}>
          <Input placeholder="请输入邮箱" />
        </Form.Item>
        <Form.Item label="所属单位" name="company" rules={toAntdRules(['notBlank', 'len200'])}>
          <Input placeholder="请输入所属单位" />
        </Form.Item>
        <Form.Item label="角色" name="role" rules={toAntdRules([], { required: true, label: '角色', select: true })}>
          <Select options={ROLE_OPTIONS} placeholder="请选择角色" />
        </Form.Item>
        <Form.Item label="状态" name="status" rules={toAntdRules([], { required: true, label: '状态', select: true })}>
          <Radio.Group options={STATUS_OPTIONS} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
