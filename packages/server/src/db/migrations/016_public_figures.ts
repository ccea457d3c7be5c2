import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { createScaleIndexes, dropScaleIndexes, SCALE_INDEXES, type ScaleIndex } from './007_scale';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The public parcel figures (home page totals, each district's count and area by trade state and
 * class: services/publicLand.ts districtFigures) are counted from this index alone, not from the
 * parcels' rows: at a million parcels reading the rows took seconds.
 */
export const FIGURES_INDEXES: ScaleIndex[] = [
  { name: 't_landinfo_figures_ix', table: 't_landinfo', columns: ['status', 'areacode', 'tradeState', 'dlcode', 'landArea'] },
];

/** Every index a bulk load (generator, benchmarks) drops first and makes again once at the end. */
export const BULK_LOAD_INDEXES: ScaleIndex[] = [...SCALE_INDEXES, ...FIGURES_INDEXES];

export async function up(db: AnyDb): Promise<void> {
  await createScaleIndexes(db, FIGURES_INDEXES);
  // SQLite plans from sqlite_stat1 when it has one: a new index without figures there would be
  // guessed far more selective than it is. PostgreSQL reads an index's size from its catalogue.
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = 'sqlite_stat1'`.execute(db);
    if (Number(rows[0]?.n) > 0) for (const ix of FIGURES_INDEXES) await sql`analyze ${sql.id(ix.name)}`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  await dropScaleIndexes(db, FIGURES_INDEXES);
}
