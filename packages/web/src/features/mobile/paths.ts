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

const LIST_KEY = 'mobile.list';

/** Keeps the list's filters (its address's query) for the parcel pages' 返回地块列表, for this tab. */
export function rememberMobileList(search: string): void {
  try {
    sessionStorage.setItem(LIST_KEY, search);
  } catch {
    // Storage off (a private window): the link goes to the list without filters.
  }
}

/** The list as last filtered in this tab: /mobileindex with its query. */
export function mobileListPath(): string {
  let search = '';
  try {
    search = sessionStorage.getItem(LIST_KEY) ?? '';
  } catch {
    // As above.
  }
  return `/mobileindex${search.startsWith('?') ? search : ''}`;
}
