/**
 * Warns before the staff session ends (WCAG 2.1 SC 2.2.1): two minutes before the idle limit a
 * dialog counts down and 继续使用 starts the limit again; before the absolute end it says when
 * the login ends. When the time is up the session ends here as the server's A0007 would (unsaved
 * edits kept, the login page leads back), so a screen is not left open on an unattended desk.
 * The idle limit runs from the last staff call any tab made (sessionSeenAt, shared by the tabs).
 */
import { Button, Modal, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { endSessionHere } from '../../lib/request';
import type { Session } from '../../lib/session';
import { saveSessionTimes, sessionSeenAt, subscribeSessionSeen } from '../../lib/session';
import { continueSession } from './api';
import { WARN_BEFORE_MS, countdownText, sessionEnd } from './session-end';

export function SessionTimeout({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const seenAt = useSyncExternalStore(subscribeSessionSeen, sessionSeenAt);
  const end = sessionEnd(session, seenAt);
  const [now, setNow] = useState(() => Date.now());
  /** The absolute end's notice, once read, is not shown again for that end. */
  const [readAbsolute, setReadAbsolute] = useState<number | null>(null);

  const endAt = end?.at ?? Infinity;
  useEffect(() => {
    if (endAt === Infinity) return;
    // Once a second near the end (the countdown); otherwise wake up when the dialog is due.
    const wait = endAt - WARN_BEFORE_MS - Date.now();
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(wait, 1_000), 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [endAt, now]);

  // A tab in the background has its timers slowed down: look again when it is shown.
  useEffect(() => {
    const look = () => {
      if (document.visibilityState === 'visible') setNow(Date.now());
    };
    document.addEventListener('visibilitychange', look);
    return () => document.removeEventListener('visibilitychange', look);
  }, []);

  const carryOn = useMutation({
    mutationFn: continueSession,
    onSuccess: (times) => {
      saveSessionTimes(times);
      setNow(Date.now());
    },
  });

  const left = endAt - now;
  const idle = end?.idle ?? true;
  useEffect(() => {
    if (left <= 0) endSessionHere(idle ? '长时间未操作，登录已失效，请重新登录' : '登录已到期，请重新登录');
  }, [idle, left]);

  const shown = end !== null && left <= WARN_BEFORE_MS && left > 0 && !(!end.idle && readAbsolute === end.at);
  // The keyboard goes to the dialog's main button, also from inside an open drawer (whose focus
  // trap would otherwise hand it to the dialog's first button).
  const mainButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => mainButton.current?.focus(), 50);
    return () => clearTimeout(timer);
  }, [shown]);

  if (!shown) return null;

  return (
    <Modal
      open
      title={end.idle ? '登录即将失效' : '登录即将到期'}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      footer={
        end.idle ? (
          <>
            <Button onClick={onSignOut}>退出登录</Button>
            <Button ref={mainButton} type="primary" autoFocus loading={carryOn.isPending} onClick={() => carryOn.mutate()} data-testid="session-continue">
              继续使用
            </Button>
          </>
        ) : (
          <Button ref={mainButton} type="primary" autoFocus onClick={() => setReadAbsolute(end.at)}>
            知道了
          </Button>
        )
      }
      data-testid="session-timeout"
    >
      <Typography.Paragraph>
        {end.idle ? '您已有一段时间没有操作，为保护数据安全，登录将在 ' : '本次登录将在 '}
        <strong role="timer" aria-live="off" data-testid="session-countdown">
          {countdownText(left)}
        </strong>
        {end.idle ? ' 后失效。' : ' 后到期，到期后需重新登录。'}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {end.idle ? '点“继续使用”可接着工作；' : ''}失效后未保存的修改会为您暂存，重新登录即可恢复。
      </Typography.Paragraph>
    </Modal>
  );
}
