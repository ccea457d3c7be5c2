/**
 * The platform's colours, shared by the back office (antd theme in packages/web/src/app/providers.tsx)
 * and the public site's UI kit, so both meet WCAG 2.1 AA: every colour here that is used for text
 * has a contrast of at least 4.5:1 on white (antd's defaults #1677ff and #ff4d4f have 4.1 and 3.3).
 */
export const THEME_COLORS = {
  /** Links, primary buttons, selected items: 6.2:1 on white, 5.5:1 on its light tint #e6f4ff. */
  primary: '#0958d9',
  /** Danger buttons and links, error messages: 5.6:1 on white. */
  error: '#cf1322',
  /** Success text: 5.6:1 on white. */
  success: '#237804',
  /** Warning text: 5.4:1 on white. */
  warning: '#ad4e00',
  /** Light backgrounds of status tags and alerts, kept light so the text colours above stay ≥ 4.5:1 on them. */
  successBg: '#f6ffed',
  errorBg: '#fff2f0',
  warningBg: '#fffbe6',
  infoBg: '#e6f4ff',
  /** Secondary text (hints, descriptions): 7.0:1 on white. */
  textSecondary: 'rgba(0, 0, 0, 0.65)',
  /** Tertiary text, antd's 45% black is 3.4:1: raised to 5.3:1 on white (4.9:1 on #f5f5f5). */
  textTertiary: 'rgba(0, 0, 0, 0.58)',
} as const;
