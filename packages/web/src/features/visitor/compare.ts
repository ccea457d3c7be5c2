/**
 * The compare tray: up to four parcels the visitor picked to compare. Kept in localStorage so it
 * survives navigation, reloads and other tabs; no login needed.
 */
import { useSyncExternalStore } from 'react';

export const COMPARE_MAX = 4;
export const COMPARE_MIN = 2;
const KEY = 'land.compare';

export interface CompareItem {
  id: string;
  name: string;
}

const listeners = new Set<() => void>();
let cached: CompareItem[] | undefined;

function isItem(v: unknown): v is CompareItem {
  return v !== null && typeof v === 'object' && typeof (v as CompareItem).id === 'string' && typeof (v as CompareItem).name === 'string';
}

export function getCompareItems(): CompareItem[] {
  if (cached) return cached;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    cached = Array.isArray(parsed) ? parsed.filter(isItem).slice(0, COMPARE_MAX) : [];
  } catch {
    cached = [];
  }
  return cached;
}

function write(items: CompareItem[]): void {
  localStorage.setItem(KEY, JSON.stringify(items));
  cached = undefined;
  for (const listener of listeners) listener();
}

export type AddResult = 'added' | 'exists' | 'full';

export function addToCompare(item: CompareItem): AddResult {
  const items = getCompareItems();
  if (items.some((i) => i.id === item.id)) return 'exists';
  if (items.length >= COMPARE_MAX) return 'full';
  write([...items, item]);
  return 'added';
}

export function removeFromCompare(id: string): void {
  write(getCompareItems().filter((i) => i.id !== id));
}

export function clearCompare(): void {
  write([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const EMPTY: CompareItem[] = [];

export function useCompareItems(): CompareItem[] {
  return useSyncExternalStore(subscribe, getCompareItems, () => EMPTY);
}

/** The compare page's address for a list of parcel ids (SPEC §2 /plotContrastTable/{plotList}). */
export function compareUrl(ids: string[]): string {
  return `/plotContrastTable/${ids.map(encodeURIComponent).join(',')}`;
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY || event.key === null) {
      cached = undefined;
      for (const listener of listeners) listener();
    }
  });
}
