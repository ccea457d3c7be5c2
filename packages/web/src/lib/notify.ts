/**
 * Notifications with the titles and duration of SPEC §8/§9. The antd instances come from
 * <App> (so they follow the theme and locale) and are registered by <NotifyBridge>; code
 * outside React (the API client) calls these functions directly.
 */
import { NOTIFY_DURATION_MS, NOTIFY_TITLES } from '@land/shared/constants';

export type NotifyKind = 'success' | 'warning' | 'info' | 'error';
type Kind = NotifyKind;

/** What shows the messages: antd's notification in the back office, the public UI kit's toasts on public pages. */
export type NotificationApi = Record<NotifyKind, (config: { key: string; title: string; description: string; duration?: number }) => void> & {
  /** Takes every message off the screen. */
  destroy: () => void;
};

let instance: NotificationApi | null = null;

export function registerNotification(api: NotificationApi | null): void {
  instance = api;
}

function show(kind: Kind, description: string): void {
  if (!instance) {
    // Only reachable before the first render; the console is the best we can do then.
    console.warn(`[${NOTIFY_TITLES[kind]}] ${description}`);
    return;
  }
  instance[kind]({
    // The same message again (each of a page's failed calls says 网络连接失败) replaces the one
    // on screen instead of stacking copies over the page's header.
    key: `${kind}:${description}`,
    title: NOTIFY_TITLES[kind],
    description,
    duration: NOTIFY_DURATION_MS / 1000,
  });
}

export const notify = {
  success: (text: string) => show('success', text),
  warning: (text: string) => show('warning', text),
  info: (text: string) => show('info', text),
  error: (text: string) => show('error', text),
  /** Takes every message off the screen (signed in again: 登录已过期 and the like are over). */
  clear: () => instance?.destroy(),
};
