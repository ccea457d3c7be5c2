import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './Button.module.css';
import './theme.css';

export type ButtonKind = 'default' | 'primary' | 'ghost' | 'text' | 'link' | 'danger';
export type ButtonSize = 'small' | 'middle' | 'large';

/** The button classes, for links that look like buttons (`<Link className={buttonClass('primary')}>`). */
export function buttonClass(kind: ButtonKind = 'default', size: ButtonSize = 'middle', block = false): string {
  return [styles.btn, kind !== 'default' && styles[kind], size !== 'middle' && styles[size], block && styles.block].filter(Boolean).join(' ');
}

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  kind?: ButtonKind;
  size?: ButtonSize;
  block?: boolean;
  icon?: ReactNode;
  /** A submit button in a form; otherwise a plain button. */
  submit?: boolean;
  loading?: boolean;
}

export function Button({ kind = 'default', size = 'middle', block = false, icon, submit = false, loading = false, className, children, disabled, ...rest }: ButtonProps) {
  return (
    <button
      type={submit ? 'submit' : 'button'}
      className={`${buttonClass(kind, size, block)}${className ? ` ${className}` : ''}`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {icon && <span className={styles.icon}>{icon}</span>}
      {children}
    </button>
  );
}
