/** A row of mutually exclusive choices (antd's Segmented look), as toggle buttons in a labelled group. */
import type { ReactNode } from 'react';
import styles from './kit.module.css';
import './theme.css';

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
}

export function Segmented<T extends string>({ value, options, onChange, label, className, testId }: { value: T; options: SegmentedOption<T>[]; onChange: (value: T) => void; label: string; className?: string; testId?: string }) {
  return (
    <div role="group" aria-label={label} className={[styles.segmented, className].filter(Boolean).join(' ')} data-testid={testId}>
      {options.map((o) => (
        <button key={o.value} type="button" aria-pressed={o.value === value} className={styles.segment} onClick={() => onChange(o.value)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}
