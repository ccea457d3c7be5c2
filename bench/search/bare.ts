/**
 * The baseline of the search benchmark: a bare Fastify route answering the public parcel
 * search with the same SQL as the platform (page and bounded count, same WHERE and ORDER BY),
 * on one connection (PostgreSQL) or one handle (SQLite), without the platform's layers
 * (validation, envelope, names, presenters). BARE_DB: a SQLite file or a postgres:// URL.
 */
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

const target = process.env.BARE_DB ?? '';
const COUNT_LIMIT = 10_000;
const COLUMNS = [
  'id', 'dkbh', 'dkmc', 'areacode', 'jdcode', 'xzqdm', 'dlcode', 'zylx', 'supplyMethod', 'location',
  'landArea', 'landAreaMu', 'startingPrice', 'tenureYears', 'tradeState', 'centerLon', 'centerLat', 'photos',
  'publishedAt', 'visitcount',
].map((c) => `"${c}"`).join(', ');
const TRADE: Record<string, string> = { available: 'none', listed: 'listed', deal: 'deal' };
const SORTS = new Set(['startingPrice', 'visitcount', 'landAreaMu', 'publishedAt']);

type Run = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;
let run: Run;
const isPg = /^postgres(ql)?:\/\//.test(target);
if (isPg) {
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  run = async (text, values) => (await client.query(text, values)).rows;
} else {
  const db = new Database(target, { readonly: true });
  db.pragma('journal_mode = WAL');
  const statements = new Map<string, Database.Statement>();
  run = async (text, values) => {
    let st = statements.get(text);
    if (!st) statements.set(text, (st = db.prepare(text)));
    return st.all(...values) as Record<string, unknown>[];
  };
}

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
app.get('/search', async (req) => {
  const q = req.query as Record<string, string | undefined>;
  const values: unknown[] = [];
  const p = (v: unknown) => {
    values.push(v);
    return isPg ? `$${values.length}` : '?';
  };
  const num = (v: unknown) => (isPg ? `cast(${p(v)} as double precision)` : p(v));
  const where = [`"t_landinfo"."status" = ${p('published')}`];
  if (q.areacode) where.push(`"t_landinfo"."areacode" = ${p(q.areacode)}`);
  if (q.state) where.push(`"t_landinfo"."tradeState" = ${p(TRADE[q.state] ?? q.state)}`);
  if (q.dlcode) where.push(`"t_landinfo"."dlcode" in (${p(q.dlcode)})`);
  if (q.areaMin) where.push(`"t_landinfo"."landAreaMu" >= ${num(Number(q.areaMin))}`);
  if (q.areaMax) where.push(`"t_landinfo"."landAreaMu" <= ${num(Number(q.areaMax))}`);
  if (q.priceMin) where.push(`"t_landinfo"."startingPrice" >= ${num(Number(q.priceMin))}`);
  if (q.priceMax) where.push(`"t_landinfo"."startingPrice" <= ${num(Number(q.priceMax))}`);
  const whereSql = `where (${where.join(' and ')})`;
  const countValues = [...values];
  const order = [
    ...(q.orderBy && SORTS.has(q.orderBy) ? [`"${q.orderBy}" ${q.order === 'asc' ? 'asc' : 'desc'} nulls last`] : []),
    '"publishedAt" desc nulls last',
    '"id" desc nulls last',
  ].join(', ');
  const pageSize = Math.min(500, Number(q.pageSize ?? 10) || 10);
  const pageNo = Math.max(1, Number(q.pageNo ?? 1) || 1);
  const pageSql = `select ${COLUMNS} from "t_landinfo" ${whereSql} order by ${order} limit ${p(pageSize)} offset ${p((pageNo - 1) * pageSize)}`;
  const countSql = `select count(*) as total from (select 1 as one from "t_landinfo" ${whereSql} limit ${isPg ? `$${countValues.length + 1}` : '?'}) as counted`;
  const [rows, count] = await Promise.all([run(pageSql, values), run(countSql, [...countValues, COUNT_LIMIT + 1])]);
  const total = Number(count[0]?.total ?? 0);
  return { code: '200', data: { list: rows, total: Math.min(total, COUNT_LIMIT), totalExact: total <= COUNT_LIMIT, pageNo, pageSize } };
});
// Exit on SIGTERM (the benchmark's stop) so that BENCH_NODE_ARGS=--cpu-prof writes this process's profile too.
process.on('SIGTERM', () => process.exit(0));
await app.listen({ port: Number(process.env.PORT ?? 8090), host: '127.0.0.1' });
