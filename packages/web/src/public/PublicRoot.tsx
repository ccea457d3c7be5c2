import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { pageShown } from './navigation-progress';

/** The root of the server-rendered public site: the page and scroll restoration on navigation. */
export function PublicRoot() {
  // Marks the page as interactive (browser tests wait for it before measuring or clicking).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // The page of the address is on screen: the navigation bar (navigation-progress.ts) goes.
  const { key } = useLocation();
  useEffect(() => pageShown(key), [key]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
