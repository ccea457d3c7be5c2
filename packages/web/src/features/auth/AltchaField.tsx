import { useEffect, useRef } from 'react';
import 'altcha';
import 'altcha/i18n/zh-cn';
import type {} from 'altcha/types/react';
import type { CaptchaResult } from '@land/shared/api';

interface AltchaFieldProps {
  /** A challenge from /openApi/captcha; a new one (new captchaId) starts the widget afresh. */
  captcha: CaptchaResult;
  /** The widget's payload once solved (Form.Item passes value/onChange). */
  value?: string;
  onChange?: (payload: string | undefined) => void;
}

/**
 * The login captcha: the self-hosted ALTCHA widget solves the server's proof-of-work challenge
 * in the browser (Web Workers) as soon as it is shown; its payload goes with the login.
 */
export function AltchaField({ captcha, value, onChange }: AltchaFieldProps) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      const next = state === 'verified' && payload ? payload : undefined;
      // Only real changes: "verifying" after nothing would flag the field as missing at once.
      if (next !== value) onChange?.(next);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [captcha.captchaId, value, onChange]);

  return (
    <div key={captcha.captchaId} data-testid="login-captcha" data-captcha-id={captcha.captchaId}>
      <altcha-widget
        ref={ref}
        challenge={JSON.stringify(captcha.challenge)}
        auto="onload"
        language="zh-cn"
        name="captchaCode"
        style={{ '--altcha-max-width': '100%' }}
      />
    </div>
  );
}
