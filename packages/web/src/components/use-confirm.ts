import { App } from 'antd';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { CONFIRM } from '@land/shared';

export interface ConfirmOptions {
  /** Red OK button for destructive actions. */
  danger?: boolean;
}

/**
 * The confirm dialog of SPEC §8 (title 提示, buttons 确定 / 取消), themed through <App>.
 * Resolves true on 确定 and false on 取消 or close.
 */
export function useConfirm(): (content: ReactNode, options?: ConfirmOptions) => Promise<boolean> {
  const { modal } = App.useApp();
  return useCallback(
    (content, options = {}) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: CONFIRM.title,
          content,
          okText: CONFIRM.ok,
          cancelText: CONFIRM.cancel,
          okButtonProps: { danger: options.danger },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal],
  );
}
