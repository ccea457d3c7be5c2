import { App as AntApp, ConfigProvider } from 'antd';
import type { ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { THEME_COLORS } from '@land/shared/theme';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { registerNotification } from '../lib/notify';
import { createQueryClient } from '../lib/query-client';

dayjs.locale('zh-cn');

const BASE_THEME: ThemeConfig = {
  token: {
    // WCAG 2.1 AA contrast: the shared colours, not antd's defaults (#1677ff is 4.1:1 on white).
    colorPrimary: THEME_COLORS.primary,
    colorLink: THEME_COLORS.primary,
    colorError: THEME_COLORS.error,
    colorSuccess: THEME_COLORS.success,
    colorWarning: THEME_COLORS.warning,
    colorInfo: THEME_COLORS.primary,
    colorSuccessBg: THEME_COLORS.successBg,
    colorErrorBg: THEME_COLORS.errorBg,
    colorWarningBg: THEME_COLORS.warningBg,
    colorInfoBg: THEME_COLORS.infoBg,
    colorTextSecondary: THEME_COLORS.textSecondary,
    colorTextTertiary: THEME_COLORS.textTertiary,
    colorTextDescription: THEME_COLORS.textTertiary,
    colorTextPlaceholder: THEME_COLORS.textTertiary,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
};

/** Users who ask their system for reduced motion get none: no zooming dialogs or sliding drawers. */
function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Hands the themed notification API of <App> to code outside React (lib/notify). */
function NotifyBridge() {
  const { notification } = AntApp.useApp();
  useEffect(() => {
    registerNotification(notification);
    return () => registerNotification(null);
  }, [notification]);
  return null;
}

/** Up to this width a drawer or dialog takes the whole window, and so do its footer's buttons. */
const NARROW_QUERY = '(max-width: 480px)';

function useNarrowWindow(): boolean {
  const query = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null;
  const [narrow, setNarrow] = useState(() => query()?.matches ?? false);
  useEffect(() => {
    const mq = query();
    if (!mq) return;
    const change = () => setNarrow(mq.matches);
    mq.addEventListener('change', change);
    return () => mq.removeEventListener('change', change);
  }, []);
  return narrow;
}

/**
 * Where messages appear, clear of the controls they are about. Wide: bottom left, away from the
 * actions of drawers (bottom right), dialogs (centre) and the parcel editor (its top bar). Narrow:
 * drawers fill the window and their footer buttons span the bottom, while the editor's buttons are
 * in its top bar, so messages sit at the bottom centre, raised above a footer's height.
 */
const WIDE_NOTIFICATIONS = { placement: 'bottomLeft' } as const;
const NARROW_NOTIFICATIONS = { placement: 'bottom', bottom: 88 } as const;

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const notificationPlacement = useNarrowWindow() ? NARROW_NOTIFICATIONS : WIDE_NOTIFICATIONS;
  const [theme] = useState<ThemeConfig>(() => (prefersReducedMotion() ? { ...BASE_THEME, token: { ...BASE_THEME.token, motion: false } } : BASE_THEME));
  return (
    // autoInsertSpace off: two-character buttons read 确定 / 登录, not 确 定 / 登 录.
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      <AntApp notification={notificationPlacement}>
        <NotifyBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
