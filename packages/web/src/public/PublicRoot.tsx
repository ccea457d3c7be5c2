import { useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';

/** The root of the server-rendered public site: the page and scroll restoration on navigation. */
export function PublicRoot() {
  // Marks the page as interactive (browser tests wait for it before measuring or clicking).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
