/**
 * Visitor login and registration in one dialog, on the public UI kit (no antd). Loaded only when
 * it first opens; the SPEC §5 validators (and zod behind them) load on the first check.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { notify } from '../../lib/notify';
import { ApiError, showError } from '../../lib/request';
import { Alert, Button, Field, Input, Modal, Tabs } from '../../public-ui';
import { loginVisitor, registerVisitor, visitorKeys } from './api';
import { closeVisitorAuth, type AuthMode, type AuthPrompt } from './auth-prompt';
import { ACCOUNT_FIELD, confirmField, useSpecForm, type FieldSpec } from './form-rules';
import { saveVisitor } from './session';
import { PASSWORD_HINT } from '@land/shared/constants';

type LoginField = 'userAccount' | 'password';
const LOGIN_FIELDS: Record<LoginField, FieldSpec<LoginField>> = {
  userAccount: ACCOUNT_FIELD,
  password: { required: '密码' },
};

type RegisterField = 'userAccount' | 'userName' | 'sqdw' | 'email' | 'password' | 'confirmPassword';
const REGISTER_FIELDS: Record<RegisterField, FieldSpec<RegisterField>> = {
  userAccount: ACCOUNT_FIELD,
  userName: { rules: ['notBlank', 'len60'], required: '姓名' },
  sqdw: { rules: ['notBlank', 'len200'], required: '申请单位' },
  email: { rules: ['email'] },
  password: { rules: ['password'], required: '密码' },
  confirmPassword: confirmField<RegisterField>('password', '请再次输入密码'),
};

/** A message of the server that is not about one field (wrong password, locked, too many tries). */
function useFormError(applyServerErrors: (e: unknown) => boolean) {
  const [error, setError] = useState('');
  const onError = (e: unknown) => {
    if (applyServerErrors(e)) return;
    if (e instanceof ApiError && !e.handled) setError(e.message);
    else showError(e);
  };
  return { error, setError, onError };
}

/**
 * What the visitor typed in the dialog, kept across its two tabs (only the open one is rendered):
 * the fields both forms have (手机号, 密码) carry over, and each form finds its own as it was left.
 */
type Draft = Record<RegisterField, string>;
const EMPTY_DRAFT: Draft = { userAccount: '', userName: '', sqdw: '', email: '', password: '', confirmPassword: '' };

interface FormProps {
  draft: Draft;
  onDraftChange: (name: RegisterField, value: string) => void;
  onDone: () => void;
}

function LoginForm({ draft, onDraftChange, onDone }: FormProps) {
  const form = useSpecForm(LOGIN_FIELDS, { userAccount: draft.userAccount, password: draft.password }, onDraftChange);
  const { error, setError, onError } = useFormError(form.applyServerErrors);
  const mutation = useMutation({
    mutationFn: loginVisitor,
    meta: { ownErrors: true },
    onSuccess: (result) => {
      saveVisitor(result);
      notify.success(`欢迎回来，${result.userName || result.userAccount}`);
      onDone();
    },
    onError,
  });
  return (
    <form
      noValidate
      aria-label="访客登录"
      data-testid="visitor-login-form"
      onSubmit={(e) =>
        void form.onSubmit((v) => {
          setError('');
          mutation.mutate(v);
        })(e)
      }
    >
      {error && <Alert type="error">{error}</Alert>}
      <Field label="手机号" required error={form.errors.userAccount}>
        {(a) => <Input {...a} {...form.input('userAccount')} type="tel" inputMode="numeric" placeholder="请输入注册手机号" autoComplete="username" data-autofocus />}
      </Field>
      <Field label="密码" required error={form.errors.password}>
        {(a) => <Input {...a} {...form.input('password')} type="password" placeholder="请输入密码" autoComplete="current-password" />}
      </Field>
      <Button submit kind="primary" block size="large" loading={mutation.isPending} data-testid="visitor-login-submit">
        登录
      </Button>
    </form>
  );
}

function RegisterForm({ draft, onDraftChange, onDone }: FormProps) {
  const form = useSpecForm(REGISTER_FIELDS, draft, onDraftChange);
  const { error, setError, onError } = useFormError(form.applyServerErrors);
  const mutation = useMutation({
    mutationFn: ({ confirmPassword: _c, email, ...request }: Record<RegisterField, string>) => registerVisitor({ ...request, email: email || undefined }),
    meta: { ownErrors: true },
    onSuccess: (result) => {
      saveVisitor(result);
      notify.success('注册成功，已为您登录');
      onDone();
    },
    onError,
  });
  return (
    <form
      noValidate
      aria-label="注册账号"
      data-testid="visitor-register-form"
      onSubmit={(e) =>
        void form.onSubmit((v) => {
          setError('');
          mutation.mutate(v);
        })(e)
      }
    >
      {error && <Alert type="error">{error}</Alert>}
      <Field label="手机号（即登录账号）" required error={form.errors.userAccount}>
        {(a) => <Input {...a} {...form.input('userAccount')} type="tel" inputMode="numeric" placeholder="请输入11位手机号码" autoComplete="username" />}
      </Field>
      <Field label="姓名" required error={form.errors.userName}>
        {(a) => <Input {...a} {...form.input('userName')} placeholder="请输入姓名" autoComplete="name" />}
      </Field>
      <Field label="申请单位" required error={form.errors.sqdw}>
        {(a) => <Input {...a} {...form.input('sqdw')} placeholder="请输入企业或单位名称" autoComplete="organization" />}
      </Field>
      <Field label="电子邮箱" error={form.errors.email}>
        {(a) => <Input {...a} {...form.input('email')} type="email" placeholder="选填" autoComplete="email" />}
      </Field>
      <Field label="密码" required error={form.errors.password} hint={PASSWORD_HINT}>
        {(a) => <Input {...a} {...form.input('password')} type="password" placeholder="请输入密码" autoComplete="new-password" />}
      </Field>
      <Field label="确认密码" required error={form.errors.confirmPassword}>
        {(a) => <Input {...a} {...form.input('confirmPassword')} type="password" placeholder="请再次输入密码" autoComplete="new-password" />}
      </Field>
      <Button submit kind="primary" block size="large" loading={mutation.isPending} data-testid="visitor-register-submit">
        注册并登录
      </Button>
    </form>
  );
}

export function AuthModal({ prompt }: { prompt: AuthPrompt | null }) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<AuthMode>(prompt?.mode ?? 'login');
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const open = prompt !== null;
  useEffect(() => {
    if (prompt) setMode(prompt.mode);
  }, [prompt]);
  // A closed dialog forgets what was typed: the next one (another visitor, perhaps) opens empty.
  useEffect(() => {
    if (!open) setDraft(EMPTY_DRAFT);
  }, [open]);
  const onDraftChange = (name: RegisterField, value: string) => setDraft((d) => ({ ...d, [name]: value }));

  const done = () => {
    const onSuccess = prompt?.onSuccess;
    void queryClient.invalidateQueries({ queryKey: visitorKeys.all });
    closeVisitorAuth();
    onSuccess?.();
  };

  return (
    <Modal open={open} onClose={closeVisitorAuth} title="访客登录 / 注册" width={440} testId="visitor-auth-modal">
      {prompt?.reason && <Alert>{prompt.reason}</Alert>}
      <Tabs
        label="登录或注册"
        activeKey={mode}
        onChange={(k) => setMode(k as AuthMode)}
        items={[
          { key: 'login', label: '访客登录', children: <LoginForm draft={draft} onDraftChange={onDraftChange} onDone={done} /> },
          { key: 'register', label: '注册账号', children: <RegisterForm draft={draft} onDraftChange={onDraftChange} onDone={done} /> },
        ]}
      />
    </Modal>
  );
}
