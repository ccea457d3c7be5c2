import { LeftOutlined } from './icons/LeftOutlined';
import { RightOutlined } from './icons/RightOutlined';
import styles from './kit.module.css';
import './theme.css';

interface PaginationProps {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** Show "共 N 条". */
  showTotal?: boolean;
}

/** Page numbers around the current one, first and last, with gaps shown as … */
export function pageItems(current: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages, current - 2, current - 1, current, current + 1, current + 2].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

export function Pagination({ current, pageSize, total, onChange, showTotal = true }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="分页">
      <ul className={styles.pagination}>
        {showTotal && <li className={styles.pageTotal}>共 {total} 条</li>}
        <li>
          <button type="button" className={styles.page} disabled={current <= 1} onClick={() => onChange(current - 1)} aria-label="上一页">
            <LeftOutlined />
          </button>
        </li>
        {pageItems(current, pages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden>
              …
            </li>
          ) : (
            <li key={p}>
              <button type="button" className={styles.page} aria-current={p === current ? 'page' : undefined} onClick={() => onChange(p)} aria-label={`第 ${p} 页`}>
                {p}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className={styles.page} disabled={current >= pages} onClick={() => onChange(current + 1)} aria-label="下一页">
            <RightOutlined />
          </button>
        </li>
      </ul>
    </nav>
  );
}
