import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';

/**
 * Renders its children once the placeholder comes near the screen, so a heavy part (the
 * panorama's WebGL viewer) is neither downloaded nor started for visitors who never scroll to it.
 */
export function WhenVisible({ children, minHeight, margin = '300px' }: { children: ReactNode; minHeight: string | number; margin?: string }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible, margin]);

  return (
    <div ref={ref} style={visible ? undefined : { minHeight }}>
      {visible ? children : null}
    </div>
  );
}
