import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from '../use-confirm';

/** The question before unsaved edits of a screen (当前地块, 当前招商活动, 系统配置) are left. */
export const unsavedMessage = (what: string) => `${what}有未保存的修改，离开后这些修改将丢失。确定离开吗？`;

/**
 * Asks before unsaved edits are lost: leaving the screen (menu, another tab) goes through a
 * 提示 confirm, and reloading or closing the browser tab through the browser's own prompt.
 * Changes of the query string alone (the list's paging and search) are not leaving.
 */
export function useUnsavedGuard(dirty: boolean, what = '当前地块'): () => void {
  const confirm = useConfirm();
  // Read when a navigation starts: `release()` lets a screen leave at once after a save (or a
  // 取消 it has asked about) without waiting for a render.
  const guarding = useRef(dirty);
  guarding.current = dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => guarding.current && currentLocation.pathname !== nextLocation.pathname);

  // One question per blocked navigation, answered even if the screen re-renders meanwhile.
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm(unsavedMessage(what), { danger: true }).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, confirm, what]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return useCallback(() => {
    guarding.current = false;
  }, []);
}
