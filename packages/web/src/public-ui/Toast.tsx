/**
 * Messages of the public site (SPEC §8/§9 titles and duration through lib/notify): a live region
 * in the corner; the API client's error messages arrive here on public pages.
 */
import { NOTIFY_DURATION_MS } from '@land/shared/constants';
import { useEffect, useState } from 'react';
import { registerNotification, type NotificationApi, type NotifyKind } from '../lib/notify';
import { CheckCircleFilled } from './icons/CheckCircleFilled';
import { CloseCircleFilled } from './icons/CloseCircleFilled';
import { ExclamationCircleFilled } from './icons/ExclamationCircleFilled';
import { InfoCircleFilled } from './icons/InfoCircleFilled';
import styles from './kit.module.css';
import './theme.css';

interface ToastItem {
  id: number;
  key: string;
  kind: NotifyKind;
  title: string;
  description: string;
}

const ICONS = { success: CheckCircleFilled, info: InfoCircleFilled, warning: ExclamationCircleFilled, error: CloseCircleFilled };

let nextId = 1;

export function ToastHost() {
  const [items, setItems] = useState<ToastItem[]>([]);
  useEffect(() => {
    const show = (kind: NotifyKind) => (config: { key: string; title: string; description: string; duration?: number }) => {
      const id = nextId++;
      // A message with the key of one on screen replaces it (and its time starts again).
      setItems((list) => [...list.filter((t) => t.key !== config.key), { id, key: config.key, kind, title: config.title, description: config.description }]);
      window.setTimeout(() => setItems((list) => list.filter((t) => t.id !== id)), (config.duration ?? NOTIFY_DURATION_MS / 1000) * 1000);
    };
    const api: NotificationApi = { success: show('success'), info: show('info'), warning: show('warning'), error: show('error'), destroy: () => setItems([]) };
    registerNotification(api);
    return () => registerNotification(null);
  }, []);
  return (
    <div className={styles.toasts} aria-live="polite" role="status" data-testid="toasts">
      {items.map((t) => {
        const Icon = ICONS[t.kind];
        return (
          <div key={t.id} className={`${styles.toast} ${styles[`toast-${t.kind}`]}`} role={t.kind === 'error' ? 'alert' : undefined}>
            <Icon className={styles.toastIcon} />
            <div>
              <div className={styles.toastTitle}>{t.title}</div>
              <div>{t.description}</div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
