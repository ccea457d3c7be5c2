import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ERROR_CODES, type CaptchaResult, type LoginRequest } from '@land/shared/api';
import { MANAGEMENT_BASE, DEFAULT_TAB } from '@land/shared/routes';
import { toAntdRules } from '../../components/form/rules';
import { hasKeptDrafts } from '../../lib/drafts';
import { returnPath } from '../../lib/navigation';
import { notify } from '../../lib/notify';
import { ApiError } from '../../lib/request';
import { saveSession, sessionEndNotice } from '../../lib/session';
import { AltchaField } from './AltchaField';
import { fetchCaptcha, login } from './api';
import styles from './LoginPage.module.css';

/**
 * Staff login. The SPEC password rule is deliberately not applied here: accounts created
 * before the rule existed must still be able to sign in (and are then asked to change it).
 */
/** Whether the server wants the captcha (ALTCHA proof of work) with the next attempt. */
function captchaWanted(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const data = error.data as { captchaRequired?: boolean } | null;
  return error.code === ERROR_CODES.CAPTCHA_REQUIRED || data?.captchaRequired === true;
}

export function LoginPage() {
  const navigate = useNavigate();
  // The page the session ended on, or a link followed without a session: back there once signed in.
  const [params] = useSearchParams();
  const back = returnPath(params.get('redirect'));
  const [draftsKept] = useState(() => back !== null && hasKeptDrafts());
  // Why the server ended the last session, when a passing toast would not do (账号已停用…).
  const [endNotice] = useState(sessionEndNotice);
  const [form] = Form.useForm<LoginRequest>();
  const [captcha, setCaptcha] = useState<CaptchaResult | null>(null);
  // Each challenge is good for one attempt: after a failure a new one is solved.
  const refreshCaptcha = async () => {
    form.setFieldValue('captchaCode', undefined);
    try {
      setCaptcha(await fetchCaptcha());
    } catch {
      setCaptcha(null);
    }
  };
  const mutation = useMutation({
    mutationFn: (values: LoginRequest) => login(values),
    // Messages such as 用户名或密码错误 or the lock notice are shown on the form itself.
    meta: { ownErrors: true },
    onSuccess: (result) => {
      saveSession(result);
      // What the end of the last session said (登录已过期，请重新登录) is over once signed in again.
      notify.clear();
      navigate(back ?? `${MANAGEMENT_BASE}/${DEFAULT_TAB}`, { replace: true });
    },
    onError: (error) => {
      if (captcha || captchaWanted(error)) void refreshCaptcha();
    },
  });

  const errorText = mutation.error ? mutation.error.message || '登录失败，请稍后重试' : null;

  return (
    <main className={styles.page}>
      <section className={styles.intro} aria-hidden="true">
        <h2 className={styles.introTitle}>开发区土地信息平台</h2>
        <p className={styles.introText}>地块录入 · 审核发布 · 交易跟踪 · 招商服务</p>
      </section>
      <Card className={styles.card} variant="borderless">
        <Typography.Title level={1} className={styles.title}>
          开发区土地信息平台
        </Typography.Title>
        <Typography.Paragraph type="secondary" className={styles.subtitle}>
          管理后台登录
        </Typography.Paragraph>
        {draftsKept && (
          <Alert
            type="info"
            showIcon
            className={styles.kept}
            title="刚才未保存的修改已为您暂存，重新登录后将回到原页面并恢复。"
            data-testid="login-drafts-kept"
          />
        )}
        <Form<LoginRequest>
          form={form}
          name="login"
          size="large"
          autoComplete="on"
          onFinish={(values) => mutation.mutate(values)}
          onValuesChange={() => {
            if (mutation.isError) mutation.reset();
          }}
        >
          <Form.Item name="userAccount" rules={toAntdRules([], { required: true, label: '账号' })}>
            <Input prefix={<UserOutlined />} placeholder="请输入账号" autoComplete="username" aria-label="账号" />
          </Form.Item>
          <Form.Item name="password" rules={toAntdRules([], { required: true, label: '密码' })}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="请输入密码"
              autoComplete="current-password"
              aria-label="密码"
            />
          </Form.Item>
          {captcha && (
            <Form.Item name="captchaCode" rules={[{ required: true, message: '请等待人机验证完成' }]}>
              <AltchaField captcha={captcha} />
            </Form.Item>
          )}
          {errorText ? (
            <Form.Item>
              <Alert type="error" showIcon title={errorText} data-testid="login-error" />
            </Form.Item>
          ) : (
            endNotice && (
              <Form.Item>
                <Alert type="error" showIcon title={endNotice} data-testid="login-ended" />
              </Form.Item>
            )
          )}
          <Form.Item style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" block loading={mutation.isPending} data-testid="login-submit">
              登录
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </main>
  );
}
