import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@land/shared/api';
import { findCjkFont, MISSING_FONT_MESSAGE } from '../src/documents/fonts';
import { renderMap, rgb } from '../src/documents/mapImage';
import { AppError } from '../src/lib/errors';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, square, type ParcelWorld } from './helpers/parcels';

type Row = Record<string, unknown>;

/** pdftotext (poppler-utils) reads the PDF as a person's viewer would; CI installs it. */
function hasPdftotext(): boolean {
  const found = spawnSync('pdftotext', ['-v']).status === 0;
  if (!found && process.env.CI === 'true') throw new Error('pdftotext (poppler-utils) is not installed (CI=true: not skipping)');
  if (!found) console.warn('\n!!! pdftotext not found: skipping the PDF text checks (apt-get install poppler-utils)\n');
  return found;
}
const PDFTOTEXT = hasPdftotext();

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'land-pdf-'));
  const file = path.join(dir, 'manual.pdf');
  fs.writeFileSync(file, pdf);
  const res = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  if (res.status !== 0) throw new Error(`pdftotext failed: ${res.stderr}`);
  return res.stdout;
}

function docxXml(docx: Buffer): string {
  return new TextDecoder().decode(unzipSync(new Uint8Array(docx))['word/document.xml']);
}

describe('documents without a database', () => {
  it('names the font package to install when no CJK font is found', () => {
    const missing = [{ path: '/nonexistent/font.ttc', family: 'X', debianPackage: 'fonts-noto-cjk' }];
    expect(() => findCjkFont(missing)).toThrow(AppError);
    expect(() => findCjkFont(missing)).toThrow(MISSING_FONT_MESSAGE);
    expect(MISSING_FONT_MESSAGE).toContain('fonts-noto-cjk');
  });

  it('renders the map as a PNG with the parcel drawn in its colour', () => {
    const map = renderMap({
      width: 200,
      height: 120,
      extent: [120.49, 30.29, 120.51, 30.31],
      layers: [{ geometries: [square(120.498, 30.298, 0.004) as never], fill: rgb('#f5222d', 1) }],
    });
    expect(map.png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(map.width).toBe(200);
    expect(map.gridMeters).toBeGreaterThan(0);
  });
});

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`investment manuals [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    let parcel: Row;
    let draft: Row;

    const must = async (url: string, body: Row) => {
      const res = await w.call(url, body);
      expect(res.body.code, `${url}: ${res.body.msg}`).toBe('200');
      return res.body.data as Row;
    };
    const fetchFile = (url: string, form: Record<string, string>, token?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { token } : {}) },
        payload: new URLSearchParams(form).toString(),
      });

    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
      await must('/api/tArea/addOrUpdate', { areaname: '滨江智造园', areacode: 'LJ01', status: '1', leadingIndustry: '高端装备制造', introduction: '<p>片区已集聚规上工业企业160余家。</p>', boundary: square(120.49, 30.29, 0.03) });
      parcel = await must('/api/tLandinfo/addOrUpdate', {
        ...w.parcel(),
        dkbh: 'LJ2024-016',
        dkmc: '滨江智造园纬四路东侧工业地块',
        areacode: 'LJ01',
        location: '纬四路以北、经三路以东',
        boundEast: '经三路',
        boundNorth: '纬四路',
        landArea: 33350.5,
        plotRatioMin: 1.2,
        plotRatioMax: 2.5,
        buildingDensityMin: 40,
        greenRatioMax: 15,
        heightLimit: 24,
        investmentIntensity: 450,
        tenureYears: 50,
        startingPrice: 1250.8,
        introduction: '地块方正，已完成征迁，七通一平。',
        geometry: square(120.5, 30.3, 0.0015),
      });
      const dkid = parcel.id as string;
      await w.createParcel({ dkmc: '相邻地块', areacode: 'LJ01', geometry: square(120.502, 30.3, 0.0015) });
      await must('/api/tYdzb/addOrUpdate', { dkid, indicator: 'plotRatio', comparator: 'between', value: 1.2, valueMax: 2.5 });
      await must('/api/tLandzbpt/addOrUpdate', { dkid, facilityType: 'school', name: '临江经开区实验学校', distanceM: 850, address: '智造大道120号' });
      await must('/api/tDistance/addOrUpdate', { dkid, placeName: '临江站（高铁）', placeType: 'railway', distanceKm: 8.5, driveMinutes: 15 });
      await must('/api/tDkys/addOrUpdate', { dkid, title: '交通便利', content: '距高速出口3公里' });
      await must('/api/tInvestmentLinkman/addOrUpdateLinkman', { name: '陈招商', phone: '0571-86790001', unit: '临江经开区投资促进局', areacode: 'LJ01', status: '1' });
      for (const action of ['submit', 'passFirst', 'publish']) await must('/api/tLandinfo/transition', { ids: [dkid], action });
      draft = await w.createParcel({ dkmc: '尚未发布的地块', areacode: 'LJ01', geometry: square(120.51, 30.31) });
    });
    afterAll(async () => t?.close());

    it('Word: the parcel manual with its name, figures and the map', async () => {
      const res = await fetchFile('/openApi/ExcelMainDispose/exportZsscDoc', { dkid: parcel.id as string });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('滨江智造园纬四路东侧工业地块招商手册.docx')}`);
      const xml = docxXml(res.rawPayload);
      expect(xml).toContain('滨江智造园纬四路东侧工业地块');
      expect(xml).toContain('地块招商手册');
      expect(xml).toContain('33,350.5 平方米（约 50.03 亩）');
      expect(xml).toContain('壹仟贰佰伍拾万捌仟元整');
      expect(xml).toContain('临江经开区实验学校');
      expect(xml).toContain('陈招商');
      expect(Object.keys(unzipSync(new Uint8Array(res.rawPayload))).some((n) => /^word\/media\/.+\.png$/.test(n))).toBe(true);
    });

    it('PDF: A4, the parcel name and figures as text', async () => {
      const res = await fetchFile('/openApi/ExcelMainDispose/createPdf', { dkid: parcel.id as string });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
      if (PDFTOTEXT) {
        const text = pdfText(pdf);
        expect(text).toContain('滨江智造园纬四路东侧工业地块');
        expect(text).toContain('主要指标');
        expect(text).toContain('≥1.2 且 ≤2.5');
        expect(text).toContain('壹仟贰佰伍拾万捌仟元整');
        expect(text).toContain('临江站（高铁）');
        expect(text).toMatch(/第\s*1\s*页\s*\/\s*共\s*\d+\s*页/);
      }
    });

    it('district manual: profile, parcels on offer and contacts', async () => {
      const res = await fetchFile('/openApi/ExcelMainDispose/createPdf', { areacode: 'LJ01' });
      expect(res.statusCode).toBe(200);
      if (PDFTOTEXT) {
        const text = pdfText(res.rawPayload);
        expect(text).toContain('片区招商手册');
        expect(text).toContain('LJ2024-016');
        expect(text).not.toContain('尚未发布的地块');
      }
      const docx = await fetchFile('/openApi/ExcelMainDispose/exportZsscDoc', { areacode: 'LJ01' });
      expect(docxXml(docx.rawPayload)).toContain('片区已集聚规上工业企业160余家。');
    });

    it('visitors get published parcels only; staff may print any; bad input is a 400', async () => {
      const hidden = await fetchFile('/openApi/ExcelMainDispose/createPdf', { dkid: draft.id as string });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ code: ERROR_CODES.NOT_FOUND, msg: '地块不存在或未发布' });
      const staff = await fetchFile('/api/ExcelMainDispose/createPdf', { dkid: draft.id as string }, w.tokens.editor);
      expect(staff.statusCode).toBe(200);
      if (PDFTOTEXT) expect(pdfText(staff.rawPayload)).toContain('尚未发布的地块');
      const none = await fetchFile('/openApi/ExcelMainDispose/exportZsscDoc', {});
      expect(none.json()).toMatchObject({ code: ERROR_CODES.VALIDATION, msg: '请提供地块编号 dkid 或片区编码 areacode' });
      expect((await fetchFile('/openApi/ExcelMainDispose/exportZsscDoc', { areacode: 'NOPE' })).statusCode).toBe(404);
    });
  });
}
