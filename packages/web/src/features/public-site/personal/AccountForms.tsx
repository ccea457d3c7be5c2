/** The personal centre's account forms: profile and password, with the SPEC §5 rules. */
import { KeyOutlined, LockOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Descriptions, Form, Input, Row, Skeleton } from 'antd';
import { formatDateTime } from '@land/shared/helpers';
import { notify } from '../../../lib/notify';
import { showError } from '../../../lib/request';
import { changePassword, profileQuery, updateProfile, visitorKeys } from '../../visitor/api';
import { applyFieldErrors, specRules } from '../../visitor/form-rules';
import { updateVisitor } from '../../visitor/session';
import { LoadError } from '../ui';

interface ProfileValues {
  userName: string;
  sqdw: string;
  email?: string;
}

export function Profile() {
  const q = useQuery(profileQuery);
  const [form] = Form.useForm<ProfileValues>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: updateProfile,
    meta: { ownErrors: true },
    onSuccess: (profile) => {
      notify.success('资料已保存');
      updateVisitor({ userName: profile.userName, sqdw: profile.sqdw });
      queryClient.setQueryData(visitorKeys.profile, profile);
    },
    onError: (e) => {
      if (!applyFieldErrors(form, e, ['userName', 'sqdw', 'email'])) showError(e);
    },
  });
  if (q.isError) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  if (q.isPending) return <Skeleton active />;
  const p = q.data;
  return (
    <Row gutter={32}>
      <Col xs={24} lg={12}>
        <Form<ProfileValues> form={form} layout="vertical" initialValues={{ userName: p.userName, sqdw: p.sqdw, email: p.email }} onFinish={(v) => save.mutate(v)} data-testid="profile-form">
          <Form.Item label="手机号（登录账号）">
            <Input value={p.userAccount} disabled />
          </Form.Item>
          <Form.Item name="userName" label="姓名" rules={specRules(['notBlank', 'len60'], '姓名')}>
            <Input />
          </Form.Item>
          <Form.Item name="sqdw" label="申请单位" rules={specRules(['notBlank', 'len200'], '申请单位')}>
            <Input />
          </Form.Item>
          <Form.Item name="email" label="电子邮箱" rules={specRules(['email'])}>
            <Input />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
        </Form>
      </Col>
      <Col xs={24} lg={12}>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'type', label: '注册方式', children: p.registerType === 'phone' ? '手机号注册' : p.registerType },
            { key: 'created', label: '注册时间', children: formatDateTime(p.createdAt) },
            { key: 'last', label: '最近登录', children: p.lastLoginAt ? formatDateTime(p.lastLoginAt) : '—' },
          ]}
        />
      </Col>
    </Row>
  );
}

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function Password() {
  const [form] = Form.useForm<PasswordValues>();
  const change = useMutation({
    mutationFn: (v: PasswordValues) => changePassword(v.oldPassword, v.newPassword),
    meta: { ownErrors: true },
    onSuccess: () => {
      notify.success('密码已修改，其他设备上的登录已退出');
      form.resetFields();
    },
    onError: (e) => {
      if (!applyFieldErrors(form, e, ['oldPassword', 'newPassword'])) showError(e);
    },
  });
  return (
    <Form<PasswordValues> form={form} layout="vertical" style={{ maxWidth: 420 }} onFinish={(v) => change.mutate(v)} data-testid="password-form">
      <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newPassword" label="新密码" rules={specRules(['password'], '新密码')}>
        <Input.Password prefix={<KeyOutlined />} autoComplete="new-password" placeholder="8-16位，含大小写字母、数字和特殊字符" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label="确认新密码"
        dependencies={['newPassword']}
        rules={[
          { required: true, message: '请再次输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_r, v: unknown) => (!v || v === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))),
          }),
        ]}
      >
        <Input.Password prefix={<KeyOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        修改密码
      </Button>
    </Form>
  );
}

