import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe tables before the typed schema exists.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The offline base map: main roads (LineString) and water (Polygon) of the zone in lon-lat
 * GeoJSON, drawn under parcels and district outlines when no tile source is configured. The
 * bounding box is stored beside the geometry so a viewport query needs no geometry parsing.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('t_basemap_feature')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('geometry', 'text', (c) => c.notNull())
    .addColumn('minLon', 'double precision', (c) => c.notNull())
    .addColumn('minLat', 'double precision', (c) => c.notNull())
    .addColumn('maxLon', 'double precision', (c) => c.notNull())
    .addColumn('maxLat', 'double precision', (c) => c.notNull())
    .addColumn('displayorder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('t_basemap_feature_bbox').on('t_basemap_feature').columns(['minLon', 'maxLon', 'minLat', 'maxLat']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('t_basemap_feature').execute();
}
