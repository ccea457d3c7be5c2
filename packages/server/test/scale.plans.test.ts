/**
 * Query plans at scale: the public search, the back-office parcel list and the analysis queries
 * run on generated parcels while a plugin records the SQL they send; each recorded query is
 * then explained by the database, and a plan that reads the whole parcel table (SQLite "SCAN
 * t_landinfo" without an index, PostgreSQL "Seq Scan on t_landinfo" other than one cut short by
 * a Limit right above it) fails the test.
 */
import { CompiledQuery, sql, type Kysely, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_LIMIT, ERROR_CODES } from '@land/shared/api';
import { parcelEntity } from '@land/shared/entities/parcel';
import type { DialectName } from '../src/db/database';
import { queryColumns, selectColumns } from '../src/entities/columns';
import { runPagedQuery, type PagedQueryInput } from '../src/lib/pagedQuery';
import { generateParcels } from '../src/scale/generate';
import { parcelPage, type ParcelPageInput } from '../src/services/publicParcels';
import { parcelStatistics, topVisited } from '../src/services/statistics';
import { tileOf } from '../src/services/tiles/mvt';
import { DETAIL_ZOOM, TileService } from '../src/services/tiles/tiles';
import { DIALECTS, createTestDb, dialectAvailable, type TestDb } from './helpers/db';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const PARCELS = 20_000;

/** Records every query's compiled SQL and parameters. */
class Recorder implements KyselyPlugin {
  readonly queries: CompiledQuery[] = [];
  constructor(private readonly db: AnyDb) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.queries.push(this.db.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** The plan lines of a query, and whether one of them reads the whole parcel table. */
async function planOf(db: AnyDb, dialect: DialectName, q: CompiledQuery): Promise<{ plan: string; fullScan: boolean }> {
  const alias = /"t_landinfo" as "(\w+)"/.exec(q.sql)?.[1];
  const names = ['t_landinfo', ...(alias ? [alias] : [])].join('|');
  if (dialect === 'sqlite') {
    const res = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]));
    const plan = res.rows.map((r) => r.detail).join('\n');
    return { plan, fullScan: new RegExp(`\\bSCAN (${names})\\b(?! USING)`).test(plan) };
  }
  const res = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]));
  const lines = res.rows.map((r) => r['QUERY PLAN']);
  const indent = (l: string) => l.search(/\S/);
  // A sequential scan right under a Limit stops after that many rows (the bounded count when
  // most rows match: PostgreSQL rightly prefers it then); any other one reads the whole table.
  const fullScan = lines.some((l, i) => {
    if (!/Seq Scan on t_landinfo\b/.test(l)) return false;
    const parent = lines.slice(0, i).reverse().find((p) => indent(p) < indent(l) && /^\s*(->\s*)?\w/.test(p));
    return !parent || !/^\s*(->\s*)?Limit\b/.test(parent);
  });
  return { plan: lines.join('\n'), fullScan };
}

const pub = (filter: Partial<ParcelPageInput> = {}): ParcelPageInput => ({ pageNo: 1, pageSize: 10, params: [], ...filter });
const page = (params: PagedQueryInput['params'] = [], pageNo = 1): PagedQueryInput => ({ pageNo, pageSize: 20, params });

for (const dialect of DIALECTS) {
  describe(`query plans on ${PARCELS.toLocaleString()} generated parcels (${dialect})`, () => {
    let t: TestDb | undefined;
    let areacode = '';

    beforeAll(async () => {
      if (!(await dialectAvailable(dialect))) return;
      t = await createTestDb(dialect);
      await generateParcels(t.db, dialect, { parcels: PARCELS, perDistrict: 1000, seed: 7 });
      // Planner statistics as after the generator's own run (and visibility for index-only scans).
      await sql.raw(dialect === 'postgres' ? 'vacuum analyze t_landinfo, t_land_jyst, t_area, t_dl' : 'analyze').execute(t.db);
      areacode = String((await (t.db as unknown as AnyDb).selectFrom('t_area').select('areacode').orderBy('areacode').executeTakeFirstOrThrow()).areacode);
    }, 120_000);

    afterAll(async () => {
      await t?.dispose();
    });

    /** Runs `work` against a recording database and checks the plan of every parcel query it sent. */
    async function expectIndexed(work: (db: AnyDb) => Promise<unknown>): Promise<void> {
      if (!t) return;
      const base = t.db as unknown as AnyDb;
      const recorder = new Recorder(base);
      await work(base.withPlugin(recorder));
      const parcelQueries = recorder.queries.filter((q) => q.sql.includes('"t_landinfo"'));
      expect(parcelQueries.length).toBeGreaterThan(0);
      for (const q of parcelQueries) {
        const { plan, fullScan } = await planOf(base, dialect, q);
        expect(fullScan, `full scan of t_landinfo in\n${q.sql}\n--- plan ---\n${plan}`).toBe(false);
      }
    }

    const publicCases: [string, () => Partial<ParcelPageInput>][] = [
      ['newest first (no filter)', () => ({})],
      ['trade state', () => ({ state: 'listed' })],
      ['district', () => ({ areacode })],
      ['land class with sub-classes', () => ({ dlcode: '1001' })],
      ['area range in 亩', () => ({ areaMin: 20, areaMax: 30 })],
      ['price range', () => ({ priceMin: 1000, priceMax: 2000 })],
      ['sorted by price', () => ({ orderBy: 'startingPrice', order: 'desc' })],
      ['sorted by visits', () => ({ orderBy: 'visitcount', order: 'desc' })],
      ['district and trade state', () => ({ areacode, state: 'deal' })],
    ];
    for (const [name, filter] of publicCases) {
      it(`public search: ${name}`, async () => {
        await expectIndexed((db) => parcelPage(db, dialect, pub(filter())));
      });
    }

    it('public search: the total is bounded and flagged, exact below the bound', async () => {
      if (!t) return;
      // More than COUNT_LIMIT published parcels: the total is the bound, flagged as such.
      const first = await parcelPage(t.db as unknown as AnyDb, dialect, pub());
      expect(first.totalExact).toBe(false);
      expect(first.total).toBe(COUNT_LIMIT);
      // A filter with fewer rows keeps the exact count.
      const district = await parcelPage(t.db as unknown as AnyDb, dialect, pub({ areacode }));
      expect(district.totalExact).toBe(true);
      const exact = await (t.db as unknown as AnyDb).selectFrom('t_landinfo').select((eb) => eb.fn.countAll<number>().as('n')).where('areacode', '=', areacode).where('status', '=', 'published').executeTakeFirstOrThrow();
      expect(district.total).toBe(Number(exact.n));
    });

    it('public search: keyset pages (cursor) follow the offset pages and read an index', async () => {
      if (!t) return;
      const db = t.db as unknown as AnyDb;
      const ids = (p: { list: Record<string, unknown>[] }) => p.list.map((r) => r.id);
      let cursor: string | undefined;
      for (let pageNo = 1; pageNo <= 3; pageNo++) {
        const byOffset = await parcelPage(db, dialect, pub({ pageNo }));
        const byCursor = await parcelPage(db, dialect, pub({ cursor }));
        expect(ids(byCursor)).toEqual(ids(byOffset));
        cursor = byCursor.nextCursor;
        expect(cursor).toBeTruthy();
      }
      await expectIndexed((d) => parcelPage(d, dialect, pub({ cursor })));
      // Sorted by a column that may be empty, the cursor still continues exactly where offset does.
      const sorted = { orderBy: 'startingPrice' as const, order: 'asc' as const, state: 'listed' as const };
      const p1 = await parcelPage(db, dialect, pub(sorted));
      const p2 = await parcelPage(db, dialect, pub({ ...sorted, pageNo: 2 }));
      expect(ids(await parcelPage(db, dialect, pub({ ...sorted, cursor: p1.nextCursor })))).toEqual(ids(p2));
      // A cursor of another order is refused, not misread.
      await expect(parcelPage(db, dialect, pub({ areacode, orderBy: 'visitcount', cursor: p1.nextCursor }))).rejects.toMatchObject({ code: ERROR_CODES.VALIDATION });
    });

    const def = parcelEntity;
    const list = (db: AnyDb, input: PagedQueryInput) =>
      runPagedQuery(db, dialect, {
        table: def.table,
        select: selectColumns(def),
        columns: queryColumns(def),
        defaultOrder: [{ column: 'updatedAt', direction: 'desc' }, { column: 'id', direction: 'desc' }],
      }, input);
    const officeCases: [string, () => PagedQueryInput][] = [
      ['last changed first', () => page()],
      ['lifecycle state', () => page([{ column: 'status', type: 'eq', val: 'pendingReview' }])],
      ['district', () => page([{ column: 'areacode', type: 'eq', val: areacode }])],
      ['parcel number', () => page([{ column: 'dkbh', type: 'eq', val: `${areacode}-2024-0000001` }])],
      ['page 200', () => page([], 200)],
      ['next page by cursor', () => ({ ...page(), cursor: officeCursor })],
    ];
    let officeCursor: string | undefined;
    it('back-office parcel list: the cursor of a page leads to the next one', async () => {
      if (!t) return;
      const db = t.db as unknown as AnyDb;
      const p1 = await list(db, page());
      const p2 = await list(db, page([], 2));
      officeCursor = p1.nextCursor;
      const next = await list(db, { ...page(), cursor: officeCursor });
      expect(next.list.map((r) => (r as { id: string }).id)).toEqual(p2.list.map((r) => (r as { id: string }).id));
    });
    for (const [name, input] of officeCases) {
      it(`back-office parcel list: ${name}`, async () => {
        await expectIndexed((db) => list(db, input()));
      });
    }

    it('analysis: parcel figures of a district and of a period', async () => {
      await expectIndexed((db) => parcelStatistics(db, { areacode }));
      const end = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
      const start = new Date(Date.now() - 430 * 86_400_000).toISOString().slice(0, 10);
      await expectIndexed((db) => parcelStatistics(db, { startDate: start, endDate: end }));
    });

    it('map tiles: a polygon tile finds its parcels through the box index alone', async () => {
      if (!t) return;
      const base = t.db as unknown as AnyDb;
      const centre = await base.selectFrom('t_landinfo').select(['centerLon', 'centerLat']).where('status', '=', 'published').orderBy('id').executeTakeFirstOrThrow();
      for (const z of [DETAIL_ZOOM, 16]) {
        const recorder = new Recorder(base);
        const tiles = new TileService(base.withPlugin(recorder));
        const coord = tileOf(Number(centre.centerLon), Number(centre.centerLat), z);
        expect((await tiles.render('parcels', 'public', coord)).length).toBeGreaterThan(0);
        const parcelQueries = recorder.queries.filter((q) => q.sql.includes('t_landinfo'));
        expect(parcelQueries.length).toBeGreaterThan(0);
        for (const q of parcelQueries) {
          const { plan } = await planOf(base, dialect, q);
          const where = `z${z} tile:\n${q.sql}\n--- plan ---\n${plan}`;
          if (dialect === 'sqlite') {
            // The R*Tree (alias r) searched by the box first, then each parcel by its rowid; left to
            // itself SQLite scanned every parcel and probed the R*Tree for each.
            expect(plan, where).toMatch(/^SCAN r VIRTUAL TABLE INDEX \d+:\S+\nSEARCH p USING INTEGER PRIMARY KEY/);
            expect(plan, where).not.toMatch(/\bSCAN p\b/);
            continue;
          }
          // PostgreSQL cannot estimate a box overlap: merged with the lifecycle state, it ANDed the
          // state's index (most of the table) into every tile, and its PostGIS cost estimate made
          // it compile the query (JIT) for tens of milliseconds.
          const parcelIndexes = [...plan.matchAll(/(?:Index Scan|Index Only Scan) (?:using|on) (t_landinfo\w*)(?: on t_landinfo (\w+))?/g)]
            .filter((m) => m[2] !== 'hidden') // the disabled districts' parcels, a subquery of its own
            .map((m) => m[1]);
          expect(parcelIndexes, where).toEqual(['t_landinfo_box_gist']);
          expect(plan, where).not.toMatch(/BitmapAnd|Seq Scan on t_landinfo|JIT:/);
        }
      }
      if (dialect === 'postgres') {
        const jit = await sql<{ jit: string }>`show jit`.execute(base);
        expect(jit.rows[0]?.jit).toBe('off');
      }
    });

    it('analysis: the most visited parcels', async () => {
      await expectIndexed((db) => topVisited(db, {}));
      await expectIndexed((db) => topVisited(db, { areacode }));
    });
  });
}
