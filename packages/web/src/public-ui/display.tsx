/** Small display pieces of the public UI kit: Tag, Empty, Skeleton, Spin, Card, Descriptions, Reserved, Phrases. */
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { CheckCircleFilled } from './icons/CheckCircleFilled';
import { CloseCircleFilled } from './icons/CloseCircleFilled';
import { ExclamationCircleFilled } from './icons/ExclamationCircleFilled';
import { FileSearchOutlined } from './icons/FileSearchOutlined';
import { InfoCircleFilled } from './icons/InfoCircleFilled';
import styles from './kit.module.css';
import './theme.css';

/** A named tone, or a colour (#rrggbb) for a solid tag with white text, as antd's Tag. */
export type TagColor = 'default' | 'blue' | 'green' | 'orange' | 'red' | `#${string}`;

export function Tag({ color = 'default', className, children }: { color?: TagColor | string; className?: string; children: ReactNode }) {
  const solid = color.startsWith('#');
  const tone = color === 'default' || solid ? '' : styles[`tag-${color}`];
  return (
    <span className={[styles.tag, solid && styles.tagSolid, tone, className].filter(Boolean).join(' ')} style={solid ? { background: color, borderColor: color } : undefined}>
      {children}
    </span>
  );
}

export function Empty({ text = '暂无数据', children }: { text?: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.empty} data-testid="empty">
      <FileSearchOutlined className={styles.emptyIcon} />
      <div>{text}</div>
      {children}
    </div>
  );
}

/** A grey block of a given size: stands where a picture, chart or line of text will be. */
export function SkeletonBlock({ width = '100%', height, style }: { width?: number | string; height: number | string; style?: CSSProperties }) {
  return <span className={styles.skeleton} style={{ width, height, ...style }} aria-hidden />;
}

/** Lines of text to come (the height is rows × 28 px, so what replaces it can be sized alike). */
export function SkeletonLines({ rows = 3, label = '加载中' }: { rows?: number; label?: string }) {
  return (
    <div className={styles.skeletonLines} role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <SkeletonBlock key={i} height={16} width={i === rows - 1 ? '60%' : '100%'} />
      ))}
    </div>
  );
}

export function Spin({ label = '加载中', size = 'default', style }: { label?: string; size?: 'default' | 'large'; style?: CSSProperties }) {
  return (
    <div className={`${styles.spin} ${size === 'large' ? styles.spinLarge : ''}`} role="status" aria-label={label} style={style}>
      <span className={styles.spinner} />
    </div>
  );
}

export function Card({ title, extra, className, bodyClassName, children, id, testId }: { title?: ReactNode; extra?: ReactNode; className?: string; bodyClassName?: string; children: ReactNode; id?: string; testId?: string }) {
  return (
    <section className={[styles.card, className].filter(Boolean).join(' ')} aria-labelledby={title && id ? `${id}-title` : undefined} id={id} data-testid={testId}>
      {(title || extra) && (
        <div className={styles.cardHead}>
          {title && (
            <h2 className={styles.cardTitle} id={id ? `${id}-title` : undefined}>
              {title}
            </h2>
          )}
          {extra}
        </div>
      )}
      <div className={[styles.cardBody, bodyClassName].filter(Boolean).join(' ')}>{children}</div>
    </section>
  );
}

export interface DescriptionItem {
  key?: string;
  label: ReactNode;
  children: ReactNode;
  /** Columns the item spans. */
  span?: number;
}

/** A definition list laid out as antd's bordered Descriptions (at most two columns below 1200 px, one on phones). */
export function Descriptions({
  items,
  columns = 3,
  layout = 'horizontal',
  className,
}: {
  items: DescriptionItem[];
  columns?: number;
  /** 'vertical': each label above its value (antd's layout="vertical"), for several short pairs in a narrow box. */
  layout?: 'horizontal' | 'vertical';
  className?: string;
}) {
  return (
    <dl className={[styles.desc, layout === 'vertical' && styles.descVertical, className].filter(Boolean).join(' ')} style={{ '--desc-columns': columns, '--desc-columns-md': Math.min(columns, 2) } as CSSProperties}>
      {items.map((item, i) => (
        <div key={item.key ?? i} className={styles.descItem} style={item.span && item.span > 1 ? ({ '--desc-span': Math.min(item.span, columns), '--desc-span-md': Math.min(item.span, columns, 2) } as CSSProperties) : undefined}>
          <dt>{item.label}</dt>
          <dd>{item.children}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A box that keeps its size before and after its content (map, panorama, photo, chart) arrives:
 * give it an aspect ratio or a height; the content fills it.
 */
export function Reserved({ ratio, height, className, children, testId }: { ratio?: string; height?: number | string; className?: string; children?: ReactNode; testId?: string }) {
  return (
    <div className={[styles.reserved, className].filter(Boolean).join(' ')} style={{ aspectRatio: ratio, height }} data-testid={testId}>
      {children}
    </div>
  );
}

/**
 * A heading's phrases (from @land/shared/phrases) as inline blocks: a line breaks between two
 * phrases before it breaks inside one. `spaced` puts a space between them (a subtitle's
 * phrases), else they touch (a Chinese name).
 */
export function Phrases({ parts, spaced = false }: { parts: string[]; spaced?: boolean }) {
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {spaced && i > 0 && ' '}
          <span className={styles.phrase}>{part}</span>
        </Fragment>
      ))}
    </>
  );
}

/** An inline message above a form or a list (antd's Alert look); errors are announced. */
export function Alert({ type = 'info', children, className }: { type?: 'info' | 'success' | 'warning' | 'error'; children: ReactNode; className?: string }) {
  const Icon = type === 'success' ? CheckCircleFilled : type === 'error' ? CloseCircleFilled : type === 'warning' ? ExclamationCircleFilled : InfoCircleFilled;
  return (
    <div className={[styles.alert, type !== 'info' && styles[`alert-${type}`], className].filter(Boolean).join(' ')} role={type === 'error' ? 'alert' : undefined}>
      <Icon />
      <div>{children}</div>
    </div>
  );
}
