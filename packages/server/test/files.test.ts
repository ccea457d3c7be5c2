import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { loadConfig } from '../src/config';
import { VISITOR_UPLOADS_PER_10_MIN } from '../src/routes/files';
import { sniff } from '../src/services/files';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { multipart, type Part } from './helpers/multipart';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(200, 7), Buffer.from([0xff, 0xd9])]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64, 2)]);
const HTML = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');

/** A real picture of this size (a plain colour), as a camera or stitcher would send it. */
function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png', orientation?: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#6b8fb5' } });
  const encoded = format === 'png' ? image.png() : image.jpeg();
  return (orientation ? encoded.withMetadata({ orientation }) : encoded).toBuffer();
}

async function xlsxBytes(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('s').addRow(['a']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Every file under the store, to show a refused upload leaves nothing behind. */
function storedFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile());
}

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`file service [${dialect}]`, () => {
    let t: TestApp;
    let token: string;
    let store: string;

    const upload = async (parts: Part[], opts: { token?: string | null; url?: string } = {}) => {
      const body = multipart(parts);
      const headers: Record<string, string> = { ...body.headers };
      if (opts.token !== null) headers.token = opts.token ?? token;
      const res = await t.app.inject({ method: 'POST', url: opts.url ?? '/api/file/upload', headers, payload: body.payload });
      return { status: res.statusCode, body: res.json() };
    };
    const file = (filename: string, content: Buffer, extra: Part[] = []): Part[] => [...extra, { name: 'file', filename, content }];
    const remove = (filepath: string, opts: { token?: string } = {}) => t.call('/api/file/deleteFile', { filepath }, { token: opts.token ?? token, form: true });

    beforeAll(async () => {
      t = await createTestApp(dialect);
      token = await t.login();
      store = path.join(t.config.dataDir, 'uploads');
    });
    afterAll(async () => t?.close());

    it('uploads, serves the same bytes read-only, and deletes', async () => {
      const res = await upload(file('现场照片.jpg', JPEG, [{ name: 'dir', value: 'images' }]));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: '200', data: { name: '现场照片.jpg' } });
      const { id, url } = res.body.data as { id: string; url: string };
      expect(url).toMatch(new RegExp(`^/virtualPath/images/\\d{6}/${id}\\.jpg$`));
      const onDisk = path.join(store, url.slice('/virtualPath/'.length));
      expect(fs.readFileSync(onDisk)).toEqual(JPEG);

      const got = await t.app.inject({ url });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload).toEqual(JPEG);
      expect(got.headers['content-type']).toBe('image/jpeg');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['cache-control']).toContain('max-age=31536000');
      const put = await t.app.inject({ method: 'DELETE', url });
      expect(put.statusCode).toBe(404);

      const del = await remove(url);
      expect(del.body).toMatchObject({ code: '200' });
      expect(fs.existsSync(onDisk)).toBe(false);
      const gone = await t.app.inject({ url });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ code: ERROR_CODES.NOT_FOUND });
      const again = await remove(url);
      expect(again.body).toMatchObject({ code: ERROR_CODES.NOT_FOUND, msg: '文件不存在或已删除' });
    });

    it('takes the folder from the form field or the query, files by default', async () => {
      const viaQuery = await upload(file('a.mp4', MP4), { url: '/api/file/upload?dir=videos' });
      expect(viaQuery.body.data.url).toMatch(/^\/virtualPath\/videos\/\d{6}\/\w{26}\.mp4$/);
      const byDefault = await upload(file('规划.pdf', PDF));
      expect(byDefault.body.data.url).toMatch(/^\/virtualPath\/files\/\d{6}\/\w{26}\.pdf$/);
      const pano = await upload(file('全景.PNG', await picture(400, 200), [{ name: 'dir', value: 'panorama' }]));
      expect(pano.body.data.url).toMatch(/^\/virtualPath\/panorama\/\d{6}\/\w{26}\.png$/);
      const served = await t.app.inject({ url: byDefault.body.data.url });
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['content-disposition']).toBeUndefined();
    });

    it('takes a panorama only as a 2:1 picture: another shape is refused naming its size, storing nothing', async () => {
      const panorama = (name: string, content: Buffer) => upload(file(name, content, [{ name: 'dir', value: 'panorama' }]));
      const before = storedFiles(store).length;
      const wide = await panorama('现场.jpg', await picture(1600, 900, 'jpeg'));
      expect(wide.status).toBe(400);
      expect(wide.body).toMatchObject({
        code: ERROR_CODES.VALIDATION,
        msg: '全景图须为宽高比 2:1 的等距柱状投影全景图（宽为高的 2 倍，如 4096×2048 像素），此图为 1600×900 像素（约 1.78:1）',
        data: { field: 'file' },
      });
      const square = await panorama('方图.png', await picture(500, 500));
      expect(square.body.msg).toContain('此图为 500×500 像素（约 1.00:1）');
      // Upright as the camera shot it: 1000 wide and 2000 high once turned by its EXIF orientation.
      const turned = await panorama('竖拍.jpg', await picture(2000, 1000, 'jpeg', 6));
      expect(turned.body.msg).toContain('此图为 1000×2000 像素');
      // Bytes of the claimed kind that are no picture at all.
      const broken = await panorama('坏图.png', PNG);
      expect(broken.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '图片无法读取，请确认文件完整后重新上传' });
      expect(storedFiles(store).length).toBe(before);

      // A stitcher's rounding is allowed; the same picture is fine as a plain image.
      for (const [width, height] of [[4096, 2048], [2000, 1010], [1010, 500]]) {
        const res = await panorama(`全景${width}.jpg`, await picture(width, height, 'jpeg'));
        expect(res.body, `${width}×${height}`).toMatchObject({ code: '200' });
      }
      const photo = await upload(file('现场.jpg', await picture(1600, 900, 'jpeg'), [{ name: 'dir', value: 'images' }]));
      expect(photo.body.code).toBe('200');
    });

    it('accepts Office files and ZIP bundles only when the ZIP holds what the extension says', async () => {
      const xlsx = await xlsxBytes();
      expect((await upload(file('台账.xlsx', xlsx))).body.code).toBe('200');
      expect((await upload(file('shp.zip', xlsx))).body.code).toBe('200');
      const fakeDocx = await upload(file('合同.docx', xlsx));
      expect(fakeDocx.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '不支持的文件类型' });
    });

    it('refuses a type outside the allow-list, or whose bytes are not what the name says, storing nothing', async () => {
      const before = storedFiles(store);
      const cases: [string, Buffer, Part[]][] = [
        ['photo.jpg', HTML, []],
        ['photo.png', JPEG, []],
        ['page.html', HTML, []],
        ['logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), []],
        ['run.exe', Buffer.from('MZ\x90\x00'), []],
        ['noext', JPEG, []],
        ['doc.pdf', PDF, [{ name: 'dir', value: 'images' }]],
        ['clip.mp4', HTML, [{ name: 'dir', value: 'videos' }]],
        ['x.jpg', Buffer.alloc(0), []],
      ];
      for (const [name, content, extra] of cases) {
        const res = await upload(file(name, content, extra));
        expect({ name, status: res.status, code: res.body.code }).toEqual({ name, status: 400, code: ERROR_CODES.VALIDATION });
        expect(res.body.msg, name).toMatch(/^(不支持的文件类型|文件内容为空)$/);
      }
      expect(storedFiles(store)).toEqual(before);
    });

    it('refuses an unknown folder, a missing file, a JSON body and a missing session', async () => {
      for (const dir of ['../etc', 'visitor', '/tmp', 'images/../..']) {
        const res = await upload(file('a.jpg', JPEG, [{ name: 'dir', value: dir }]));
        expect(res.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '上传目录只能是 images、files、videos、panorama 之一' });
      }
      const none = await upload([{ name: 'dir', value: 'images' }]);
      expect(none.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '请选择要上传的文件' });
      const json = await t.call('/api/file/upload', { file: 'x' }, { token });
      expect(json.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '请以 multipart/form-data 方式上传文件' });
      for (const payload of ['', 'garbage without boundaries', '------x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc']) {
        const res = await t.app.inject({ method: 'POST', url: '/api/file/upload', headers: { token, 'content-type': 'multipart/form-data; boundary=----x' }, payload });
        expect(res.statusCode, payload).toBe(400);
        expect(res.json().msg, payload).toMatch(/^(请选择要上传的文件|上传的数据不完整或格式不正确|不支持的文件类型)$/);
      }
      const noBoundary = await t.app.inject({ method: 'POST', url: '/api/file/upload', headers: { token, 'content-type': 'multipart/form-data' }, payload: 'x' });
      expect(noBoundary.statusCode).toBe(400);
      const anon = await upload(file('a.jpg', JPEG), { token: null });
      expect(anon.status).toBe(401);
      expect(anon.body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
      const anonDelete = await t.call('/api/file/deleteFile', { filepath: '/virtualPath/images/202401/x.jpg' }, { form: true });
      expect(anonDelete.body.code).toBe(ERROR_CODES.NOT_LOGGED_IN);
    });

    it('refuses an upload over the size limit with the limit in the message', async () => {
      const before = storedFiles(store);
      const big = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(20 * 1024 * 1024)]);
      const res = await upload(file('big.jpg', big));
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: ERROR_CODES.TOO_LARGE, msg: '文件大小不能超过20MB' });
      expect(storedFiles(store)).toEqual(before);
    });

    it('delete refuses anything that resolves outside the store or is not a stored file', async () => {
      const canary = path.join(t.config.dataDir, 'canary.jpg');
      fs.writeFileSync(canary, 'keep me');
      const kept = await upload(file('kept.jpg', JPEG, [{ name: 'dir', value: 'images' }]));
      const keptUrl: string = kept.body.data.url;
      const [, , , month, name] = keptUrl.split('/');
      const attempts = [
        '/virtualPath/../canary.jpg',
        '/virtualPath/../../../../etc/passwd',
        `/virtualPath/images/${month}/../../../canary.jpg`,
        `/virtualPath/images/${month}/..%2F..%2F..%2Fcanary.jpg`,
        `/virtualPath/images/${month}/%2e%2e%2f%2e%2e%2fcanary.jpg`,
        '/virtualPath/images%2F..%2F..%2Fcanary.jpg',
        `${keptUrl}/../../${name}`,
        `/virtualPath/images/${month}/./${name}`,
        `/virtualPath//images/${month}/${name}`,
        `/virtualPath/images/${month}/${name}\u0000.txt`,
        canary,
        '/etc/passwd',
        'C:\\Windows\\win.ini',
        `${t.config.dataDir}/uploads/images/${month}/${name}`,
        `http://gis.example.com${keptUrl}`,
        'images/' + month + '/' + name,
        '',
      ];
      for (const filepath of attempts) {
        const res = await remove(filepath);
        expect({ filepath, status: res.status, code: res.body.code }).toEqual({ filepath, status: 400, code: ERROR_CODES.VALIDATION });
        expect(res.body.msg, filepath).toMatch(/^(文件路径不正确|缺少文件路径)$|U\+0000/);
      }
      expect(fs.readFileSync(canary, 'utf8')).toBe('keep me');
      expect((await t.app.inject({ url: keptUrl })).statusCode).toBe(200);
    });

    it('delete refuses a stored-looking name that is a symlink, or whose folder links outside the store', async () => {
      const outside = fs.mkdtempSync(path.join(t.config.dataDir, 'outside-'));
      const victim = path.join(outside, 'victim.pdf');
      fs.writeFileSync(victim, 'do not delete');
      const linkName = '0123456789abcdefghjkmnpqrs.pdf';
      fs.mkdirSync(path.join(store, 'files', '209901'), { recursive: true });
      fs.symlinkSync(victim, path.join(store, 'files', '209901', linkName));
      const viaFile = await remove(`/virtualPath/files/209901/${linkName}`);
      expect(viaFile.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '文件路径不正确' });

      fs.writeFileSync(path.join(outside, linkName), 'do not delete either');
      fs.symlinkSync(outside, path.join(store, 'files', '209902'));
      const viaFolder = await remove(`/virtualPath/files/209902/${linkName}`);
      expect(viaFolder.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '文件路径不正确' });
      expect(fs.readFileSync(victim, 'utf8')).toBe('do not delete');
      expect(fs.existsSync(path.join(outside, linkName))).toBe(true);
    });

    it('serves only stored paths: traversal and other names get 403/404, never file contents', async () => {
      fs.writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'SECRET');
      fs.writeFileSync(path.join(store, 'notes.txt'), 'SECRET');
      for (const url of [
        '/virtualPath/../secret.txt',
        '/virtualPath/..%2fsecret.txt',
        '/virtualPath/%2e%2e/secret.txt',
        '/virtualPath/images/..%2f..%2fsecret.txt',
        '/virtualPath/notes.txt',
        '/virtualPath/',
        '/virtualPath/images/',
      ]) {
        const res = await t.app.inject({ url });
        expect({ url, ok: res.statusCode >= 400 && res.statusCode < 500 }).toEqual({ url, ok: true });
        expect(res.body).not.toContain('SECRET');
      }
    });

    it('visitor upload: pictures and PDF only, 5 MB, kept in their own folder, PDF served as a download', async () => {
      const url = '/openApi/file/upload';
      const png = await upload(file('留言截图.png', PNG), { url, token: null });
      expect(png.body).toMatchObject({ code: '200', data: { name: '留言截图.png' } });
      expect(png.body.data.url).toMatch(/^\/virtualPath\/visitor\/\d{6}\/\w{26}\.png$/);
      const pdf = await upload(file('材料.pdf', PDF), { url, token: null });
      const served = await t.app.inject({ url: pdf.body.data.url });
      expect(served.headers['content-disposition']).toBe('attachment');
      for (const [name, content] of [['a.xlsx', await xlsxBytes()], ['a.mp4', MP4], ['a.jpg', HTML]] as const) {
        const res = await upload(file(name, content), { url, token: null });
        expect(res.body).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '不支持的文件类型' });
      }
      const big = await upload(file('big.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])), { url, token: null });
      expect(big.body).toMatchObject({ code: ERROR_CODES.TOO_LARGE, msg: '文件大小不能超过5MB' });
      const dir = await upload(file('a.png', PNG, [{ name: 'dir', value: 'images' }]), { url, token: null });
      expect(dir.body.data.url).toMatch(/^\/virtualPath\/visitor\//);
      const staffDelete = await remove(png.body.data.url);
      expect(staffDelete.body.code).toBe('200');
    });
  });

  describe.skipIf(!available)(`file service limits [${dialect}]`, () => {
    it('UPLOAD_MAX_MB sets the staff limit; visitors are throttled per address', async () => {
      expect(loadConfig({ UPLOAD_MAX_MB: '3' })).toMatchObject({ uploadMaxMb: 3, visitorUploadMaxMb: 3 });
      expect(loadConfig({ UPLOAD_MAX_MB: '0' })).toMatchObject({ uploadMaxMb: 20, visitorUploadMaxMb: 5 });
      expect(loadConfig({})).toMatchObject({ uploadMaxMb: 20, visitorUploadMaxMb: 5 });
      const t = await createTestApp(dialect, { uploadMaxMb: 1 });
      try {
        const token = await t.login();
        const send = async (url: string, content: Buffer, withToken: boolean) => {
          const body = multipart([{ name: 'file', filename: 'a.png', content }]);
          const res = await t.app.inject({ method: 'POST', url, headers: { ...body.headers, ...(withToken ? { token } : {}) }, payload: body.payload });
          return res.json();
        };
        expect(await send('/api/file/upload', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]), true)).toMatchObject({ msg: '文件大小不能超过1MB' });
        expect((await send('/api/file/upload', PNG, true)).code).toBe('200');
        for (let i = 0; i < VISITOR_UPLOADS_PER_10_MIN; i++) expect((await send('/openApi/file/upload', PNG, false)).code).toBe('200');
        expect(await send('/openApi/file/upload', PNG, false)).toMatchObject({ code: ERROR_CODES.RATE_LIMITED, msg: '上传过于频繁，请稍后再试' });
      } finally {
        await t.close();
      }
    });
  });
}

describe('content sniffing', () => {
  it('names the format by its first bytes', () => {
    expect(sniff(JPEG)).toBe('jpg');
    expect(sniff(PNG)).toBe('png');
    expect(sniff(Buffer.from('GIF89a....'))).toBe('gif');
    expect(sniff(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('webp');
    expect(sniff(PDF)).toBe('pdf');
    expect(sniff(MP4)).toBe('mp4');
    expect(sniff(Buffer.from('PK\u0003\u0004'))).toBe('zip');
    expect(sniff(HTML)).toBeNull();
    expect(sniff(Buffer.alloc(0))).toBeNull();
  });
});
