import { DiffOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import type { ButtonProps } from 'antd';
import { useCallback } from 'react';
import { addToCompare, COMPARE_MAX, removeFromCompare, useCompareItems, type CompareItem } from './compare';

/** Adds a parcel to the compare tray (or takes it out again), telling the visitor what happened. */
export function useCompareToggle() {
  const { message } = App.useApp();
  const items = useCompareItems();
  const toggle = useCallback(
    (item: CompareItem) => {
      if (items.some((i) => i.id === item.id)) {
        removeFromCompare(item.id);
        message.info(`已将“${item.name}”移出对比`);
        return;
      }
      const result = addToCompare(item);
      if (result === 'full') message.warning(`最多同时对比${COMPARE_MAX}个地块，请先移除一个`);
      else message.success(`已加入对比：${item.name}`);
    },
    [items, message],
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
    <Button
      icon={<DiffOutlined />}
      {...props}
      type={chosen ? 'primary' : props.type}
      ghost={chosen && props.type !== 'link' && props.type !== 'text'}
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
