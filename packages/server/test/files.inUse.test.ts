/**
 * The in-use check of an upload (services/files uploadInUse), which decides whether
 * /file/deleteFile may remove a file: found in any row of a table read range by range, in the
 * recycle bin, and not found where nothing names it; and on SQLite other work runs between
 * two ranges, each statement reading only its own range of rows.
 */
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadInUse } from '../src/services/files';
import { createTestApp, type TestApp } from './helpers/app';
import { DIALECTS, dialectAvailable } from './helpers/db';
import { parcelWorld, type ParcelWorld } from './helpers/parcels';

const key = (n: number) => `images/2026-12/inuse${String(n).padStart(27, '0')}.jpg`;
const photo = (n: number) => ({ name: `现场${n}.jpg`, url: `/virtualPath/${key(n)}` });

for (const dialect of DIALECTS) {
  const available = await dialectAvailable(dialect);
  describe.skipIf(!available)(`upload in-use check [${dialect}]`, () => {
    let t: TestApp;
    let w: ParcelWorld;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      w = await parcelWorld(t);
      // Seven parcels, each naming its own photo: with ranges of two rows the last one is in the fourth range.
      for (let n = 1; n <= 7; n++) await w.createParcel({ photos: [photo(n)] });
    });
    afterAll(async () => t?.close());

    it('finds a file named by a row in any range, and nothing for a file no row names', async () => {
      for (const n of [1, 4, 7]) expect(await uploadInUse(t.db.db, key(n), 2), `parcel ${n}`).toBe(true);
      expect(await uploadInUse(t.db.db, key(99), 2)).toBe(false);
      // A key is matched as text, not as a LIKE pattern: '_' and '%' in it match only themselves.
      expect(await uploadInUse(t.db.db, 'images/2026-12/inuse%.jpg', 2)).toBe(false);
    });

    it('finds a file named only by a record in the recycle bin', async () => {
      const parcel = await w.createParcel({ photos: [photo(50)] });
      expect((await w.call('/api/tLandinfo/deleteById', { id: parcel.id }, { form: true })).body.code).toBe('200');
      expect(await uploadInUse(t.db.db, key(50), 2)).toBe(true);
    });

    it('lets other work run while it reads', async () => {
      let ranMeanwhile = false;
      setImmediate(() => (ranMeanwhile = true));
      const found = await uploadInUse(t.db.db, key(99), 2);
      expect(found).toBe(false);
      expect(ranMeanwhile).toBe(true);
    });

    // SQLite only: PostgreSQL reads each table in one statement.
    if (dialect === 'sqlite') {
      it('reads each range by its row ids, not the whole table', async () => {
        // The answer alone cannot show this: with the columns' OR list unbracketed, every range
        // statement read the whole table and still answered right, only five times slower.
        const seen: CompiledQuery[] = [];
        const executor = t.db.db.getExecutor();
        const spy = t.db.db.withPlugin({
          transformQuery: (args) => {
            seen.push(executor.compileQuery(args.node, args.queryId));
            return args.node;
          },
          transformResult: async (args) => args.result,
        });
        expect(await uploadInUse(spy, key(99), 2)).toBe(false);
        const ranged = seen.filter((q) => q.sql.includes('rowid >'));
        expect(ranged.some((q) => q.sql.includes('"t_landinfo"'))).toBe(true);
        for (const q of ranged) {
          const plan = await t.db.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
          expect(plan.rows.map((r) => r.detail).join('; '), q.sql).toMatch(/USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);
        }
      });
    }
  });
}
