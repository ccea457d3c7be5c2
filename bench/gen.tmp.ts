import { benchDatabase } from './search/common';
for (const d of ['sqlite', 'postgres'] as const) {
  const t = Date.now();
  const db = await benchDatabase(d, 1_000_000);
  console.log(d, 'ready in', ((Date.now() - t) / 1000).toFixed(0), 's');
  await db.handle.destroy?.();
}
process.exit(0);
