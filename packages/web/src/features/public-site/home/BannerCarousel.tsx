/**
 * The home page's banner: pictures that cross-fade every few seconds, with dots to pick one.
 * A few lines of CSS instead of antd's Carousel (react-slick, ~10 KiB gzipped on the first
 * page most visitors open). Pauses while hovered. The pictures are thumbnails of the phone's
 * width (`srcset`); the first is the page's largest paint, fetched at high priority and preloaded.
 */
import { useEffect, useState } from 'react';
import { ResponsiveImage } from '../../../lib/responsive-image';
import styles from './HomePage.module.css';

export interface Banner {
  url: string;
  name: string;
}

/** The hero is the content column's width: the viewport less the page's padding, at most 1200 px. */
const BANNER_SIZES = '(max-width: 1232px) 100vw, 1200px';

export function BannerCarousel({ banners, interval = 5000 }: { banners: Banner[]; interval?: number }) {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;

  useEffect(() => {
    if (count < 2 || paused) return undefined;
    const timer = window.setInterval(() => setCurrent((i) => (i + 1) % count), interval);
    return () => window.clearInterval(timer);
  }, [count, paused, interval]);

  const shown = count ? current % count : 0;
  return (
    <div className={styles.carousel} onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)} data-testid="home-banner">
      {banners.map((b, i) => (
        <div key={b.url} className={`${styles.slide} ${i === shown ? styles.slideShown : ''}`} aria-hidden={i !== shown}>
          <ResponsiveImage src={b.url} alt={b.name} width={1200} height={320} sizes={BANNER_SIZES} priority={i === 0} style={{ width: '100%', height: '100%' }} />
        </div>
      ))}
      {count > 1 && (
        <div className={styles.dots}>
          {banners.map((b, i) => (
            <button key={b.url} type="button" className={i === shown ? styles.dotActive : styles.dot} aria-label={`第${i + 1}张：${b.name}`} onClick={() => setCurrent(i)} />
          ))}
        </div>
      )}
    </div>
  );
}
