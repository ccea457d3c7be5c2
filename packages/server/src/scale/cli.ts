/**
 * `npm run generate -- --parcels 1000000 [--per-district 5000] [--prefix G] [--seed 1]`
 * Fills the configured database (DATABASE_URL, or DATA_DIR/land.db) with generated parcels.
 * The indexes of migration 007 are dropped for the load and built again after it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { createScaleIndexes, dropScaleIndexes } from '../db/migrations/007_scale';
import { BULK_LOAD_INDEXES } from '../db/migrations/016_public_figures';
import { generateParcels } from './generate';

const { values } = parseArgs({
  options: {
    parcels: { type: 'string', default: '100000' },
    'per-district': { type: 'string', default: '5000' },
    prefix: { type: 'string', default: 'G' },
    seed: { type: 'string', default: '20240601' },
  },
});
const parcels = Number(values.parcels);
if (!Number.isInteger(parcels) || parcels < 1) {
  console.error('--parcels 需要正整数');
  process.exit(1);
}

const config = loadConfig();
const handle = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'land.db') });
await migrateToLatest(handle.db);
const where = handle.dialect === 'postgres' ? 'PostgreSQL' : path.join(config.dataDir, 'land.db');
console.log(`Generating ${parcels.toLocaleString()} parcels into ${where}`);

const started = Date.now();
const bulk = parcels >= 50_000;
if (bulk) await dropScaleIndexes(handle.db, BULK_LOAD_INDEXES);
let lastPrint = 0;
const result = await generateParcels(handle.db, handle.dialect, {
  parcels,
  perDistrict: Number(values['per-district']),
  prefix: values.prefix,
  seed: Number(values.seed),
  onProgress(done, total) {
    const now = Date.now();
    if (now - lastPrint < 2000 && done < total) return;
    lastPrint = now;
    const s = (now - started) / 1000;
    console.log(`  ${done.toLocaleString()} / ${total.toLocaleString()} parcels  ${s.toFixed(1)} s  ${Math.round(done / s).toLocaleString()} parcels/s`);
  },
});
const loaded = Date.now();
if (bulk) {
  console.log('Building indexes…');
  await createScaleIndexes(handle.db, BULK_LOAD_INDEXES);
}
console.log('Updating planner statistics…');
await sql.raw(handle.dialect === 'postgres' ? 'analyze t_landinfo, t_land_jyst, t_area' : 'analyze').execute(handle.db);
const seconds = (Date.now() - started) / 1000;
console.log(
  `Done: ${result.parcels.toLocaleString()} parcels in ${result.districts} districts, ${result.transactions.toLocaleString()} transaction records; ` +
    `load ${((loaded - started) / 1000).toFixed(1)} s, indexes and statistics ${((Date.now() - loaded) / 1000).toFixed(1)} s, total ${seconds.toFixed(1)} s ` +
    `(${Math.round(result.parcels / seconds).toLocaleString()} parcels/s)`,
);
await handle.destroy();
