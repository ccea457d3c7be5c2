/**
 * The confirm dialog of SPEC §8 (title 提示, buttons 确定 / 取消) on the kit's Modal. A hook that
 * returns the asking function and the dialog to render: `const [confirm, dialog] = useConfirm();`
 * then `if (await confirm('确定删除吗？', { danger: true })) …` and `{dialog}` in the markup.
 */
import type { ReactNode } from 'react';
import { useCallback, useRef, useState } from 'react';
import { CONFIRM } from '@land/shared/constants';
import { Button } from './Button';
import { ExclamationCircleFilled } from './icons/ExclamationCircleFilled';
import { Modal } from './Modal';
import styles from './kit.module.css';

export interface ConfirmOptions {
  /** Red OK button for destructive actions. */
  danger?: boolean;
}

type Ask = (content: ReactNode, options?: ConfirmOptions) => Promise<boolean>;

export function useConfirm(): [Ask, ReactNode] {
  const [asking, setAsking] = useState<{ content: ReactNode; options: ConfirmOptions } | null>(null);
  const resolveRef = useRef<((ok: boolean) => void) | null>(null);
  const ask = useCallback<Ask>(
    (content, options = {}) =>
      new Promise<boolean>((resolve) => {
        resolveRef.current?.(false);
        resolveRef.current = resolve;
        setAsking({ content, options });
      }),
    [],
  );
  const answer = (ok: boolean) => {
    resolveRef.current?.(ok);
    resolveRef.current = null;
    setAsking(null);
  };
  const dialog = (
    <Modal
      open={asking !== null}
      onClose={() => answer(false)}
      title={CONFIRM.title}
      width={420}
      testId="confirm-dialog"
      footer={
        <>
          <Button onClick={() => answer(false)}>{CONFIRM.cancel}</Button>
          <Button kind={asking?.options.danger ? 'danger' : 'primary'} onClick={() => answer(true)} autoFocus>
            {CONFIRM.ok}
          </Button>
        </>
      }
    >
      <div className={styles.confirmBody}>
        <ExclamationCircleFilled />
        <div>{asking?.content}</div>
      </div>
    </Modal>
  );
  return [ask, dialog];
}
