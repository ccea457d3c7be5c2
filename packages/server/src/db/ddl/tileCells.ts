/**
 * Per-zoom cell aggregates of the parcels (t_tile_cell), for the counted points of the low-zoom
 * parcel tiles: a z10 tile covers 5,000–50,000 parcels, and counting them per request (even from
 * the spatial index) costs hundreds of milliseconds; reading at most 64 × 64 cells costs a few.
 *
 * A cell of zoom z is a Web Mercator tile of zoom z + CELL_DEPTH (64 × 64 cells per tile, 4 px
 * on a 256 px tile), so the cells of consecutive zooms nest. One row per cell, district,
 * lifecycle state, land class and trade state holds how many parcels have their centre there,
 * the sums of their centres (the point drawn is the mean) and the id of one of them (`pid`, so
 * that a cell of a single parcel opens it; null after that parcel left a cell that still holds
 * others, and looked up when drawn). Scopes (the public one: published, district not disabled)
 * stay filters at read time.
 *
 * Kept by row triggers on t_landinfo on both databases (+1 / −1), whichever code path writes;
 * a bulk load drops them, then refills the table with `rebuildTileCells` and creates them again.
 * Key columns hold '' for a missing district, class or trade state (a primary key has no nulls).
 */
import { SqliteAdapter, sql, type RawBuilder } from 'kysely';
import type { AnyDb } from '../rows';

/** The zooms whose parcel tiles are drawn from t_tile_cell. */
export const CELL_ZOOMS: readonly number[] = [10, 11, 12];
/** A cell is a tile this many zooms deeper: 2^6 = 64 cells per tile side. */
export const CELL_DEPTH = 6;

const KEY = ['z', 'cx', 'cy', 'areacode', 'status', 'dlcode', 'tradeState'] as const;
const keyList = sql.raw(KEY.map((k) => `"${k}"`).join(', '));
/** Parcel columns the cells depend on (an update of other columns leaves them alone). */
const SOURCE_COLUMNS = ['centerLon', 'centerLat', 'status', 'dlcode', 'tradeState', 'areacode'];

const isSqlite = (db: AnyDb) => db.getExecutor().adapter instanceof SqliteAdapter;

/** The table; called by the migration that introduces it. */
export async function createTileCellTable(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('t_tile_cell')
    .addColumn('z', 'integer', (c) => c.notNull())
    .addColumn('cx', 'integer', (c) => c.notNull())
    .addColumn('cy', 'integer', (c) => c.notNull())
    .addColumn('areacode', 'varchar(50)', (c) => c.notNull())
    .addColumn('status', 'varchar(30)', (c) => c.notNull())
    .addColumn('dlcode', 'varchar(50)', (c) => c.notNull())
    .addColumn('tradeState', 'varchar(30)', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('sumLon', 'double precision', (c) => c.notNull())
    .addColumn('sumLat', 'double precision', (c) => c.notNull())
    .addColumn('pid', 'varchar(64)')
    .addPrimaryKeyConstraint('t_tile_cell_pk', [...KEY])
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

const keyOf = (row: string) => {
  const col = (name: string) => sql.raw(`${row}."${name}"`);
  return {
    areacode: sql`coalesce(${col('areacode')}, '')`,
    status: sql`coalesce(${col('status')}, '')`,
    dlcode: sql`coalesce(${col('dlcode')}, '')`,
    tradeState: sql`coalesce(${col('tradeState')}, '')`,
  };
};

/** Statements adding the parcel `row` (new) to its cell at every zoom. */
function addStatements(db: AnyDb, row: string): RawBuilder<unknown>[] {
  const k = keyOf(row);
  const col = (name: string) => sql.raw(`${row}."${name}"`);
  return CELL_ZOOMS.map(
    (z) => sql`insert into t_tile_cell (${keyList}, n, "sumLon", "sumLat", pid)
      select ${sql.lit(z)}, ${cellExpr(db, row, 'x', z)}, ${cellExpr(db, row, 'y', z)}, ${k.areacode}, ${k.status}, ${k.dlcode}, ${k.tradeState},
        1, ${col('centerLon')}, ${col('centerLat')}, ${col('id')}
      where ${col('centerLon')} is not null and ${col('centerLat')} is not null
      on conflict (${keyList}) do update set n = t_tile_cell.n + 1, "sumLon" = t_tile_cell."sumLon" + excluded."sumLon",
        "sumLat" = t_tile_cell."sumLat" + excluded."sumLat", pid = coalesce(t_tile_cell.pid, excluded.pid);`,
  );
}

/** Statements taking the parcel `row` (old) out of its cell at every zoom. */
function removeStatements(db: AnyDb, row: string): RawBuilder<unknown>[] {
  const k = keyOf(row);
  const col = (name: string) => sql.raw(`${row}."${name}"`);
  return CELL_ZOOMS.flatMap((z) => {
    const where = sql`z = ${sql.lit(z)} and cx = ${cellExpr(db, row, 'x', z)} and cy = ${cellExpr(db, row, 'y', z)}
      and areacode = ${k.areacode} and status = ${k.status} and dlcode = ${k.dlcode} and "tradeState" = ${k.tradeState}`;
    return [
      sql`update t_tile_cell set n = n - 1, "sumLon" = "sumLon" - ${col('centerLon')}, "sumLat" = "sumLat" - ${col('centerLat')},
        pid = case when pid = ${col('id')} then null else pid end
        where ${where} and ${col('centerLon')} is not null and ${col('centerLat')} is not null;`,
      sql`delete from t_tile_cell where ${where} and n <= 0;`,
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

/** Refills t_tile_cell from the parcels (after a bulk load without the triggers). */
export async function rebuildTileCells(db: AnyDb): Promise<void> {
  await sql`delete from t_tile_cell`.execute(db);
  const k = keyOf('p');
  for (const z of CELL_ZOOMS) {
    await sql`insert into t_tile_cell (${keyList}, n, "sumLon", "sumLat", pid)
      select ${sql.lit(z)}, cx, cy, areacode, status, dlcode, "tradeState", count(*), sum("centerLon"), sum("centerLat"), min(id)
      from (select ${cellExpr(db, 'p', 'x', z)} as cx, ${cellExpr(db, 'p', 'y', z)} as cy, ${k.areacode} as areacode, ${k.status} as status,
          ${k.dlcode} as dlcode, ${k.tradeState} as "tradeState", p."centerLon" as "centerLon", p."centerLat" as "centerLat", p.id as id
        from t_landinfo p where p."centerLon" is not null and p."centerLat" is not null) as c
      group by cx, cy, areacode, status, dlcode, "tradeState"`.execute(db);
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
