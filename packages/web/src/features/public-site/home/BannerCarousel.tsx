/**
 * The home page's banner: pictures that cross-fade every few seconds, with dots to pick one.
 * A few lines of CSS instead of antd's Carousel (react-slick, ~10 KiB gzipped on the first
 * page most visitors open). Pauses while hovered.
 */
import { useEffect, useState } from 'react';
import styles from './HomePage.module.css';

export interface Banner {
  url: string;
  name: string;
}

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
        <div
          key={b.url}
          className={`${styles.slide} ${i === shown ? styles.slideShown : ''}`}
          style={{ backgroundImage: `url("${b.url}")` }}
          role="img"
          aria-label={b.name}
          aria-hidden={i !== shown}
        />
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
