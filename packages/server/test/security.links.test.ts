import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { MESSAGES } from '@land/shared/validation';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';

type Row = Record<string, unknown>;

/** Addresses a link must never carry: scripts, inline data, other schemes, protocol-relative hosts. */
const BAD_URLS = ['javascript:alert(1)', 'JavaScript:alert(document.cookie)', ' javascript:alert(1)', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'vbscript:msgbox(1)', '//evil.example/x.pdf', 'file:///etc/passwd', 'ftp://example.com/a.pdf'];

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`attachment and link addresses [${dialect}]`, () => {
    let t: TestApp;
    let token: string;
    const count = async (table: string) => (await t.db.db.selectFrom(table as never).select('id' as never).execute()).length;

    beforeAll(async () => {
      t = await createTestApp(dialect);
      token = await t.login();
    });
    afterAll(async () => t?.close());

    const notice = (url: string): Row => ({ title: '附件地址测试', type: 'notice', attachments: [{ name: '附件.pdf', url }] });

    it('refuses javascript:, data: and every other non-http(s) attachment address on save, and saves nothing', async () => {
      const before = await count('t_tzgg');
      for (const url of BAD_URLS) {
        const res = await t.call('/api/tTzgg/addOrUpdate', notice(url), { token });
        expect({ url, status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({ url, status: 400, code: ERROR_CODES.VALIDATION, msg: MESSAGES.link });
        // The form encoding carries the list as JSON text: the same check.
        const form = await t.call('/api/tTzgg/addOrUpdate', notice(url), { token, form: true });
        expect(form.body.code).toBe(ERROR_CODES.VALIDATION);
      }
      expect(await count('t_tzgg')).toBe(before);
    });

    it("accepts the platform's own files and http(s) addresses", async () => {
      for (const url of ['/virtualPath/files/202401/0190a1b2c3d4.pdf', 'https://www.example.gov.cn/a.pdf', 'http://10.0.0.5/b.docx']) {
        const res = await t.call('/api/tTzgg/addOrUpdate', notice(url), { token });
        expect(res.body.code, `${url}: ${res.body.msg}`).toBe('200');
      }
    });

    it('refuses such addresses in article links and banner pictures too', async () => {
      for (const url of BAD_URLS) {
        const article = await t.call('/api/tWxgzh/addOrUpdate', { title: '文章', url }, { token });
        expect({ url, code: article.body.code, msg: article.body.msg }).toEqual({ url, code: ERROR_CODES.VALIDATION, msg: MESSAGES.link });
        const banner = await t.call('/api/config/save', { bannerImages: [{ name: '横幅', url }] }, { token });
        expect({ url, code: banner.body.code }).toEqual({ url, code: ERROR_CODES.VALIDATION });
      }
      expect(await count('t_wxgzh')).toBe(0);
      expect((await t.call('/api/tWxgzh/addOrUpdate', { title: '文章', url: 'https://mp.weixin.qq.com/s/abc' }, { token })).body.code).toBe('200');
    });
  });
}
