/** What a visitor is told when a page, or a block of one, could not get its data or its code. */
import { isChunkLoadError } from './lazy-routes';
import { ApiError, CLIENT_CODES } from './request';

export interface PageErrorText {
  title: string;
  text: string;
  /** The page's script files did not arrive: only a full load can fetch them again. */
  reload: boolean;
}

/** What the visitor is told when a page cannot be shown. */
export function pageErrorText(error: unknown): PageErrorText {
  if (isChunkLoadError(error)) {
    return { title: '页面加载失败', text: '页面文件没有加载成功：网络可能中断，或网站刚刚更新。请检查网络后刷新页面。', reload: true };
  }
  if (error instanceof ApiError && error.code === CLIENT_CODES.network) {
    return { title: '网络连接失败', text: '没有连上服务器，请检查网络后重试。', reload: false };
  }
  if (error instanceof ApiError && error.message) {
    return { title: '页面加载失败', text: `${error.message.replace(/[。！!.\s]+$/u, '')}。请稍后重试。`, reload: false };
  }
  return { title: '页面加载失败', text: '服务暂时不可用，请稍后重试。', reload: false };
}
