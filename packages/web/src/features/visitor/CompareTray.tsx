import { useEffect, useRef, useState } from 'react';
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
 * Keeps the page clear of the docked tray: a spacer of the tray's height ends the page, so
 * everything (contact phones, the footer) can be scrolled above it, and the document's
 * scroll-padding-bottom makes anchor jumps and keyboard focus stop above it too; sticky parts of a
 * page read its height from --compare-tray-height.
 */
function useReservedSpace(open: boolean, count: number) {
  const tray = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const el = tray.current;
    if (!el) {
      setHeight(0);
      return;
    }
    const measure = () => setHeight(Math.ceil(el.getBoundingClientRect().height));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [open, count]);
  useEffect(() => {
    const root = document.documentElement;
    root.style.scrollPaddingBottom = `${height + 16}px`;
    // For what stays in view of itself (the detail page's sticky side column): it ends above the tray.
    root.style.setProperty('--compare-tray-height', `${height}px`);
    return () => {
      root.style.scrollPaddingBottom = '';
      root.style.removeProperty('--compare-tray-height');
    };
  }, [height]);
  return { tray, height };
}

/**
 * The compare tray: the chosen parcels (at most four) and 开始对比, docked along the bottom of the
 * window (never floating over a side column such as the detail page's contacts), or folded into
 * a small button. Survives reloads. Rendered in the browser only (the chosen parcels are in
 * localStorage).
 */
export function CompareTray() {
  const items = useCompareItems();
  const navigate = useNavigate();
  const [open, setOpen] = useState(startsOpen);
  const { tray, height } = useReservedSpace(open, items.length);
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
      <div style={{ height }} aria-hidden />
      <aside ref={tray} className={styles.tray} aria-label="地块对比栏" data-testid="compare-tray">
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
