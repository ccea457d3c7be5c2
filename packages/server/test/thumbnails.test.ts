/**
 * WebP thumbnails of uploaded pictures under /virtualPath/_w<width>/ (issue 14): made on first
 * request at the allowed widths only, stored in the configured store (folder or S3 bucket, checked
 * from outside the platform), served with the pictures' cache headers, never for anything but a
 * stored picture, refused for a picture claiming too many pixels (a decompression bomb), and
 * deleted with their picture.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { THUMBNAIL_WIDTHS } from '@land/shared/images';
import { newId } from '../src/lib/ids';
import type { TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import type { ParcelWorld } from './helpers/parcels';
import { STORES, createStoreApp, type StoreApp, type StoreFixture } from './helpers/stores';

const picture = (width: number, height: number, format: 'jpeg' | 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .toFormat(format)
    .toBuffer();

/** A valid PNG header claiming 30,000 × 30,000 pixels (900 megapixels) with almost no data. */
function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = zlib.deflateSync(Buffer.alloc(30_001 * 64));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

const month = '202611';
const keyIn = (dir: string, ext: string) => `${dir}/${month}/${newId()}.${ext}`;
const thumbUrl = (key: string, width: number | string) => `/virtualPath/_w${width}/${key}`;

for (const dialect of DIALECTS) for (const storeKind of STORES) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`picture thumbnails [${dialect}, ${storeKind} store]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    let store: StoreFixture;

    let app: StoreApp | undefined;
    beforeAll(async () => {
      ({ t, w, store } = app = await createStoreApp(dialect, storeKind, 'thumbs'));
    });
    afterAll(() => app?.close());

    it('makes a WebP at each allowed width once, stores it, and serves it with the pictures’ cache headers', async () => {
      const key = keyIn('images', 'jpg');
      await store.write(key, await picture(2000, 1000, 'jpeg'));
      for (const width of THUMBNAIL_WIDTHS) {
        const res = await t.app.inject({ url: thumbUrl(key, width) });
        expect(res.statusCode, `${width}`).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta).toMatchObject({ format: 'webp', width, height: width / 2 });
        // Kept in the store beside the picture, with the same bytes as served.
        expect(await store.read(`_w${width}/${key}.webp`)).toEqual(res.rawPayload);

        const again = await t.app.inject({ url: thumbUrl(key, width) });
        expect(again.rawPayload).toEqual(res.rawPayload);
        expect(again.headers.etag).toBe(res.headers.etag);
        const cached = await t.app.inject({ url: thumbUrl(key, width), headers: { 'if-none-match': String(res.headers.etag) } });
        expect(cached.statusCode).toBe(304);
        expect(cached.rawPayload.length).toBe(0);
      }
      // The picture itself is served as before.
      const original = await t.app.inject({ url: `/virtualPath/${key}` });
      expect(original.headers['content-type']).toBe('image/jpeg');
    });

    it('never makes a thumbnail wider than its picture (PNG and a visitor’s picture too)', async () => {
      const key = keyIn('visitor', 'png');
      await store.write(key, await picture(500, 400, 'png'));
      const res = await t.app.inject({ url: thumbUrl(key, 1280) });
      expect(res.statusCode).toBe(200);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 500, height: 400 });
    });

    it('refuses any other width with A0400 and stores nothing', async () => {
      const key = keyIn('images', 'jpg');
      await store.write(key, await picture(800, 600, 'jpeg'));
      const before = await store.snapshot();
      for (const width of ['641', '0', '100000', 'abc', '-320', '640.5', '']) {
        const res = await t.app.inject({ url: thumbUrl(key, width) });
        expect(res.statusCode, width).toBe(400);
        expect(res.json()).toMatchObject({ code: ERROR_CODES.VALIDATION });
      }
      expect((await t.app.inject({ url: thumbUrl(key, 641) })).json().msg).toBe('缩略图宽度只能是 320、640、960、1280 之一');
      expect(await store.snapshot()).toEqual(before);
    });

    it('has no thumbnail of what is not a stored picture', async () => {
      const pdf = keyIn('files', 'pdf');
      await store.write(pdf, Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'));
      const before = await store.snapshot();
      for (const url of [
        thumbUrl(pdf, 640),
        thumbUrl(keyIn('images', 'jpg'), 640), // not stored
        thumbUrl(`_w640/${keyIn('images', 'jpg')}`, 640),
        '/virtualPath/_w640/images/202611/../../land.db',
        '/virtualPath/_w640/',
      ]) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).not.toBe('image/webp');
      }
      expect(await store.snapshot()).toEqual(before);
    });

    it('refuses a picture that claims too many pixels without decoding it, and keeps serving', async () => {
      const bomb = keyIn('images', 'png');
      await store.write(bomb, pngBomb());
      const broken = keyIn('images', 'jpg');
      await store.write(broken, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]));
      const before = await store.snapshot();
      const res = await t.app.inject({ url: thumbUrl(bomb, 320) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '图片像素过多，无法生成缩略图' });
      const unreadable = await t.app.inject({ url: thumbUrl(broken, 320) });
      expect(unreadable.statusCode).toBe(400);
      expect(unreadable.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '图片无法读取，无法生成缩略图' });
      expect(await store.snapshot()).toEqual(before);

      const fine = keyIn('images', 'jpg');
      await store.write(fine, await picture(400, 300, 'jpeg'));
      expect((await t.app.inject({ url: thumbUrl(fine, 320) })).statusCode).toBe(200);
    });

    it('deletes the thumbnails with their picture', async () => {
      const key = keyIn('images', 'jpg');
      await store.write(key, await picture(1000, 500, 'jpeg'));
      for (const width of [320, 960]) expect((await t.app.inject({ url: thumbUrl(key, width) })).statusCode).toBe(200);
      expect(await store.read(`_w960/${key}.webp`)).not.toBeNull();

      const del = await w.call('/api/file/deleteFile', { filepath: `/virtualPath/${key}` }, { form: true });
      expect(del.body).toMatchObject({ code: '200' });
      const left = Object.keys(await store.snapshot()).filter((k) => k.includes(key));
      expect(left).toEqual([]);
      expect((await t.app.inject({ url: thumbUrl(key, 320) })).statusCode).toBe(404);
    });
  });
}
