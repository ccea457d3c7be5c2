import { useEffect } from 'react';

/** SPEC §9: 1rem = viewport width / 24 on the mobile pages. */
export const ROOT_FONT_DIVISOR = 24;
/** SPEC §9: the body font is this many px times the device pixel ratio. */
export const BODY_FONT_PX = 12;

/**
 * Applies the SPEC §9 layout rule while a mobile page is mounted: the root font size is the
 * viewport width / 24 (updated on resize and rotation) and the body font is 12 × devicePixelRatio
 * px. Mobile layouts size everything in rem and set their own text size on their root element,
 * so the body rule only reaches text that nothing else sizes. Desktop pages keep antd's
 * pixel-based defaults; the previous values are restored when the mobile pages unmount.
 */
export function useMobileRootFontSize(): void {
  useEffect(() => {
    const root = document.documentElement;
    const body = document.body;
    const previousRoot = root.style.fontSize;
    const previousBody = body.style.fontSize;
    const apply = () => {
      root.style.fontSize = `${root.clientWidth / ROOT_FONT_DIVISOR}px`;
      body.style.fontSize = `${BODY_FONT_PX * (window.devicePixelRatio || 1)}px`;
    };
    apply();
    window.addEventListener('resize', apply);
    window.addEventListener('orientationchange', apply);
    return () => {
      window.removeEventListener('resize', apply);
      window.removeEventListener('orientationchange', apply);
      root.style.fontSize = previousRoot;
      body.style.fontSize = previousBody;
    };
  }, []);
}
