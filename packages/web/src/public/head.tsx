/**
 * The one way a public page sets its <title>, description and share card (Open Graph). React 19
 * hoists these tags into <head>, on the server (so the raw HTML carries them: WeChat and other
 * chats read them without running scripts) and on client-side navigation alike.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { settingsQuery } from '../features/public-map/api';
import { useRenderContext } from './ssr-context';

export const SITE_NAME_FALLBACK = '开发区土地信息平台';
export const DEFAULT_DESCRIPTION = '开发区土地信息平台：地块查询、招商政策、交易信息与咨询服务';

/**
 * The platform's share picture for pages without a photo of their own: a raster image (chats show
 * no SVG) at the 1200×630 that share cards use; made from packages/web/public-src/share.svg.
 */
export const SHARE_IMAGE = { url: '/share.png', type: 'image/png', width: 1200, height: 630 } as const;

export interface PageHeadProps {
  /** The page's own title; the site name is appended. */
  title: string;
  siteName?: string;
  description?: string;
  /** A picture for the share card (site-relative or absolute); the platform's share picture when none. */
  image?: string | null;
  /** og:type: 'website' unless the page is one thing ('article'). */
  type?: 'website' | 'article';
}

function absolute(origin: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

export function PageHead({ title, siteName, description, image, type = 'website' }: PageHeadProps) {
  const { origin, path } = useHeadLocation();
  // The zone's own name (系统设置) where the page has read the settings, as every public page does;
  // read from the cache only, so that the head never asks for anything itself.
  const cached = useQueryClient().getQueryData(settingsQuery.queryKey);
  const site = siteName || cached?.siteName || SITE_NAME_FALLBACK;
  const fullTitle = title && title !== site ? `${title} - ${site}` : site;
  const text = (description || DEFAULT_DESCRIPTION).slice(0, 200);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <meta property="og:site_name" content={site} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title || site} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={absolute(origin, path)} />
      <meta property="og:image" content={absolute(origin, image || SHARE_IMAGE.url)} />
      {!image && (
        <>
          <meta property="og:image:type" content={SHARE_IMAGE.type} />
          <meta property="og:image:width" content={String(SHARE_IMAGE.width)} />
          <meta property="og:image:height" content={String(SHARE_IMAGE.height)} />
        </>
      )}
    </>
  );
}

function useHeadLocation(): { origin: string; path: string } {
  const { origin } = useRenderContext();
  const location = useLocation();
  return { origin, path: location.pathname };
}
