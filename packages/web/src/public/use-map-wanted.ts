import { startTransition, useCallback, useEffect, useState, type RefObject } from 'react';
import { useInView } from './use-in-view';

/** The phone layout of the public pages (as in their CSS modules). */
export const PHONE_QUERY = '(max-width: 767px)';

export interface MapWanted<T extends Element> {
  /** The box the map goes in (watched for coming into view). */
  ref: RefObject<T | null>;
  /** Load the map now: in view on a desktop; on a phone, in view and asked for. */
  load: boolean;
  /** The visitor asked for the map (查看地图). */
  asked: boolean;
  ask: () => void;
}

/**
 * When a page's OpenLayers map may load. On a desktop, once its box comes into view; on a phone,
 * where the map sits in the first screen and OpenLayers alone is about half of the public pages'
 * script budget, only when the visitor asks for it (the box shows a drawn preview meanwhile).
 * The server and the hydration render assume a phone, so both show the preview.
 */
export function useMapWanted<T extends Element>(rootMargin?: string): MapWanted<T> {
  const [ref, inView] = useInView<T>(rootMargin);
  const [phone, setPhone] = useState(true);
  const [asked, setAsked] = useState(false);
  // A transition, as in useInView: the whole page re-renders in slices, not in one task.
  useEffect(() => startTransition(() => setPhone(window.matchMedia(PHONE_QUERY).matches)), []);
  const ask = useCallback(() => setAsked(true), []);
  return { ref, load: inView && (!phone || asked), asked, ask };
}
