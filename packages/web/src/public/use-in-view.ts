import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * True once the element has come near the viewport (and from then on). Heavy widgets below the
 * fold (maps, the panorama) load only then; false on the server and during hydration, so the
 * reserved box is what both render. The change re-renders the component that asked, often a whole
 * page just hydrated, so it goes as a transition: React renders it in slices of a few
 * milliseconds instead of one task (an update from an effect is otherwise rendered without a break).
 */
export function useInView<T extends Element>(rootMargin = '200px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || inView) return undefined;
    const show = () => startTransition(() => setInView(true));
    if (typeof IntersectionObserver === 'undefined') {
      show();
      return undefined;
    }
    // Already on screen (the map of /index on a desktop): at once, not a frame later when the
    // observer first reports.
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && box.top < window.innerHeight && box.bottom > 0 && box.left < window.innerWidth && box.right > 0) {
      show();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          show();
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [inView, rootMargin]);
  return [ref, inView];
}
