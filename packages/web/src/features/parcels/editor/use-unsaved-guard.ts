import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useConfirm } from '../../../components/use-confirm';

export const UNSAVED_MESSAGE = '当前地块有未保存的修改，离开后这些修改将丢失。确定离开吗？';

/**
 * Asks before unsaved edits are lost: leaving the screen (menu, another tab) goes through a
 * 提示 confirm, and reloading or closing the browser tab through the browser's own prompt.
 * Changes of the query string alone (the list's paging and search) are not leaving.
 */
export function useUnsavedGuard(dirty: boolean): void {
  const confirm = useConfirm();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  // One question per blocked navigation, answered even if the screen re-renders meanwhile.
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm(UNSAVED_MESSAGE, { danger: true }).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, confirm]);

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
}
