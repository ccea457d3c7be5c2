import { describe, expect, it } from 'vitest';
import { PANORAMA_KINDS, THUMBNAIL_WIDTHS, isThumbnailWidth, isUploadedPanorama, srcSetOf, thumbnailUrl } from '../src/images';

const PHOTO = '/virtualPath/images/202611/01jabcdefghjkmnpqrstvwxyz0.jpg';

describe('thumbnail addresses of uploaded pictures', () => {
  it('puts the width after /virtualPath/, also behind an origin or base path', () => {
    expect(thumbnailUrl(PHOTO, 640)).toBe('/virtualPath/_w640/images/202611/01jabcdefghjkmnpqrstvwxyz0.jpg');
    expect(thumbnailUrl(`https://gis.example.cn/land${PHOTO}`, 320)).toBe('https://gis.example.cn/land/virtualPath/_w320/images/202611/01jabcdefghjkmnpqrstvwxyz0.jpg');
  });

  it('lists every width, narrowest first, with width descriptors', () => {
    expect(srcSetOf(PHOTO)).toBe(THUMBNAIL_WIDTHS.map((w) => `/virtualPath/_w${w}/images/202611/01jabcdefghjkmnpqrstvwxyz0.jpg ${w}w`).join(', '));
  });

  it('stops at the first width that covers the widest use', () => {
    expect(srcSetOf(PHOTO, 640).split(', ').map((s) => s.split(' ')[1])).toEqual(['320w', '640w']);
    expect(srcSetOf(PHOTO, 700).split(', ').map((s) => s.split(' ')[1])).toEqual(['320w', '640w', '960w']);
    expect(srcSetOf(PHOTO, 100).split(', ').map((s) => s.split(' ')[1])).toEqual(['320w']);
  });

  it('gives nothing for what is not an uploaded picture', () => {
    for (const src of [
      '/virtualPath/files/202611/01jabcdefghjkmnpqrstvwxyz0.pdf',
      '/virtualPath/videos/202611/01jabcdefghjkmnpqrstvwxyz0.mp4',
      '/virtualPath/_w640/images/202611/01jabcdefghjkmnpqrstvwxyz0.jpg',
      '/virtualPath/images/202611/../../etc/passwd.jpg',
      '/assets/banner-1a2b3c.jpg',
      `${PHOTO}?v=2`,
      'data:image/png;base64,AAAA',
      '',
    ]) {
      expect(thumbnailUrl(src, 640), src).toBeNull();
      expect(srcSetOf(src), src).toBe('');
    }
  });

  it('knows the allowed widths', () => {
    expect(isThumbnailWidth(640)).toBe(true);
    expect(isThumbnailWidth(641)).toBe(false);
    expect(isThumbnailWidth(0)).toBe(false);
  });
});

describe('panorama addresses (isUploadedPanorama)', () => {
  const id = '01cccccccccccccccccccccccc';
  it('takes a stored panorama of each kind the panorama upload takes', () => {
    for (const kind of PANORAMA_KINDS) expect(isUploadedPanorama(`/virtualPath/panorama/202401/${id}.${kind}`), kind).toBe(true);
  });
  it('refuses other folders, other kinds, dot segments, outside addresses and anything around the name', () => {
    for (const url of [
      `/virtualPath/images/202401/${id}.jpg`,
      `/virtualPath/panorama/202401/${id}.gif`,
      `/virtualPath/panorama/../images/202401/${id}.jpg`,
      `/virtualPath/panorama/202401/${id}.jpg?x=1`,
      `https://example.com/virtualPath/panorama/202401/${id}.jpg`,
      `/virtualPath/panorama/2024/${id}.jpg`,
      `/virtualPath/panorama/202401/${id.toUpperCase()}.jpg`,
    ])
      expect(isUploadedPanorama(url), url).toBe(false);
  });
});
