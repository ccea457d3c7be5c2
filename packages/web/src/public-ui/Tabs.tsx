import type { KeyboardEvent, ReactNode } from 'react';
import { useId, useRef } from 'react';
import styles from './kit.module.css';
import { useRevealInRow } from './reveal';
import './theme.css';

export interface TabItem {
  key: string;
  label: ReactNode;
  children?: ReactNode;
}

interface TabsProps {
  items: TabItem[];
  activeKey: string;
  onChange: (key: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  className?: string;
}

/**
 * WAI-ARIA tabs: a tablist of buttons (arrow keys, Home and End move and select), one tabpanel.
 * Only the active panel is rendered.
 */
export function Tabs({ items, activeKey, onChange, label, className }: TabsProps) {
  const base = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const active = items.find((i) => i.key === activeKey) ?? items[0];
  // On a phone the row scrolls: 个人中心?tab=problems opens with 我的咨询 in view.
  useRevealInRow(listRef, '[aria-selected="true"]', active?.key);
  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((i) => i.key === active?.key);
    let next = -1;
    if (e.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onChange(items[next].key);
    listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className={styles.tabList} ref={listRef} onKeyDown={move}>
        {items.map((item) => {
          const selected = item.key === active?.key;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              id={`${base}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => onChange(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {active?.children !== undefined && (
        <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${active.key}`} tabIndex={0}>
          {active.children}
        </div>
      )}
    </div>
  );
}
