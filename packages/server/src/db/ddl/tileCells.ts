/**
 * Per-zoom cell aggregates of the parcels (t_tile_cell), for the counted points of the low-zoom
 * parcel tiles: a z10 tile covers 5,000–50,000 parcels, and counting them per request (even from
 * the spatial index) costs hundreds of milliseconds; reading one tile's cells costs a few.
 *
 * A cell of zoom z is a Web Mercator tile of zoom z + CELL_DEPTH (64 × 64 cells per tile, 4 px
 * on a 256 px tile), so the cells of consecutive zooms nest. The key is (z, tile x, tile y,
 * lifecycle state, district, cell x, cell y): one tile's cells are one contiguous key range, and
 * its public cells (one state) a narrower one. A row holds how many parcels have their centre
 * there, the sums of their centres (the point drawn is the mean), `pid`, the smallest id of
 * them (the parcel a cell of one opens), and that parcel's land class and trade state, which
 * colour the point (copied here so that a tile reads no parcel row). When that parcel leaves,
 * the trigger finds the next smallest through the spatial index, so the table always equals a
 * refill. Scopes (the public one: published, district not disabled) stay
 * filters at read time.
 *
 * Kept by row triggers on t_landinfo on both databases (+1 / −1), whichever code path writes;
 * a bulk load drops them, then refills the table with `rebuildTileCells` and creates them again.
 * The district column holds '' for a parcel without one (a primary key has no nulls).
 */
import { SqliteAdapter, sql, type RawBuilder } from 'kysely';
import type { AnyDb } from '../rows';
import { clearTileIndexMark } from './tiles';

/** The zooms whose parcel tiles are drawn from t_tile_cell. */
export const CELL_ZOOMS: readonly number[] = [10, 11, 12];
/** A cell is a tile this many zooms deeper: 2^6 = 64 cells per tile side. */
export const CELL_DEPTH = 6;

const KEY = ['z', 'tx', 'ty', 'status', 'areacode', 'cx', 'cy'] as const;
const keyList = sql.raw(KEY.map((k) => `"${k}"`).join(', '));
/** Parcel columns the cells depend on (an update of other columns leaves them alone). */
const SOURCE_COLUMNS = ['centerLon', 'centerLat', 'status', 'areacode', 'dlcode', 'tradeState'];

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

/** The table; called by the migration that introduces it. */
export async function createTileCellTable(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('t_tile_cell')
    .addColumn('z', 'integer', (c) => c.notNull())
    .addColumn('tx', 'integer', (c) => c.notNull())
    .addColumn('ty', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(30)', (c) => c.notNull())
    .addColumn('areacode', 'varchar(50)', (c) => c.notNull())
    .addColumn('cx', 'integer', (c) => c.notNull())
    .addColumn('cy', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('sumLon', 'double precision', (c) => c.notNull())
    .addColumn('sumLat', 'double precision', (c) => c.notNull())
    .addColumn('pid', 'varchar(64)', (c) => c.notNull())
    .addColumn('dlcode', 'varchar(50)')
    .addColumn('tradeState', 'varchar(30)')
    .addPrimaryKeyConstraint('t_tile_cell_pk', [...KEY])
    // SQLite: the rows stored in key order, so a tile's cells are read from one stretch of pages.
    .$call((b) => (isSqlite(db) ? b.modifyEnd(sql`without rowid`) : b))
    .execute();
}

/**
 * The cell column (x or y) at zoom `z` of the centre of `row` (a trigger's `new`/`old`, or a
 * table alias), in SQL both databases evaluate alike (IEEE doubles, the C math library).
 */
export function cellExpr(db: AnyDb, row: string, axis: 'x' | 'y', z: number): RawBuilder<number> {
  const scale = sql.lit(2 ** (z + CELL_DEPTH));
  const col = (name: string) => sql.raw(`${row}."${name}"`);
  if (axis === 'x') return sql<number>`cast(floor((${col('centerLon')} + 180.0) / 360.0 * ${scale}) as integer)`;
  // Clamped to Web Mercator's latitudes: ln(0) is an error on PostgreSQL.
  const lat = isSqlite(db)
    ? sql`radians(min(max(${col('centerLat')}, -85.0511), 85.0511))`
    : sql`radians(least(greatest(${col('centerLat')}, -85.0511), 85.0511))`;
  return sql<number>`cast(floor((1.0 - ln(tan(${lat}) + 1.0 / cos(${lat})) / pi()) / 2.0 * ${scale}) as integer)`;
}

/** The key of the parcel `row` at zoom z, in KEY's order (the tile is the cell divided by 64). */
function keyValues(db: AnyDb, row: string, z: number): RawBuilder<unknown>[] {
  const col = (name: string) => sql.raw(`${row}."${name}"`);
  const cx = cellExpr(db, row, 'x', z);
  const cy = cellExpr(db, row, 'y', z);
  const side = sql.lit(2 ** CELL_DEPTH);
  return [sql.lit(z), sql`${cx} / ${side}`, sql`${cy} / ${side}`, sql`coalesce(${col('status')}, '')`, sql`coalesce(${col('areacode')}, '')`, cx, cy];
}

const hasCentre = (row: string) => sql.raw(`${row}."centerLon" is not null and ${row}."centerLat" is not null`);

/** Statements adding the parcel `row` (new) to its cell at every zoom. */
function addStatements(db: AnyDb, row: string): RawBuilder<unknown>[] {
  const col = (name: string) => sql.raw(`${row}."${name}"`);
  const least = isSqlite(db) ? sql.raw('min') : sql.raw('least');
  return CELL_ZOOMS.map(
    (z) => sql`insert into t_tile_cell (${keyList}, n, "sumLon", "sumLat", pid, dlcode, "tradeState")
      select ${sql.join(keyValues(db, row, z))}, 1, ${col('centerLon')}, ${col('centerLat')}, ${col('id')}, ${col('dlcode')}, ${col('tradeState')}
      where ${hasCentre(row)}
      on conflict (${keyList}) do update set n = t_tile_cell.n + 1, "sumLon" = t_tile_cell."sumLon" + excluded."sumLon",
        "sumLat" = t_tile_cell."sumLat" + excluded."sumLat", pid = ${least}(t_tile_cell.pid, excluded.pid),
        dlcode = case when excluded.pid <= t_tile_cell.pid then excluded.dlcode else t_tile_cell.dlcode end,
        "tradeState" = case when excluded.pid <= t_tile_cell.pid then excluded."tradeState" else t_tile_cell."tradeState" end;`,
  );
}

/**
 * The smallest id of the parcels now in cell (cx, cy) of zoom z with this state and district,
 * found through the spatial index (a parcel's box holds its centre): what a row's pid becomes
 * when the parcel it named leaves.
 */
function smallestInCell(db: AnyDb, z: number, cx: RawBuilder<unknown>, cy: RawBuilder<unknown>, status: RawBuilder<unknown>, areacode: RawBuilder<unknown>) {
  const cells = sql.lit(2 ** (z + CELL_DEPTH));
  const lon = (x: RawBuilder<unknown>) => sql`(${x}) * 360.0 / ${cells} - 180.0`;
  const lat = (y: RawBuilder<unknown>) => sql`degrees(atan(sinh(pi() * (1.0 - 2.0 * (${y}) / ${cells}))))`;
  const [w, e, n, s] = [sql`${lon(cx)} - 1e-9`, sql`${lon(sql`${cx} + 1`)} + 1e-9`, sql`${lat(cy)} + 1e-9`, sql`${lat(sql`${cy} + 1`)} - 1e-9`];
  const from = isSqlite(db)
    ? sql`t_landinfo_rtree r join t_landinfo q on q.rowid = r.id
        where r."maxLon" >= ${w} and r."minLon" <= ${e} and r."maxLat" >= ${s} and r."minLat" <= ${n}`
    : sql`t_landinfo q where box(point(q."minLon", q."minLat"), point(q."maxLon", q."maxLat")) && box(point(${w}, ${s}), point(${e}, ${n}))`;
  return sql`(select min(q.id) from ${from} and coalesce(q.status, '') = ${status} and coalesce(q.areacode, '') = ${areacode}
    and ${hasCentre('q')} and ${cellExpr(db, 'q', 'x', z)} = ${cx} and ${cellExpr(db, 'q', 'y', z)} = ${cy})`;
}

/** Statements taking the parcel `row` (old) out of its cell at every zoom. */
function removeStatements(db: AnyDb, row: string): RawBuilder<unknown>[] {
  const col = (name: string) => sql.raw(`${row}."${name}"`);
  return CELL_ZOOMS.flatMap((z) => {
    const key = keyValues(db, row, z);
    const where = sql.join(
      KEY.map((k, i) => sql`${sql.ref(`t_tile_cell.${k}`)} = ${key[i]}`),
      sql` and `,
    );
    const [, , , status, areacode, cx, cy] = key;
    return [
      sql`delete from t_tile_cell where ${where} and n <= 1 and ${hasCentre(row)};`,
      sql`update t_tile_cell set n = n - 1, "sumLon" = "sumLon" - ${col('centerLon')}, "sumLat" = "sumLat" - ${col('centerLat')},
        pid = case when pid = ${col('id')} then coalesce(${smallestInCell(db, z, cx, cy, status, areacode)}, pid) else pid end
        where ${where} and ${hasCentre(row)};`,
      sql`update t_tile_cell set dlcode = (select x.dlcode from t_landinfo x where x.id = t_tile_cell.pid),
        "tradeState" = (select x."tradeState" from t_landinfo x where x.id = t_tile_cell.pid)
        where ${where} and t_tile_cell.pid <> ${col('id')} and ${hasCentre(row)};`,
    ];
  });
}

const changed = (columns: string[]) => sql.raw(columns.map((c) => `old."${c}" is distinct from new."${c}"`).join(' or '));
const sqliteChanged = (columns: string[]) => sql.raw(columns.map((c) => `old."${c}" is not new."${c}"`).join(' or '));

/** The row triggers that keep t_tile_cell; idempotent. */
export async function createTileCellTriggers(db: AnyDb): Promise<void> {
  const cols = sql.join(SOURCE_COLUMNS.map((c) => sql.ref(c)));
  if (isSqlite(db)) {
    await sql`create trigger if not exists t_landinfo_cells_ai after insert on t_landinfo begin
      ${sql.join(addStatements(db, 'new'), sql` `)}
    end`.execute(db);
    await sql`create trigger if not exists t_landinfo_cells_au after update of ${cols}, id on t_landinfo
      when ${sqliteChanged([...SOURCE_COLUMNS, 'id'])} begin
      ${sql.join(removeStatements(db, 'old'), sql` `)}
      ${sql.join(addStatements(db, 'new'), sql` `)}
    end`.execute(db);
    await sql`create trigger if not exists t_landinfo_cells_ad after delete on t_landinfo begin
      ${sql.join(removeStatements(db, 'old'), sql` `)}
    end`.execute(db);
    return;
  }
  await sql`create or replace function tile_cells_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and not (${changed([...SOURCE_COLUMNS, 'id'])}) then return null; end if;
      if tg_op <> 'INSERT' then
        ${sql.join(removeStatements(db, 'old'), sql` `)}
      end if;
      if tg_op <> 'DELETE' then
        ${sql.join(addStatements(db, 'new'), sql` `)}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create or replace trigger t_landinfo_cells after insert or delete or update of ${cols}, id on t_landinfo
    for each row execute function tile_cells_apply()`.execute(db);
}

export async function dropTileCellTriggers(db: AnyDb): Promise<void> {
  await clearTileIndexMark(db);
  if (isSqlite(db)) {
    for (const suffix of ['ai', 'au', 'ad']) await sql`drop trigger if exists ${sql.id(`t_landinfo_cells_${suffix}`)}`.execute(db);
    return;
  }
  await sql`drop trigger if exists t_landinfo_cells on t_landinfo`.execute(db);
}

/** Whether the triggers are there (a bulk load that stopped half-way may have left them dropped). */
export async function tileCellTriggersPresent(db: AnyDb): Promise<boolean> {
  if (isSqlite(db)) {
    const r = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'trigger' and name like 't_landinfo_cells_%'`.execute(db);
    return Number(r.rows[0]?.n ?? 0) === 3;
  }
  const r = await sql<{ n: number }>`select count(*)::int as n from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where c.relnamespace = current_schema()::regnamespace and t.tgname = 't_landinfo_cells'`.execute(db);
  return Number(r.rows[0]?.n ?? 0) === 1;
}

/**
 * Refills t_tile_cell from the parcels (after a bulk load without the triggers), in key order:
 * on PostgreSQL a tile's rows then share heap pages too.
 */
export async function rebuildTileCells(db: AnyDb): Promise<void> {
  await sql`delete from t_tile_cell`.execute(db);
  for (const z of CELL_ZOOMS) {
    const [zz, tx, ty, status, areacode, cx, cy] = keyValues(db, 'p', z);
    await sql`insert into t_tile_cell (${keyList}, n, "sumLon", "sumLat", pid, dlcode, "tradeState")
      select g.*, r.dlcode, r."tradeState" from (select ${zz} as z, tx, ty, status, areacode, cx, cy, count(*) as n, sum("centerLon") as "sumLon",
        sum("centerLat") as "sumLat", min(id) as pid
      from (select ${tx} as tx, ${ty} as ty, ${status} as status, ${areacode} as areacode, ${cx} as cx, ${cy} as cy,
          p."centerLon" as "centerLon", p."centerLat" as "centerLat", p.id as id
        from t_landinfo p where ${hasCentre('p')}) as c
      group by tx, ty, status, areacode, cx, cy) as g join t_landinfo r on r.id = g.pid
      order by ${keyList}`.execute(db);
  }
}

/**
 * At start-up: the triggers present and the cells holding every parcel with a centre once per
 * zoom (else refilled).
 */
export async function ensureTileCells(db: AnyDb): Promise<void> {
  if (!(await tileCellTriggersPresent(db))) await createTileCellTriggers(db);
  const [cells, parcels] = await Promise.all([
    sql<{ n: number | string | null }>`select sum(n) as n from t_tile_cell where z = ${CELL_ZOOMS[0]}`.execute(db),
    sql<{ n: number | string }>`select count(*) as n from t_landinfo where "centerLon" is not null and "centerLat" is not null`.execute(db),
  ]);
  if (Number(cells.rows[0]?.n ?? 0) !== Number(parcels.rows[0]?.n ?? 0)) await rebuildTileCells(db);
}
