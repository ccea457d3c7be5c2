/**
 * The visitor's session (SPEC §3: token, userId, userName, userAccount, registerType, sqdw).
 *
 * Kept apart from the staff session on purpose. SPEC §3 names localStorage 'token' for the login
 * token, and the back office already keeps the staff token there: a land-office employee who opens
 * the public site in the same browser would otherwise be signed out of the back office by a
 * visitor login, or send the staff token to visitor calls (the server resolves a token for one
 * kind of session only, so that fails with A0006 and the staff client would clear the staff
 * session). So the visitor's fields live under their own 'visitor.' keys and visitor calls send
 * the visitor token in the same `token` header (features/visitor/request.ts). Logging out clears
 * exactly these keys and leaves a staff session alone.
 */
import { useSyncExternalStore } from 'react';
import type { VisitorSession } from '@land/shared/api';

export type { VisitorSession };

export type VisitorLoginResult = VisitorSession;

const PREFIX = 'visitor.';
const FIELDS = ['token', 'userId', 'userName', 'userAccount', 'registerType', 'sqdw'] as const;

const listeners = new Set<() => void>();
let cached: VisitorSession | null | undefined;

function read(field: string): string {
  try {
    return localStorage.getItem(PREFIX + field) ?? '';
  } catch {
    return '';
  }
}

function emit(): void {
  cached = undefined;
  for (const listener of listeners) listener();
}

export function getVisitorToken(): string {
  return read('token');
}

/** Stable snapshot for useSyncExternalStore: the same object until the session changes. */
export function getVisitor(): VisitorSession | null {
  if (cached !== undefined) return cached;
  const token = read('token');
  cached = token
    ? {
        token,
        userId: read('userId'),
        userName: read('userName'),
        userAccount: read('userAccount'),
        registerType: read('registerType'),
        sqdw: read('sqdw'),
      }
    : null;
  return cached;
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

export function saveVisitor(result: Partial<Record<keyof VisitorSession, unknown>>): void {
  for (const field of FIELDS) localStorage.setItem(PREFIX + field, text(result[field]));
  emit();
}

/** After a profile edit: the shown name and unit follow without a new login. */
export function updateVisitor(patch: Partial<Pick<VisitorSession, 'userName' | 'sqdw'>>): void {
  if (!getVisitor()) return;
  for (const [field, value] of Object.entries(patch)) {
    if (value !== undefined) localStorage.setItem(PREFIX + field, value);
  }
  emit();
}

export function clearVisitor(): void {
  for (const field of FIELDS) localStorage.removeItem(PREFIX + field);
  emit();
}

export function subscribeVisitor(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVisitor(): VisitorSession | null {
  return useSyncExternalStore(subscribeVisitor, getVisitor, () => null);
}

// Logging in or out in another tab changes what this tab shows (collect buttons, header).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith(PREFIX)) emit();
  });
}
