import { SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_NAME_TOO_LONG } from '@land/shared/constants';
import { Field, Input } from '../../public-ui';
import styles from './SaveSearchButton.module.css';

/** True when a saved search's name can be sent: not blank, and within the limit the server takes. */
export const searchNameOk = (name: string): boolean => name.trim() !== '' && name.trim().length <= SAVED_SEARCH_NAME_MAX;

/**
 * 搜索名称 of 保存搜索 and 重命名, with its count. A longer name (pasted) is kept as typed and
 * marked, with the server's own words, instead of being cut to fit; Enter sends it when it can go.
 */
export function SearchNameField({ value, onChange, onEnter, testId }: { value: string; onChange: (value: string) => void; onEnter: () => void; testId: string }) {
  const length = value.trim().length;
  const tooLong = length > SAVED_SEARCH_NAME_MAX;
  return (
    <Field label="搜索名称" required error={tooLong ? SAVED_SEARCH_NAME_TOO_LONG : undefined}>
      {(a) => (
        <div className={styles.nameRow}>
          <Input
            {...a}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            placeholder="搜索名称"
            data-testid={testId}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onEnter();
            }}
          />
          <span className={tooLong ? `${styles.count} ${styles.countOver}` : styles.count} aria-hidden data-testid={`${testId}-count`}>
            {length} / {SAVED_SEARCH_NAME_MAX}
          </span>
        </div>
      )}
    </Field>
  );
}
