import { SqliteAdapter, sql, type Kysely } from 'kysely';
import { parcelEntity } from '@land/shared/entities/parcel';
import { landTransactionEntity } from '@land/shared/entities/landTransaction';
import { syncEntityTables } from '../ddl/entityTables';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export interface ScaleIndex {
  name: string;
  table: string;
  /** Column names, each optionally followed by ' desc'. */
  columns: string[];
}

/**
 * Indexes for a million parcels, chosen from the queries that run on them:
 * - public search (services/publicParcels.ts): always status = 'published', optionally one of
 *   trade state / district / land class, ordered by publishedAt desc, id desc, or by price, 亩,
 *   visits (which also serve the 亩 and price range filters);
 * - back-office list (entity selectByPage): ordered by updatedAt desc, id desc, optionally
 *   filtered by lifecycle state or district;
 * - analysis (services/statistics.ts): creation-date periods, the most-visited list, deals by
 *   date.
 * The lists order with "nulls last"; PostgreSQL uses an index for that only when it is declared
 * with the same null order, SQLite sorts NULL first on asc and last on desc by itself. Sorts
 * are indexed in the direction the screens offer first (largest first); the other direction
 * reads the same index for the filter and sorts the matching rows.
 */
export const SCALE_INDEXES: ScaleIndex[] = [
  { name: 't_landinfo_pub_ix', table: 't_landinfo', columns: ['status', 'publishedAt desc', 'id desc'] },
  { name: 't_landinfo_pub_trade_ix', table: 't_landinfo', columns: ['status', 'tradeState', 'publishedAt desc', 'id desc'] },
  { name: 't_landinfo_pub_area_ix', table: 't_landinfo', columns: ['status', 'areacode', 'publishedAt desc', 'id desc'] },
  { name: 't_landinfo_pub_class_ix', table: 't_landinfo', columns: ['status', 'dlcode', 'publishedAt desc', 'id desc'] },
  { name: 't_landinfo_price_ix', table: 't_landinfo', columns: ['status', 'startingPrice desc'] },
  { name: 't_landinfo_mu_ix', table: 't_landinfo', columns: ['status', 'landAreaMu desc'] },
  { name: 't_landinfo_visits_ix', table: 't_landinfo', columns: ['status', 'visitcount desc'] },
  { name: 't_landinfo_updated_ix', table: 't_landinfo', columns: ['updatedAt desc', 'id desc'] },
  { name: 't_landinfo_state_updated_ix', table: 't_landinfo', columns: ['status', 'updatedAt desc', 'id desc'] },
  { name: 't_landinfo_area_updated_ix', table: 't_landinfo', columns: ['areacode', 'updatedAt desc', 'id desc'] },
  { name: 't_landinfo_created_ix', table: 't_landinfo', columns: ['createdAt'] },
  { name: 't_land_jyst_deal_ix', table: 't_land_jyst', columns: ['status', 'dealDate'] },
];

function isSqlite(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

export async function createScaleIndexes(db: AnyDb, indexes: ScaleIndex[] = SCALE_INDEXES): Promise<void> {
  const sqlite = isSqlite(db);
  for (const ix of indexes) {
    const cols = ix.columns.map((c) => {
      const [name, dir] = c.split(' ');
      if (dir !== 'desc') return sql.ref(name);
      return sqlite ? sql`${sql.ref(name)} desc` : sql`${sql.ref(name)} desc nulls last`;
    });
    await sql`create index if not exists ${sql.id(ix.name)} on ${sql.table(ix.table)} (${sql.join(cols)})`.execute(db);
  }
}

/** Dropped before a bulk load and made again after it (generator), which is several times faster. */
export async function dropScaleIndexes(db: AnyDb, indexes: ScaleIndex[] = SCALE_INDEXES): Promise<void> {
  for (const ix of indexes) await sql`drop index if exists ${sql.id(ix.name)}`.execute(db);
}

/**
 * Indexes for a million parcels, and the state that used to live in one process's memory and
 * must be shared when several server processes run: background jobs (a progress poll may reach
 * any process) and the page views already counted.
 */
export async function up(db: AnyDb): Promise<void> {
  // Entity tables are made by the entity sync, which runs after the migrations; on a fresh
  // database the parcel and transaction tables are made here first (sync is additive and
  // idempotent, so its later run changes nothing).
  await syncEntityTables(db, [parcelEntity, landTransactionEntity]);
  await createScaleIndexes(db);

  await db.schema
    .createTable('t_job')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('ownerId', 'varchar(32)', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('fileName', 'varchar(200)')
    .addColumn('asciiName', 'varchar(200)')
    .addColumn('contentType', 'varchar(100)')
    // The finished export, base64: any process can hand it out, no shared disk needed.
    .addColumn('fileData', 'text')
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(30)', (c) => c.notNull())
    .addColumn('finishedAt', 'varchar(30)')
    .execute();
  await db.schema.createIndex('t_job_owner_state').on('t_job').columns(['ownerId', 'state']).execute();
  await db.schema.createIndex('t_job_finished').on('t_job').column('finishedAt').execute();

  // Page views already counted per (record, address) and hour, shared by every server process.
  await db.schema
    .createTable('t_visit_seen')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('t_visit_seen_at').on('t_visit_seen').column('at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('t_visit_seen').execute();
  await db.schema.dropTable('t_job').execute();
  await dropScaleIndexes(db);
}
