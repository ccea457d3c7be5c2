/**
 * Uploaded files behave the same in the local folder (FILES_DIR) and in an S3-compatible object
 * store (FILES_URL, here s3rver on 127.0.0.1): upload checks and names, downloads with the same
 * headers (type, nosniff, a year of caching, ETag/304, ranges for video), deletion, a parcel's
 * photos through the recycle bin and back, and the demo panoramas. What is stored is checked
 * from outside the platform (node:fs, or the bucket through its own client). Backup and restore
 * on both stores: backup.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { writeDemoPanoramas } from '../src/seeds/panorama';
import { fileStoreFor } from '../src/services/storage';
import type { TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { multipart, type Part } from './helpers/multipart';
import type { ParcelWorld } from './helpers/parcels';
import { STORES, createStoreApp, type StoreApp, type StoreFixture } from './helpers/stores';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(200, 7), Buffer.from([0xff, 0xd9])]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4000, 2)]);
const HTML = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
// A panorama is checked as a picture (2:1), so it is a real one.
const PANORAMA = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#6b8fb5' } }).png().toBuffer();

const keyOf = (url: string) => url.slice('/virtualPath/'.length);

for (const dialect of DIALECTS) for (const storeKind of STORES) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`uploaded files [${dialect}, ${storeKind} store]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    let store: StoreFixture;
    let dataDir: string;

    const upload = async (parts: Part[], opts: { visitor?: boolean } = {}) => {
      const body = multipart(parts);
      const headers: Record<string, string> = { ...body.headers };
      if (!opts.visitor) headers.token = w.tokens.admin;
      const res = await t.app.inject({ method: 'POST', url: opts.visitor ? '/openApi/file/upload' : '/api/file/upload', headers, payload: body.payload });
      return { status: res.statusCode, body: res.json() };
    };
    const file = (filename: string, content: Buffer, dir?: string): Part[] => [...(dir ? [{ name: 'dir', value: dir }] : []), { name: 'file', filename, content }];

    let app: StoreApp | undefined;
    beforeAll(async () => {
      ({ t, w, store, dataDir } = app = await createStoreApp(dialect, storeKind, 'store'));
    });
    afterAll(() => app?.close());

    it('stores an upload under its checked name and serves the same bytes with the same headers', async () => {
      const res = await upload(file('现场照片.jpg', JPEG, 'images'));
      expect(res.body).toMatchObject({ code: '200', data: { name: '现场照片.jpg' } });
      const { id, url } = res.body.data as { id: string; url: string };
      expect(url).toMatch(new RegExp(`^/virtualPath/images/\\d{6}/${id}\\.jpg$`));
      expect(await store.read(keyOf(url))).toEqual(JPEG);
      if (storeKind === 's3') expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);

      const got = await t.app.inject({ url });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload).toEqual(JPEG);
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(got.headers.etag).toBeTruthy();
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(got.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(404);
    });

    it('serves part of a video when asked for a range', async () => {
      const res = await upload(file('宣传片.mp4', MP4, 'videos'));
      const url = res.body.data.url as string;
      const part = await t.app.inject({ url, headers: { range: 'bytes=0-99' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-99/${MP4.length}`);
      expect(part.rawPayload).toEqual(MP4.subarray(0, 100));
      expect(part.headers['content-type']).toBe('video/mp4');
    });

    it('a visitor PDF is stored apart and offered as a download', async () => {
      const res = await upload(file('营业执照.pdf', PDF), { visitor: true });
      expect(res.body.code, res.body.msg).toBe('200');
      const url = res.body.data.url as string;
      expect(url).toMatch(/^\/virtualPath\/visitor\/\d{6}\/\w{26}\.pdf$/);
      expect(await store.read(keyOf(url))).toEqual(PDF);
      const got = await t.app.inject({ url });
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['content-disposition']).toBe('attachment');
    });

    it('refuses a file whose bytes are not what its name says, leaving nothing in the store', async () => {
      const before = await store.snapshot();
      const res = await upload(file('图片.png', HTML, 'images'));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '不支持的文件类型' });
      expect(await store.snapshot()).toEqual(before);
    });

    it('serves only stored names: other keys in the store and traversal are not served', async () => {
      await store.write('notes.txt', 'SECRET');
      await store.write('images/202601/.hidden.part', 'SECRET');
      for (const url of ['/virtualPath/notes.txt', '/virtualPath/images/202601/.hidden.part', '/virtualPath/../land.db', '/virtualPath/%2e%2e/notes.txt', '/virtualPath/images/202601/..%2f..%2fnotes.txt']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.body, url).not.toContain('SECRET');
      }
      expect((await t.app.inject({ url: '/virtualPath/images/202601/0123456789abcdefghijklmnop.png' })).statusCode).toBe(404);
    });

    it('deletes a stored file, then answers 404 for it', async () => {
      const { url } = (await upload(file('旧文件.pdf', PDF, 'files'))).body.data as { url: string };
      const del = await w.call('/api/file/deleteFile', { filepath: url }, { form: true });
      expect(del.body).toMatchObject({ code: '200' });
      expect(await store.read(keyOf(url))).toBeNull();
      const gone = await t.app.inject({ url });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ code: ERROR_CODES.NOT_FOUND });
      const again = await w.call('/api/file/deleteFile', { filepath: url }, { form: true });
      expect(again.body).toMatchObject({ code: ERROR_CODES.NOT_FOUND, msg: '文件不存在或已删除' });
      const bad = await w.call('/api/file/deleteFile', { filepath: '/virtualPath/../land.db' }, { form: true });
      expect(bad.body.code).toBe(ERROR_CODES.VALIDATION);
    });

    it('a parcel deleted to the recycle bin keeps its photos, and has them again when restored', async () => {
      const photo = (await upload(file('地块照片.jpg', JPEG, 'images'))).body.data as { name: string; url: string };
      const pano = (await upload(file('全景.png', PANORAMA, 'panorama'))).body.data as { name: string; url: string };
      const parcel = await w.createParcel({ photos: [photo], panorama: [pano] });
      expect((await w.call('/api/tLandinfo/deleteById', { id: parcel.id })).body.code).toBe('200');
      expect((await w.call('/api/tLandinfo/selectById', { id: parcel.id })).body.code).toBe(ERROR_CODES.NOT_FOUND);
      // The files stay while the record is in the bin (it may come back).
      expect(await store.read(keyOf(photo.url))).toEqual(JPEG);

      const bin = await w.call('/api/recycleBin/selectByPage', { pageNo: 1, pageSize: 50 });
      const entry = (bin.body.data.list as { id: string; recordId: string }[]).find((e) => e.recordId === parcel.id)!;
      expect((await w.call('/api/recycleBin/restore', { id: entry.id })).body.code).toBe('200');
      const restored = (await w.call('/api/tLandinfo/selectById', { id: parcel.id })).body.data;
      const photos = typeof restored.photos === 'string' ? JSON.parse(restored.photos) : restored.photos;
      expect(photos).toEqual([photo]);
      for (const [url, bytes] of [[photo.url, JPEG], [pano.url, PANORAMA]] as const) {
        const got = await t.app.inject({ url });
        expect(got.statusCode, url).toBe(200);
        expect(got.rawPayload).toEqual(bytes);
      }

      // Removing the attachment from the parcel deletes the stored file too.
      const removed = await w.call('/api/tLandinfo/deleteFile', { filepath: photo.url, id: parcel.id });
      expect(removed.body).toMatchObject({ code: '200', data: { removedFrom: 1, fileDeleted: true } });
      expect(await store.read(keyOf(photo.url))).toBeNull();
    });

    it('deleteFile keeps a file a saved record still names (a form\'s 删除 given up must find it), and deletes it once the record is saved without it', async () => {
      const photo = (await upload(file('现场照片.jpg', JPEG, 'images'))).body.data as { name: string; url: string };
      const banner = (await upload(file('轮播.png', PNG, 'images'))).body.data as { name: string; url: string };
      const parcel = await w.createParcel({ photos: [photo] });
      // The form's 删除: the record still names the photo, so the file stays (the answer is ignored, SPEC §7).
      expect((await w.call('/api/file/deleteFile', { filepath: photo.url }, { form: true })).body.code).toBe('200');
      expect(await store.read(keyOf(photo.url))).toEqual(JPEG);
      expect((await t.app.inject({ url: photo.url })).statusCode).toBe(200);
      // Saved without it: now the delete removes it.
      const saved = await w.call('/api/tLandinfo/addOrUpdate', { id: parcel.id, version: parcel.version, photos: [] });
      expect(saved.body.code, saved.body.msg).toBe('200');
      expect((await w.call('/api/file/deleteFile', { filepath: photo.url }, { form: true })).body.code).toBe('200');
      expect(await store.read(keyOf(photo.url))).toBeNull();
      // A picture named only by a setting (a banner of the public home page) is kept the same way.
      const set = await w.call('/api/config/save', { bannerImages: [banner] }, { token: w.tokens.admin });
      expect(set.body.code, set.body.msg).toBe('200');
      expect((await w.call('/api/file/deleteFile', { filepath: banner.url }, { form: true })).body.code).toBe('200');
      expect(await store.read(keyOf(banner.url))).toEqual(PNG);
    });

    it('the demo panoramas are written into the configured store', async () => {
      const [entry] = await writeDemoPanoramas(fileStoreFor(t.config), ['全景-测试.png']);
      const stored = await store.read(keyOf(entry.url));
      expect(stored?.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
      expect((await t.app.inject({ url: entry.url })).statusCode).toBe(200);
    });
  });
}
