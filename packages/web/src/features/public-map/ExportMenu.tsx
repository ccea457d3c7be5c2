/** 导出 and its menu of file formats (a disclosure: Escape or a click elsewhere closes it). */
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../public-ui';
import { DownloadOutlined } from '../../public-ui/icons/DownloadOutlined';
import styles from './MapSearchPage.module.css';

export interface ExportFormat {
  key: string;
  label: string;
}

export function ExportMenu({ formats, onExport, label = '导出', disabled, loading, testId }: { formats: ExportFormat[]; onExport: (format: string) => void; label?: string; disabled?: boolean; loading?: boolean; testId?: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return undefined;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);
  return (
    <div className={styles.menuWrap} ref={ref}>
      <Button size="small" icon={<DownloadOutlined />} aria-expanded={open} aria-controls={id} disabled={disabled} loading={loading} onClick={() => setOpen((o) => !o)} data-testid={testId}>
        {label}
      </Button>
      {open && (
        <ul id={id} className={styles.menu} aria-label="导出格式">
          {formats.map((f) => (
            <li key={f.key}>
              <button
                type="button"
                className={styles.menuItem}
                onClick={() => {
                  setOpen(false);
                  onExport(f.key);
                }}
              >
                {f.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
