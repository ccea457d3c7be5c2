/** Signing the visitor out, from the header menu or the personal centre. */
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../lib/notify';
import { keepQuiet } from '../../lib/request';
import { logoutVisitor, visitorKeys } from './api';
import { clearVisitor } from './session';

/** Ends the visitor session here even when the server call fails (the token is then useless anyway). */
export function useVisitorLogout() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await logoutVisitor();
    } catch (error) {
      // already signed out on the server, or offline: the local session goes regardless, and
      // 已退出登录 is all the visitor needs to read (no 网络连接失败 toast beside it)
      keepQuiet(error);
    }
    clearVisitor();
    queryClient.removeQueries({ queryKey: visitorKeys.all });
    notify.success('已退出登录');
  };
}
