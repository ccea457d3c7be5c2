/**
 * Asking the visitor to sign in from anywhere (a collect button, an expired session, the
 * header): a tiny store the public shell's <VisitorAuthHost> renders the dialog from.
 */
import { useSyncExternalStore } from 'react';

export type AuthMode = 'login' | 'register';

export interface AuthPrompt {
  mode: AuthMode;
  /** Why the dialog opened (shown above the form), e.g. 收藏地块需要先登录. */
  reason?: string;
  /** Runs once after a successful login or registration. */
  onSuccess?: () => void;
}

let current: AuthPrompt | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function openVisitorAuth(prompt: AuthPrompt): void {
  current = prompt;
  emit();
}

/**
 * An action refused because the session had ended (the dialog is already open, see request.ts):
 * it is done again right after the visitor signs in, as when they were not signed in at all.
 */
export function retryAfterSignIn(retry: () => void): void {
  if (!current) return;
  current = { ...current, onSuccess: retry };
  emit();
}

export function closeVisitorAuth(): void {
  current = null;
  emit();
}

export function useAuthPrompt(): AuthPrompt | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
