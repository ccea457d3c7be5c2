/**
 * What a clerk typed survives the end of the session. SPEC §8 sends an expired or revoked
 * session (A0007, A0006, HTTP 401) to /login and clears it; a parcel or record form open with
 * unsaved edits at that moment would be gone. So, just before the session is cleared, every
 * open form with unsaved edits is kept here as a draft (per browser tab, in sessionStorage, for
 * the user whose session ended), the login goes back to the screen, and the screen reopens the
 * form with the draft, saying so. A draft is kept only for the same user, is taken once, and
 * 退出登录 drops them all.
 */
import { useEffect, useState } from 'react';
import { formatDateTime } from '@land/shared/helpers';
import { getSession, onSessionEnd } from './session';

export interface Draft {
  /** The form: entity name and record id, or 'new'. */
  key: string;
  /** The screen the form was open on (pathname). */
  path: string;
  /** The record edited; null for a new one. */
  recordId: string | null;
  /** The record's version the edits were made on: saved with it, someone else's later save is not overwritten. */
  version?: number;
  /** The form's values, and whatever else the form needs back (a boundary). */
  values: Record<string, unknown>;
  extra?: Record<string, unknown>;
  /** When it was kept (ISO time). */
  savedAt: string;
}

type DraftContent = Omit<Draft, 'path' | 'savedAt'>;
/** Answers the form's unsaved edits, or null when it has none. */
export type DraftSource = () => DraftContent | null;

const STORAGE_KEY = 'unsavedDrafts';
const sources = new Set<DraftSource>();

interface Stored {
  userId: string;
  drafts: Draft[];
}

function read(): Stored | null {
  if (typeof sessionStorage === 'undefined') return null;
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Stored | null;
    return parsed && typeof parsed.userId === 'string' && Array.isArray(parsed.drafts) ? parsed : null;
  } catch {
    return null;
  }
}

function write(stored: Stored | null): void {
  try {
    if (!stored || stored.drafts.length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage full or blocked: nothing more can be kept.
  }
}

/** Keeps every open form's unsaved edits for `userId`; called while the screens are still mounted. */
function keepOpenDrafts(userId: string): void {
  const kept: Draft[] = [];
  const path = location.pathname;
  const savedAt = new Date().toISOString();
  for (const source of sources) {
    const content = source();
    if (content) kept.push({ ...content, path, savedAt });
  }
  if (kept.length === 0) return;
  const earlier = read();
  const others = earlier?.userId === userId ? earlier.drafts.filter((d) => !kept.some((k) => k.key === d.key)) : [];
  write({ userId, drafts: [...others, ...kept] });
}

/** The drafts kept for the signed-in user on screen `path` of forms whose key starts with `prefix` (an entity's name and ':'). */
export function pendingDrafts(prefix: string, path: string): Draft[] {
  const stored = read();
  const userId = getSession()?.userId;
  if (!stored || !userId) return [];
  if (stored.userId !== userId) {
    // Another user's edits are never shown to this one.
    write(null);
    return [];
  }
  return stored.drafts.filter((d) => d.key.startsWith(prefix) && d.path === path);
}

/** Forgets a draft once its form has it again (or its record is gone). */
export function forgetDraft(key: string): void {
  const stored = read();
  if (stored) write({ ...stored, drafts: stored.drafts.filter((d) => d.key !== key) });
}

/**
 * The draft kept for a form of this screen: the screen reopens the form with it, and the form
 * forgets it once open (it keeps it again if the session ends again).
 */
export function useDraftToRestore(prefix: string, enabled = true): Draft | undefined {
  return useDraftsToRestore(prefix, enabled)[0];
}

/** Every draft kept for forms of this screen (a parcel and the supporting records in its tabs). */
export function useDraftsToRestore(prefix: string, enabled = true): Draft[] {
  const [drafts] = useState(() => (enabled && typeof location !== 'undefined' ? pendingDrafts(prefix, location.pathname) : []));
  return drafts;
}

/** A form opened with a draft forgets it from storage. */
export function useForgetDraft(draft: Draft | undefined): void {
  useEffect(() => {
    if (draft) forgetDraft(draft.key);
  }, [draft]);
}

/** 已恢复…: what a reopened form says above its fields; `where` names the parts restored, `then` what to do. */
export function restoredText(draft: Draft, where: string[] = [], then = '请核对后保存'): string {
  // HH:mm of 'yyyy-MM-dd HH:mm:ss'.
  const at = formatDateTime(draft.savedAt).slice(11, 16);
  const time = at ? `（${at}）` : '';
  return `已恢复登录失效前未保存的修改${time}${where.length > 0 ? `：${where.join('、')}` : ''}，${then}`;
}

/** Whether edits are kept for whoever signs in next in this tab (the login page says so). */
export function hasKeptDrafts(): boolean {
  return (read()?.drafts.length ?? 0) > 0;
}

export function dropDrafts(): void {
  write(null);
}

/** Offers a mounted form's unsaved edits to be kept if the session ends; null while there is no form. */
export function useDraftSource(source: DraftSource | null): void {
  useEffect(() => {
    if (!source) return;
    sources.add(source);
    return () => {
      sources.delete(source);
    };
  }, [source]);
}

onSessionEnd((userId, asked) => {
  if (asked) dropDrafts();
  else if (userId) keepOpenDrafts(userId);
});
