import { useCallback } from 'react';
import { notify } from '../../lib/notify';
import { Button, type ButtonProps } from '../../public-ui/Button';
import { CheckOutlined } from '../../public-ui/icons/CheckOutlined';
import { DiffOutlined } from '../../public-ui/icons/DiffOutlined';
import { addToCompare, COMPARE_MAX, removeFromCompare, useCompareItems, type CompareItem } from './compare';

/** Adds a parcel to the compare tray (or takes it out again), telling the visitor what happened. */
export function useCompareToggle() {
  const items = useCompareItems();
  const toggle = useCallback(
    (item: CompareItem) => {
      if (items.some((i) => i.id === item.id)) {
        removeFromCompare(item.id);
        notify.info(`已将“${item.name}”移出对比`);
        return;
      }
      const result = addToCompare(item);
      if (result === 'full') notify.warning(`最多同时对比${COMPARE_MAX}个地块，请先移除一个`);
      else notify.success(`已加入对比：${item.name}`);
    },
    [items],
  );
  return { items, toggle, has: (id: string) => items.some((i) => i.id === id) };
}

interface CompareButtonProps extends Omit<ButtonProps, 'onClick'> {
  parcel: CompareItem;
}

export function CompareButton({ parcel, ...props }: CompareButtonProps) {
  const { toggle, has } = useCompareToggle();
  const chosen = has(parcel.id);
  return (
    // Chosen keeps the button's own look (a ghost button vanished on the detail page's blue banner)
    // and marks it with a check, as 已收藏 does with a filled star.
    <Button
      icon={chosen ? <CheckOutlined style={{ color: 'var(--pub-primary)' }} /> : <DiffOutlined />}
      {...props}
      onClick={(e) => {
        e.stopPropagation();
        toggle(parcel);
      }}
      data-testid="compare-button"
      aria-pressed={chosen}
    >
      {chosen ? '已加入对比' : '加入对比'}
    </Button>
  );
}
