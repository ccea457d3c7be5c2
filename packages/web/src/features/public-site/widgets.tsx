/** Small display pieces shared by the content pages: a cover photo with its gallery, a progress bar, a figure. */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { ResponsiveImage } from '../../lib/responsive-image';
import { Modal } from '../../public-ui';
import styles from './widgets.module.css';

/**
 * A cover picture (fixed height, lazy) that opens every photo of the record in a dialog: what
 * antd's Image.PreviewGroup did, without antd.
 */
export function CoverPhotos({ urls, alt, height = 160, eager = false, sizes = '(max-width: 576px) 100vw, 400px' }: { urls: string[]; alt: string; height?: number; eager?: boolean; sizes?: string }) {
  const [open, setOpen] = useState(false);
  if (urls.length === 0) return null;
  return (
    <>
      <button type="button" className={styles.coverButton} style={{ height }} onClick={() => setOpen(true)} aria-label={`查看图片：${alt}`}>
        <ResponsiveImage src={urls[0]} alt={alt} className={styles.cover} width={400} height={height} sizes={sizes} eager={eager} style={{ width: '100%', height: '100%' }} />
        {urls.length > 1 && <span className={styles.count}>{urls.length} 张</span>}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={alt} width={960}>
        {open && (
          <div className={styles.gallery}>
            {urls.map((u, i) => (
              <ResponsiveImage key={u} src={u} alt={`${alt}（${i + 1}）`} className={styles.galleryImage} width={920} height={613} sizes="(max-width: 960px) 100vw, 920px" style={{ width: '100%', objectFit: 'contain' }} />
            ))}
          </div>
        )}
      </Modal>
    </>
  );
}

/** A horizontal bar for a percentage, as antd's small Progress. */
export function ProgressBar({ percent, color, label, showInfo = false }: { percent: number; color?: string; label: string; showInfo?: boolean }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={styles.progress}>
      <div className={styles.track} role="progressbar" aria-valuenow={value} aria-valuemin={0} aria-valuemax={100} aria-label={label}>
        <div className={styles.bar} style={{ width: `${value}%`, background: color }} />
      </div>
      {showInfo && <span className={styles.percent}>{value}%</span>}
    </div>
  );
}

/** A labelled figure, as antd's Statistic. */
export function Figure({ title, value, suffix }: { title: ReactNode; value: ReactNode; suffix?: ReactNode }) {
  return (
    <div className={styles.figure}>
      <div className={styles.figureTitle}>{title}</div>
      <div className={styles.figureValue}>
        {value}
        {suffix && <span className={styles.figureSuffix}>{suffix}</span>}
      </div>
    </div>
  );
}
