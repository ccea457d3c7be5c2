import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bbox, bboxIntersects, validateParcelGeometry, type ParcelGeometry } from '@land/shared/geo/index';
import { PARCEL_STATES } from '@land/shared/lifecycle';
import type { AnyDb } from '../src/entities/repository';
import { seedDemoData } from '../src/seeds/demo';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';

type Row = Record<string, unknown>;

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`demo parcels [${dialect}]`, () => {
    let t: TestApp;
    let parcels: (Row & { geometry: ParcelGeometry })[];
    const db = () => t.db.db as unknown as AnyDb;
    const rows = async (table: string) => (await db().selectFrom(table).selectAll().execute()) as Row[];

    beforeAll(async () => {
      t = await createTestApp(dialect);
      await seedDemoData({ db: t.db.db, dialect: t.db.dialect, config: t.config });
      parcels = (await rows('t_landinfo')).map((p) => ({ ...p, geometry: JSON.parse(p.geometry as string) }));
    }, 120_000);
    afterAll(async () => t?.close());

    it('300 parcels in every state, mostly industrial and warehousing, of plausible size', async () => {
      expect(parcels).toHaveLength(300);
      const states = new Set(parcels.map((p) => p.status));
      expect([...states].sort()).toEqual([...PARCEL_STATES].sort());
      expect(new Set(parcels.map((p) => p.tradeState))).toEqual(new Set(['none', 'listed', 'deal']));
      const industrial = parcels.filter((p) => /^(10|11)/.test(String(p.dlcode))).length;
      expect(industrial / parcels.length).toBeGreaterThan(0.6);
      for (const prefix of ['0901', '0802', '0701']) expect(parcels.some((p) => String(p.dlcode).startsWith(prefix)), prefix).toBe(true);
      for (const p of parcels) {
        expect(Number(p.landAreaMu), String(p.dkbh)).toBeGreaterThanOrEqual(10);
        expect(Number(p.landAreaMu), String(p.dkbh)).toBeLessThanOrEqual(150);
        expect(Number(p.plotRatioMax ?? 2.5)).toBeLessThanOrEqual(2.5);
      }
      expect(new Set(parcels.map((p) => p.dkbh)).size).toBe(300);
    });

    it('boundaries are valid, inside their district and never overlap', async () => {
      const districts = new Map((await rows('t_area')).map((a) => [a.areacode as string, bbox(JSON.parse(a.boundary as string))]));
      const byDistrict = new Map<string, typeof parcels>();
      for (const p of parcels) {
        expect(validateParcelGeometry(p.geometry).ok).toBe(true);
        const box = bbox(p.geometry);
        const d = districts.get(p.areacode as string)!;
        expect(box[0] >= d[0] && box[1] >= d[1] && box[2] <= d[2] && box[3] <= d[3], `${String(p.dkbh)} inside ${String(p.areacode)}`).toBe(true);
        byDistrict.set(p.areacode as string, [...(byDistrict.get(p.areacode as string) ?? []), p]);
      }
      // Bounding boxes apart means shapes apart; pairwise within each district is cheap.
      for (const list of byDistrict.values()) {
        const boxes = list.map((p) => bbox(p.geometry));
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            expect(bboxIntersects(boxes[i], boxes[j]), `${String(list[i].dkbh)} / ${String(list[j].dkbh)}`).toBe(false);
          }
        }
      }
      // And the districts themselves are apart.
      const all = [...districts.values()];
      for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) expect(bboxIntersects(all[i], all[j])).toBe(false);
    });

    it('trade states agree with the transaction records', async () => {
      const tx = await rows('t_land_jyst');
      for (const p of parcels) {
        const own = tx.filter((r) => r.dkid === p.id).map((r) => r.status);
        const expected = own.includes('dealt') ? 'deal' : own.includes('listing') ? 'listed' : 'none';
        expect(p.tradeState, String(p.dkbh)).toBe(expected);
        if (p.tradeState !== 'none') expect(p.status).toBe('published');
      }
      expect(tx.every((r) => r.dkid)).toBe(true);
    });

    it('parcels past 录入中 have their history; taken-down ones their reason', async () => {
      const log = (await rows('t_landinfo_log')).sort((a, b) => String(a.id).localeCompare(String(b.id)));
      const takeDowns = await rows('t_dkxj');
      const now = new Date().toISOString();
      for (const p of parcels) {
        const moves = log.filter((l) => l.dkid === p.id && l.action !== 'edit');
        if (p.status !== 'draft') expect(moves.at(-1)?.toState, String(p.dkbh)).toBe(p.status);
        // The history lies in the past, in the order it happened.
        const times = moves.map((l) => String(l.at));
        expect(times, String(p.dkbh)).toEqual([...times].sort());
        expect(times.every((at) => at <= now)).toBe(true);
        if (p.status === 'published') {
          expect(moves.some((l) => l.action === 'publish')).toBe(true);
          expect(String(p.publishedAt) <= now).toBe(true);
        }
        if (p.status === 'takenDown') expect(takeDowns.some((x) => x.dkid === p.id)).toBe(true);
      }
      expect(log.some((l) => l.action === 'reject')).toBe(true);
    });

    it('published parcels come with their supporting records', async () => {
      const published = parcels.filter((p) => p.status === 'published').map((p) => p.id);
      for (const table of ['t_landmatching', 't_ydzb', 't_distance', 't_landzbpt', 't_dkxq']) {
        const dkids = new Set((await rows(table)).map((r) => r.dkid));
        expect(published.every((id) => dkids.has(id)), table).toBe(true);
      }
      expect((await rows('t_dkys')).length).toBeGreaterThan(20);
      expect((await rows('t_dkzssc')).length).toBeGreaterThan(10);
    });

    it('panoramas are 2:1 PNG files in the upload store, served, with markers', async () => {
      const withPanorama = parcels.filter((p) => p.panorama);
      expect(withPanorama.length).toBeGreaterThanOrEqual(3);
      const markers = await rows('t_photosphere_marker');
      for (const p of withPanorama) {
        const [file] = JSON.parse(p.panorama as string) as { url: string }[];
        expect(file.url).toMatch(/^\/virtualPath\/panorama\/\d{6}\/[0-9a-z]{26}\.png$/);
        const bytes = fs.readFileSync(path.join(t.config.dataDir, 'uploads', file.url.slice('/virtualPath/'.length)));
        expect(bytes.subarray(1, 4).toString()).toBe('PNG');
        expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([2048, 1024]);
        const served = await t.app.inject({ method: 'GET', url: file.url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/png');
        expect(markers.filter((m) => m.dkid === p.id).length).toBeGreaterThanOrEqual(3);
      }
    });

    it('the records of the other seeds point at real parcels', async () => {
      const ids = new Set(parcels.map((p) => p.id));
      for (const table of ['t_pipenetwork', 't_dkys', 't_land_jyst']) {
        for (const r of await rows(table)) expect(ids.has(r.dkid), table).toBe(true);
      }
      const codes = new Set(parcels.map((p) => p.dkbh));
      for (const plan of await rows('t_gyjsyd')) expect(codes.has(plan.parcelCode), String(plan.parcelCode)).toBe(true);
    });
  });
}
