/**
 * Thumbnails of uploaded pictures (issue 14, pictures for phones). The server makes a WebP copy of
 * a stored picture at each of THUMBNAIL_WIDTHS on first request and keeps it in the file store;
 * its address is the picture's with `_w<width>/` after /virtualPath/:
 *
 *   /virtualPath/images/202611/<id>.jpg  →  /virtualPath/_w640/images/202611/<id>.jpg  (image/webp)
 *
 * A copy is never wider than its picture (a narrower picture keeps its own width). Pages build
 * `srcset` with srcSetOf; anything that is not an uploaded picture gets none.
 */

/** Widths (CSS px at 1×) a thumbnail is made at; any other width is refused (A0400). */
export const THUMBNAIL_WIDTHS = [320, 640, 960, 1280] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

export const THUMBNAIL_SEGMENT = '_w';

/** An uploaded picture's address (optionally after an origin or base path): prefix and stored key. */
const UPLOADED_PICTURE = /^(.*\/virtualPath\/)((?:images|files|panorama|visitor)\/\d{6}\/[0-9a-z]{26}\.(?:jpg|png|gif|webp))$/;

/** Kinds (stored extensions) the panorama upload takes: the server's check and this name check share them. */
export const PANORAMA_KINDS = ['jpg', 'png', 'webp'] as const;

/**
 * A panorama as the panorama upload stores it (checked there as a 2:1 picture): nothing else, so
 * no other picture and no dot segments (`panorama/../images/…`, which a browser would resolve).
 */
const UPLOADED_PANORAMA = new RegExp(`^/virtualPath/panorama/\\d{6}/[0-9a-z]{26}\\.(?:${PANORAMA_KINDS.join('|')})$`);

export function isUploadedPanorama(url: string): boolean {
  return UPLOADED_PANORAMA.test(url);
}

export function isThumbnailWidth(width: number): width is ThumbnailWidth {
  return (THUMBNAIL_WIDTHS as readonly number[]).includes(width);
}

/** The address of a picture's thumbnail at `width`, or null when `src` is not an uploaded picture. */
export function thumbnailUrl(src: string, width: ThumbnailWidth): string | null {
  const m = UPLOADED_PICTURE.exec(src);
  return m ? `${m[1]}${THUMBNAIL_SEGMENT}${width}/${m[2]}` : null;
}

/**
 * `srcset` for a picture: its thumbnails with their width descriptors, narrowest first, up to
 * `maxWidth` (the widest the page can use, in device pixels; the next width up is kept so a
 * screen between two widths is never given a blurry one). '' when `src` is not an uploaded picture.
 */
export function srcSetOf(src: string, maxWidth = Infinity): string {
  const wanted: ThumbnailWidth[] = [];
  for (const w of THUMBNAIL_WIDTHS) {
    wanted.push(w);
    if (w >= maxWidth) break;
  }
  return wanted
    .map((w) => thumbnailUrl(src, w))
    .filter((url): url is string => url !== null)
    .map((url, i) => `${url} ${wanted[i]}w`)
    .join(', ');
}
