import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../public-ui/Button';
import { CloseOutlined } from '../../public-ui/icons/CloseOutlined';
import { DeleteOutlined } from '../../public-ui/icons/DeleteOutlined';
import { DiffOutlined } from '../../public-ui/icons/DiffOutlined';
import { clearCompare, COMPARE_MAX, COMPARE_MIN, compareUrl, removeFromCompare, useCompareItems } from './compare';
import styles from './CompareTray.module.css';

/** Phones start with the small button: the open tray would cover most of a narrow screen. */
const startsOpen = () => typeof window === 'undefined' || !window.matchMedia('(max-width: 575px)').matches;

/**
 * The floating compare tray: the chosen parcels (at most four) and 开始对比. Survives reloads.
 * Rendered in the browser only (the chosen parcels are in localStorage). A spacer of its height at
 * the end of the page lets everything under it (contact phones, the footer) be scrolled clear.
 */
export function CompareTray() {
  const items = useCompareItems();
  const navigate = useNavigate();
  const [open, setOpen] = useState(startsOpen);
  if (items.length === 0) return null;

  if (!open) {
    return (
      <>
        <div className={styles.fabSpacer} aria-hidden />
        <button type="button" className={styles.fab} onClick={() => setOpen(true)} aria-label={`打开对比栏（已选 ${items.length} 个地块）`} data-testid="compare-fab">
          <span className={styles.fabIconBox}>
            <DiffOutlined className={styles.fabIcon} />
            <span className={styles.badge} aria-hidden>
              {items.length}
            </span>
          </span>
          <span>对比</span>
        </button>
      </>
    );
  }

  return (
    <>
      <div className={styles.spacer} aria-hidden />
      <aside className={styles.tray} aria-label="地块对比栏" data-testid="compare-tray">
        <div className={styles.head}>
          <span>
            <DiffOutlined /> 地块对比（{items.length}/{COMPARE_MAX}）
          </span>
          <button type="button" className={styles.iconButton} onClick={() => setOpen(false)} aria-label="收起对比栏" title="收起">
            <CloseOutlined />
          </button>
        </div>
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id} className={styles.item}>
              <span className={styles.name} title={item.name}>
                {item.name}
              </span>
              <button type="button" className={styles.iconButton} onClick={() => removeFromCompare(item.id)} aria-label={`移除${item.name}`}>
                <CloseOutlined />
              </button>
            </li>
          ))}
          {Array.from({ length: COMPARE_MAX - items.length }, (_, i) => (
            <li key={`empty-${i}`} className={`${styles.item} ${styles.empty}`}>
              可再添加地块
            </li>
          ))}
        </ul>
        <div className={styles.actions}>
          <Button size="small" icon={<DeleteOutlined />} onClick={clearCompare}>
            清空
          </Button>
          <Button
            kind="primary"
            size="small"
            disabled={items.length < COMPARE_MIN}
            title={items.length < COMPARE_MIN ? `至少选择${COMPARE_MIN}个地块` : undefined}
            onClick={() => navigate(compareUrl(items.map((i) => i.id)))}
            data-testid="compare-start"
          >
            开始对比
          </Button>
        </div>
        {items.length < COMPARE_MIN && <p className={styles.hint}>至少选择{COMPARE_MIN}个地块</p>}
      </aside>
    </>
  );
}
