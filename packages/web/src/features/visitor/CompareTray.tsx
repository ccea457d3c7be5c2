import { CloseOutlined, DiffOutlined, DeleteOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { clearCompare, COMPARE_MAX, COMPARE_MIN, compareUrl, removeFromCompare, useCompareItems } from './compare';
import styles from './CompareTray.module.css';

/** The floating compare tray: the chosen parcels (at most four) and 开始对比. Survives reloads. */
export function CompareTray() {
  const items = useCompareItems();
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  if (items.length === 0) return null;

  if (!open) {
    return (
      <button type="button" className={styles.fab} onClick={() => setOpen(true)} aria-label="打开对比栏" data-testid="compare-fab">
        <Badge count={items.length} size="small">
          <DiffOutlined className={styles.fabIcon} />
        </Badge>
        <span>对比</span>
      </button>
    );
  }

  return (
    <aside className={styles.tray} aria-label="地块对比栏" data-testid="compare-tray">
      <div className={styles.head}>
        <span>
          <DiffOutlined /> 地块对比（{items.length}/{COMPARE_MAX}）
        </span>
        <Tooltip title="收起">
          <button type="button" className={styles.iconButton} onClick={() => setOpen(false)} aria-label="收起对比栏">
            <CloseOutlined />
          </button>
        </Tooltip>
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
        <Tooltip title={items.length < COMPARE_MIN ? `至少选择${COMPARE_MIN}个地块` : undefined}>
          <Button
            type="primary"
            size="small"
            disabled={items.length < COMPARE_MIN}
            onClick={() => navigate(compareUrl(items.map((i) => i.id)))}
            data-testid="compare-start"
          >
            开始对比
          </Button>
        </Tooltip>
      </div>
    </aside>
  );
}
