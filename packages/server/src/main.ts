import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { migrateToLatest, openDatabase } from './db/database';
import { HttpLandTransactionClient } from './integrations/landTransaction/http';
import { startLandTransactionSync } from './integrations/landTransaction/schedule';
import { seedDemoData } from './seeds/demo';
import { seedFacilityDictionary } from './seeds/facilities';
import { ensureAdmin } from './services/users';
import { startHousekeeping } from './services/housekeeping';
import { registerSchedulerProbe } from './scale/probeJob';

const config = loadConfig();
const handle = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'land.db'),
});
await migrateToLatest(handle.db);
const generated = await ensureAdmin(handle.db, config.adminPassword);
// A read replica serves the public parcel searches; it only makes sense beside a PostgreSQL primary.
if (config.databaseReadUrl && handle.dialect !== 'postgres') {
  console.error('DATABASE_READ_URL 需要与 PostgreSQL 主库（DATABASE_URL）一起使用');
  process.exit(1);
}
const replica = config.databaseReadUrl ? openDatabase({ databaseUrl: config.databaseReadUrl }) : null;
const ctx = { db: handle.db, dialect: handle.dialect, config, readDb: replica?.db };
if (config.demoData) await seedDemoData(ctx);
if (config.demoData) await seedFacilityDictionary(ctx);

const app = await buildApp(ctx);
if (generated) {
  // Printed once, on the start that created the account; it is not stored anywhere in clear.
  console.log(`\n==== 已创建管理员账号 admin，初始密码：${generated} （首次登录后需修改）====\n`);
}

// Listings and deals from the land-transaction system, when one is configured.
const stopSync = config.jyxtBaseUrl
  ? startLandTransactionSync(
      ctx,
      new HttpLandTransactionClient({ baseUrl: config.jyxtBaseUrl, timeoutMs: config.jyxtTimeoutMs }),
      { intervalMinutes: config.jyxtSyncMinutes, log: app.log },
    )
  : () => undefined;

const stopHousekeeping = startHousekeeping(ctx, app.log);

// Outbox delivery and reminders; with several processes each job runs on one at a time (leases).
if (config.schedulerProbeMs) registerSchedulerProbe(app.scheduler, handle.db, config.schedulerProbeMs);
if (config.schedulerEnabled) app.scheduler.start();

const shutdown = async () => {
  stopSync();
  stopHousekeeping();
  await app.close();
  await replica?.destroy();
  await handle.destroy();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

await app.listen({ port: config.port, host: config.host });
