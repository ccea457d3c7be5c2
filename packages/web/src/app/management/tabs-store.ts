/**
 * Module-level store for the open tabs, read with useSyncExternalStore and persisted in
 * sessionStorage so a reload keeps the strip (a new browser tab starts fresh).
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_TAB, MANAGEMENT_BASE, MANAGEMENT_SCREENS } from '@land/shared/routes';
import { getSession, subscribeSession } from '../../lib/session';
import type { Tab } from './tabs-model';

const STORAGE_KEY = 'managementTabs';

function defaultTab(): Tab {
  const screen = MANAGEMENT_SCREENS.find((s) => s.path === DEFAULT_TAB);
  return {
    name: DEFAULT_TAB,
    path: `${MANAGEMENT_BASE}/${DEFAULT_TAB}`,
    search: '',
    title: screen?.title ?? DEFAULT_TAB,
    closable: false,
  };
}

function isTab(value: unknown): value is Tab {
  if (value === null || typeof value !== 'object') return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.name === 'string' &&
    typeof t.path === 'string' &&
    typeof t.search === 'string' &&
    typeof t.title === 'string' &&
    typeof t.closable === 'boolean'
  );
}

/** The default tab first, exactly once, whatever was stored. */
function normalise(tabs: Tab[]): Tab[] {
  const stored = tabs.find((t) => t.name === DEFAULT_TAB);
  const first = stored ? { ...stored, closable: false } : defaultTab();
  return [first, ...tabs.filter((t) => t.name !== DEFAULT_TAB)];
}

function load(): Tab[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return normalise(Array.isArray(parsed) ? parsed.filter(isTab) : []);
  } catch {
    return normalise([]);
  }
}

let tabs: Tab[] = load();
const listeners = new Set<() => void>();

export function getTabs(): Tab[] {
  return tabs;
}

export function setTabs(next: Tab[]): void {
  if (next === tabs) return;
  tabs = normalise(next);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tabs));
  } catch {
    // Storage full or blocked: the strip still works for this page view.
  }
  for (const listener of listeners) listener();
}

export function resetTabs(): void {
  setTabs([]);
}

// A sign-in or sign-out (here or in another browser tab) starts a fresh strip: the next
// user must not inherit the previous user's tabs.
let sessionToken = getSession()?.token ?? null;
subscribeSession(() => {
  const token = getSession()?.token ?? null;
  if (token === sessionToken) return;
  sessionToken = token;
  resetTabs();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTabs(): Tab[] {
  return useSyncExternalStore(subscribe, getTabs);
}
