/**
 * Visitor login and registration in one dialog. Loaded only when it first opens, together with
 * the SPEC §5 validators (and zod behind them), so the public first paint stays small.
 */
import { LockOutlined, MailOutlined, MobileOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { MESSAGES } from '@land/shared/validation';
import { notify } from '../../lib/notify';
import { ApiError, showError } from '../../lib/request';
import { loginVisitor, registerVisitor, visitorKeys, type LoginRequest, type RegisterRequest } from './api';
import { closeVisitorAuth, type AuthMode, type AuthPrompt } from './auth-prompt';
import { ACCOUNT_RULES, applyFieldErrors, specRules } from './form-rules';
import { saveVisitor } from './session';

interface RegisterValues extends RegisterRequest {
  confirmPassword: string;
}

function LoginForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<LoginRequest>();
  const [error, setError] = useState('');
  const mutation = useMutation({
    mutationFn: loginVisitor,
    meta: { ownErrors: true },
    onSuccess: (result) => {
      saveVisitor(result);
      notify.success(`欢迎回来，${result.userName || result.userAccount}`);
      onDone();
    },
    onError: (e) => {
      if (applyFieldErrors(form, e, ['userAccount', 'password'])) return;
      if (e instanceof ApiError && !e.handled) setError(e.message);
      else showError(e);
    },
  });
  return (
    <Form<LoginRequest> form={form} layout="vertical" requiredMark={false} onFinish={(v) => { setError(''); mutation.mutate(v); }} data-testid="visitor-login-form">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="userAccount" label="手机号" rules={ACCOUNT_RULES}>
        <Input prefix={<MobileOutlined />} placeholder="请输入注册手机号" maxLength={11} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={[{ required: true, message: MESSAGES.required('密码') }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending} data-testid="visitor-login-submit">
        登录
      </Button>
    </Form>
  );
}

function RegisterForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<RegisterValues>();
  const [error, setError] = useState('');
  const mutation = useMutation({
    mutationFn: ({ confirmPassword: _c, ...request }: RegisterValues) => registerVisitor(request),
    meta: { ownErrors: true },
    onSuccess: (result) => {
      saveVisitor(result);
      notify.success('注册成功，已为您登录');
      onDone();
    },
    onError: (e) => {
      if (applyFieldErrors(form, e, ['userAccount', 'userName', 'sqdw', 'email', 'password'])) return;
      if (e instanceof ApiError && !e.handled) setError(e.message);
      else showError(e);
    },
  });
  return (
    <Form<RegisterValues> form={form} layout="vertical" requiredMark onFinish={(v) => { setError(''); mutation.mutate(v); }} data-testid="visitor-register-form">
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item name="userAccount" label="手机号" rules={ACCOUNT_RULES} extra="手机号即登录账号">
        <Input prefix={<MobileOutlined />} placeholder="请输入11位手机号码" maxLength={11} autoComplete="username" />
      </Form.Item>
      <Form.Item name="userName" label="姓名" rules={specRules(['notBlank', 'len60'], '姓名')}>
        <Input prefix={<UserOutlined />} placeholder="请输入姓名" autoComplete="name" />
      </Form.Item>
      <Form.Item name="sqdw" label="申请单位" rules={specRules(['notBlank', 'len200'], '申请单位')}>
        <Input prefix={<TeamOutlined />} placeholder="请输入企业或单位名称" autoComplete="organization" />
      </Form.Item>
      <Form.Item name="email" label="电子邮箱" rules={specRules(['email'])}>
        <Input prefix={<MailOutlined />} placeholder="选填" autoComplete="email" />
      </Form.Item>
      <Form.Item name="password" label="密码" rules={specRules(['password'], '密码')}>
        <Input.Password prefix={<LockOutlined />} placeholder="8-16位，含大小写字母、数字和特殊字符" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label="确认密码"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入密码' },
          ({ getFieldValue }) => ({
            validator: (_r, value: unknown) =>
              !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="请再次输入密码" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={mutation.isPending} data-testid="visitor-register-submit">
        注册并登录
      </Button>
    </Form>
  );
}

export function AuthModal({ prompt }: { prompt: AuthPrompt | null }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<AuthMode>(prompt?.mode ?? 'login');
  useEffect(() => {
    if (prompt) setMode(prompt.mode);
  }, [prompt]);

  const done = () => {
    const onSuccess = prompt?.onSuccess;
    void queryClient.invalidateQueries({ queryKey: visitorKeys.all });
    closeVisitorAuth();
    onSuccess?.();
  };

  return (
    <Modal open={prompt !== null} onCancel={closeVisitorAuth} footer={null} width={440} destroyOnHidden title={null} data-testid="visitor-auth-modal">
      {prompt?.reason && <Alert type="info" showIcon title={prompt.reason} style={{ margin: '24px 0 0' }} />}
      <Tabs
        activeKey={mode}
        onChange={(k) => setMode(k as AuthMode)}
        centered
        items={[
          { key: 'login', label: '访客登录', children: <LoginForm onDone={done} /> },
          { key: 'register', label: '注册账号', children: <RegisterForm onDone={done} /> },
        ]}
      />
    </Modal>
  );
}
