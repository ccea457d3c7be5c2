/**
 * Child process of the crash test: imports a large parcel workbook through the real Excel
 * import (one transaction) and prints "progress <n>" as rows are saved (n rows written, uncommitted), so the parent can kill
 * it half-way. Arguments: <sqlite file | postgres url> <pg schema or "-"> <rows>.
 */
import Fastify from 'fastify';
import { entityByName } from '@land/shared/entities/index';
import { openDatabase } from '../../src/db/database';
import { buildWorkbook, importWorkbook, readSheet } from '../../src/entities/excel';
import type { AnyDb, Row } from '../../src/entities/repository';
import { saveRecord } from '../../src/entities/routes';

const [target, schema, count] = process.argv.slice(2);
const handle = target.startsWith('postgres')
  ? openDatabase({ databaseUrl: target, pgSchema: schema, poolSize: 2 })
  : openDatabase({ sqliteFile: target });
const db = handle.db as unknown as AnyDb;
const def = entityByName('tLandinfo')!;

const rows: Row[] = Array.from({ length: Number(count) }, (_, i) => ({
  dkbh: `CRASH${String(i).padStart(6, '0')}`,
  dkmc: `崩溃测试地块${i}`,
  areacode: 'T01',
  dlcode: '100101',
  landArea: 10000 + i,
  contact: '导入联系人',
}));
const buf = await buildWorkbook(db, def, rows);
console.log('workbook ready');
let saved = 0;
// Counted after each row is really saved (inside the import's transaction), not as rows are read.
const save = async (trx: AnyDb, raw: Row) => {
  const record = await saveRecord(trx, def, raw, null, 'save');
  saved += 1;
  if (saved % 50 === 0) console.log(`progress ${saved}`);
  return record;
};
await importWorkbook(db, def, await readSheet(buf, def), null, save, Fastify({ logger: false }).log);
console.log('import finished');
await handle.destroy();
