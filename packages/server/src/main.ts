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
const ctx = { db: handle.db, dialect: handle.dialect, config, readDb: replica?.db, dbPool: handle.pool };
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
if (config.schedulerProbeMs) registerSchedulerProbe(app.scheduler, handle.db, config.schedulerProbeMs, config.schedulerProbeRunMs);
if (config.schedulerEnabled) app.scheduler.start();

/**
 * SIGTERM/SIGINT: /readyz turns 503, the listener closes (new connections are refused, a new
 * request on a kept-alive connection gets 503), requests in flight finish, running jobs finish
 * and every job lease is given back so another process takes the jobs at once; background
 * imports and exports finish too, or are stopped and marked failed shortly before the deadline;
 * then the database is closed. After SHUTDOWN_TIMEOUT_SECONDS the process exits anyway.
 */
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: draining`);
  app.lifecycle.draining = true;
  // Background jobs finish, or are stopped and marked failed (lib/jobs.ts drain), shortly
  // before the deadline: time is left to close the workers and the database.
  const timeoutMs = config.shutdownTimeoutSeconds * 1000;
  app.lifecycle.jobDeadline = Date.now() + timeoutMs - Math.min(2000, timeoutMs * 0.2);
  const deadline = setTimeout(() => {
    app.log.error(`shutdown took longer than ${config.shutdownTimeoutSeconds} s; exiting`);
    process.exit(1);
  }, config.shutdownTimeoutSeconds * 1000);
  deadline.unref();
  try {
    stopSync();
    stopHousekeeping();
    // The scheduler stops at once (no new runs) while the listener drains.
    await Promise.all([app.scheduler.stop(), app.close()]);
    await replica?.destroy();
    await handle.destroy();
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
