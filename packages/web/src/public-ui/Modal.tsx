/**
 * Modal dialogs and drawers on the native <dialog> element: shown with showModal(), the browser
 * makes the rest of the page inert (focus stays in the dialog), Escape closes it and focus returns
 * to where it was. Labelled by its title.
 */
import type { ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import { CloseOutlined } from './icons/CloseOutlined';
import styles from './kit.module.css';
import './theme.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** 'modal' (centred), 'drawer' (right side) or 'sheet' (bottom, for phones). */
  placement?: 'modal' | 'drawer' | 'sheet';
  width?: number;
  testId?: string;
}

export function Modal({ open, onClose, title, children, footer, placement = 'modal', width, testId }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The browser focuses the first control, the close button; a form marks the box to start in.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const placementClass = placement === 'drawer' ? styles.drawer : placement === 'sheet' ? `${styles.drawer} ${styles.drawerBottom}` : '';
  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${placementClass}`}
      aria-labelledby={titleId}
      style={width ? { width: `min(${width}px, calc(100vw - 32px))` } : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
      data-testid={testId}
    >
      {open && (
        <>
          <div className={styles.dialogHead}>
            <h2 className={styles.dialogTitle} id={titleId}>
              {title}
            </h2>
            <button type="button" className={styles.dialogClose} onClick={onClose} aria-label="关闭">
              <CloseOutlined />
            </button>
          </div>
          <div className={styles.dialogBody}>{children}</div>
          {footer && <div className={styles.dialogFooter}>{footer}</div>}
        </>
      )}
    </dialog>
  );
}
