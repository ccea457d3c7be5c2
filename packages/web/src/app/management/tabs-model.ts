/**
 * The back-office tab strip (SPEC §2) as pure functions over a list. A tab is identified by
 * its route name (the screen's path pattern, so one "编辑招商活动" tab serves every id) and
 * closed by its path. The default tab (analysis) always stays first and cannot be closed.
 */

export interface Tab {
  /** Route pattern of the screen, e.g. 'user' or 'editZshd/:id'. */
  name: string;
  /** Concrete pathname, e.g. '/managementSystem/editZshd/42'. */
  path: string;
  /** Last query string seen on this tab, so switching back restores list filters. */
  search: string;
  title: string;
  closable: boolean;
}

export type CloseMode = 'close' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';

export interface CloseResult {
  tabs: Tab[];
  /** Where to go when the active tab disappeared; null to stay. '/login' after closing all. */
  navigateTo: string | null;
}

export function openTab(tabs: Tab[], tab: Tab): Tab[] {
  const index = tabs.findIndex((t) => t.name === tab.name);
  if (index === -1) return [...tabs, tab];
  const current = tabs[index];
  if (current.path === tab.path && current.search === tab.search && current.title === tab.title) return tabs;
  const next = tabs.slice();
  next[index] = { ...current, path: tab.path, search: tab.search, title: tab.title };
  return next;
}

export function tabHref(tab: Tab): string {
  return `${tab.path}${tab.search}`;
}

/**
 * Closes tabs relative to `target` (the tab whose menu was used). `activePath` is the
 * pathname on screen; if it is closed, the user moves to the nearest surviving tab.
 */
export function closeTabs(tabs: Tab[], mode: CloseMode, target: string, activePath: string, loginPath = '/login'): CloseResult {
  if (mode === 'closeAll') return { tabs: tabs.filter((t) => !t.closable), navigateTo: loginPath };

  const targetIndex = tabs.findIndex((t) => t.path === target);
  if (targetIndex === -1) return { tabs, navigateTo: null };

  const keep = (tab: Tab, index: number): boolean => {
    if (!tab.closable) return true;
    switch (mode) {
      case 'close':
        return index !== targetIndex;
      case 'closeLeft':
        return index >= targetIndex;
      case 'closeRight':
        return index <= targetIndex;
      case 'closeOthers':
        return index === targetIndex;
    }
  };
  const next = tabs.filter(keep);
  if (next.length === tabs.length) return { tabs, navigateTo: null };
  if (next.some((t) => t.path === activePath)) return { tabs: next, navigateTo: null };

  // The active tab went away: prefer the target if it survived, else its right neighbour.
  const survivor = next.find((t) => t.path === target) ?? next[Math.min(targetIndex, next.length - 1)] ?? next[0];
  return { tabs: next, navigateTo: survivor ? tabHref(survivor) : loginPath };
}
