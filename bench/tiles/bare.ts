/**
 * The baseline of the tiles benchmark: a bare Fastify route answering
 * /tiles/{z}/{x}/{y}.pbf with the textbook PostGIS query (ST_AsMVTGeom + ST_AsMVT) on the same
 * parcels, one connection, no cache, no aggregation at low zoom. BARE_DB: a postgres:// URL
 * (with the schema in search_path); PostGIS must be installed in the database.
 */
import Fastify from 'fastify';
import pg from 'pg';

const client = new pg.Client({ connectionString: process.env.BARE_DB ?? '' });
await client.connect();
const ext = await client.query<{ schema: string }>(`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'postgis'`);
const s = ext.rows[0]?.schema;
if (!s) throw new Error('PostGIS is not installed in this database');
const f = (name: string) => `"${s}".${name}`;

// The parcel's box is found through the same GiST index the platform uses (geometry is GeoJSON text).
const TILE_SQL = `with bounds as (select ${f('st_tileenvelope')}($1::int, $2::int, $3::int) as env,
    ${f('st_transform')}(${f('st_tileenvelope')}($1::int, $2::int, $3::int, margin => 64.0 / 4096), 4326) as env4326),
  mvt as (
    select ${f('st_asmvtgeom')}(${f('st_transform')}(${f('st_setsrid')}(${f('st_geomfromgeojson')}(p.geometry), 4326), 3857), bounds.env, 4096, 64, true) as geom,
      p.id, p.dkmc as name, p.dlcode, p."tradeState", p."landAreaMu" as "areaMu", p.areacode
    from t_landinfo p, bounds
    where p.status = 'published'
      and box(point(p."minLon", p."minLat"), point(p."maxLon", p."maxLat")) &&
          box(point(${f('st_xmin')}(bounds.env4326), ${f('st_ymin')}(bounds.env4326)), point(${f('st_xmax')}(bounds.env4326), ${f('st_ymax')}(bounds.env4326)))
  )
  select ${f('st_asmvt')}(mvt.*, 'parcels', 4096, 'geom') as tile from mvt where geom is not null`;

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ ok: true }));
app.get<{ Params: { z: string; x: string; y: string } }>('/tiles/:z/:x/:y', async (req, reply) => {
  const y = req.params.y.replace(/\.pbf$/, '');
  const r = await client.query<{ tile: Buffer }>(TILE_SQL, [Number(req.params.z), Number(req.params.x), Number(y)]);
  const tile = r.rows[0]?.tile;
  if (!tile || tile.length === 0) return reply.status(204).send();
  return reply.type('application/vnd.mapbox-vector-tile').send(tile);
});
// Exit on SIGTERM (the benchmark's stop) so that BENCH_NODE_ARGS=--cpu-prof writes this process's profile too.
process.on('SIGTERM', () => process.exit(0));
await app.listen({ port: Number(process.env.PORT ?? 8091), host: '127.0.0.1' });
