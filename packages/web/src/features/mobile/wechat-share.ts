/**
 * Share data for WeChat (issue 14 item 5). Chats read the Open Graph tags of the server-rendered
 * HTML (PageHead). Inside the mini-program's web-view the page can also hand its share data to the
 * mini-program (`wx.miniProgram.postMessage`, delivered when the visitor shares): only when the
 * WeChat JSSDK is on the page (the mini-program injects it); it is never loaded from here.
 */
import { useEffect } from 'react';

interface MiniProgramBridge {
  postMessage?: (message: { data: unknown }) => void;
}

declare global {
  interface Window {
    wx?: { miniProgram?: MiniProgramBridge };
  }
}

export interface ShareData {
  title: string;
  /** The page's path on this site (the mini-program opens it in its web-view). */
  path: string;
  imageUrl?: string | null;
}

/** Plain text of (possibly rich) content, shortened for a share card's description. */
export function shareText(html: unknown, max = 80): string {
  if (typeof html !== 'string') return '';
  const plain = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max)}…` : plain;
}

/** Posts the page's share data to the mini-program when the page runs in its web-view. */
export function useMiniProgramShare(share: ShareData | null): void {
  const title = share?.title ?? '';
  const path = share?.path ?? '';
  const imageUrl = share?.imageUrl ?? '';
  useEffect(() => {
    const bridge = window.wx?.miniProgram;
    if (!title || typeof bridge?.postMessage !== 'function') return;
    const absolute = imageUrl && !/^https?:\/\//i.test(imageUrl) ? `${window.location.origin}${imageUrl}` : imageUrl;
    bridge.postMessage({ data: { title, path, imageUrl: absolute || undefined } });
  }, [title, path, imageUrl]);
}
