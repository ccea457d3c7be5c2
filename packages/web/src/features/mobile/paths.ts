/**
 * Where the mobile pages link. Inside the mini-program's web-view every link stays on the
 * /xcx… pages: the web-view has no address bar, and the desktop site does not fit it.
 */
export function mobileParcelPath(id: string, embedded: boolean): string {
  return `${embedded ? '/xcxmobileMoreDetails' : '/mobileMoreDetails'}/${encodeURIComponent(id)}`;
}

export function mobileNoticePath(id: string): string {
  return `/mobileTzggDetail/${encodeURIComponent(id)}`;
}
