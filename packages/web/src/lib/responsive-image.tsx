/**
 * An uploaded picture for the public pages (issue 14, pictures for phones): `<img>` with the
 * server's WebP thumbnails in `srcset` (320–1280 px, @land/shared/images) and `sizes`, so a phone
 * downloads a picture of its own width; lazy and decoded off the main thread unless it is the
 * page's largest picture (`priority`: fetched at high priority, not lazy; React's server render
 * also puts a `<link rel="preload" as="image" imagesrcset>` for it in the head). `width` and
 * `height` are the size it is shown at (CSS px); it shrinks to a narrower container keeping that
 * ratio, and its box is reserved before it loads, so nothing below it moves. To fill the
 * container's width instead, pass `style={{ width: '100%' }}` (the ratio still holds). A picture that is not an upload (a bundled asset, an absolute address)
 * is shown as it is, without `srcset`. Plain markup: no antd.
 */
import type { CSSProperties } from 'react';
import { srcSetOf } from '@land/shared/images';
import { fileUrl } from './files';

export interface ResponsiveImageProps {
  /** The stored address (`/virtualPath/images/…`) or any other picture address. */
  src: string;
  alt: string;
  /** Width the picture takes on the page per viewport, e.g. '(max-width: 768px) 100vw, 360px'. Default 100vw. */
  sizes?: string;
  /** Size shown at, CSS px (also the reserved box's ratio). */
  width: number;
  height: number;
  /** The page's largest or first visible picture: fetched at once with high priority. */
  priority?: boolean;
  /** On screen at once but not the largest picture (first rows of a list): not lazy, normal priority. */
  eager?: boolean;
  className?: string;
  style?: CSSProperties;
}

export function ResponsiveImage({ src, alt, sizes = '100vw', width, height, priority = false, eager = false, className, style }: ResponsiveImageProps) {
  const url = fileUrl(src);
  const srcSet = srcSetOf(url);
  return (
    <img
      src={url}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority || eager ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
      style={{ aspectRatio: `${width} / ${height}`, maxWidth: '100%', height: 'auto', objectFit: 'cover', ...style }}
    />
  );
}
