import { useEffect } from 'react';

/** SPEC §9: 1rem = viewport width / 24 on the mobile pages. */
export const ROOT_FONT_DIVISOR = 24;

/**
 * Applies the SPEC §9 layout rule while a mobile page is mounted: the root font size follows
 * the viewport width (updated on resize and rotation), so rem-sized mobile layouts scale
 * with the phone. Desktop pages keep antd's default sizes, which are pixel based; changing
 * the root size there would only distort rem-based third-party styles. The original's
 * second rule (body font = 12 × devicePixelRatio) belonged to a viewport scaled by 1/dpr,
 * which this app does not use, so it is deliberately not applied.
 */
export function useMobileRootFontSize(): void {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.fontSize;
    const apply = () => {
      root.style.fontSize = `${root.clientWidth / ROOT_FONT_DIVISOR}px`;
    };
    apply();
    window.addEventListener('resize', apply);
    window.addEventListener('orientationchange', apply);
    return () => {
      window.removeEventListener('resize', apply);
      window.removeEventListener('orientationchange', apply);
      root.style.fontSize = previous;
    };
  }, []);
}
