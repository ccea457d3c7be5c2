/** A row of mutually exclusive choices (antd's Segmented look), as toggle buttons in a labelled group. */
import styles from './MapSearchPage.module.css';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
}

export function Segmented<T extends string>({ value, options, onChange, label, block = false }: { value: T; options: SegmentedOption<T>[]; onChange: (value: T) => void; label: string; block?: boolean }) {
  return (
    <div role="group" aria-label={label} className={`${styles.segmented} ${block ? styles.segmentedBlock : ''}`}>
      {options.map((o) => (
        <button key={o.value} type="button" aria-pressed={o.value === value} className={styles.segment} onClick={() => onChange(o.value)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}
