/**
 * The names of districts, streets and land classes and the land-class tree, which every public
 * parcel answer needs, kept in memory per database and checked against a version row (as the
 * tile cache does): triggers on t_area, t_jd and t_dl raise t_cache_version's 'references' row
 * on any change, whichever code path writes. The version is read at most once a second; a write
 * through this process (any non-GET request, app.ts) makes the next read check it at once, so
 * only another process's write is seen up to a second late. Inside a transaction the tables are
 * read directly (the transaction may have changed them).
 *
 * The same read also returns the parcels' tile version (t_tile_version, raised by the tile
 * triggers on any change of a parcel's state, district, class or area), so that figures computed
 * from the public parcels can be kept as these names are (`publicDataVersion`).
 */
import { sql } from 'kysely';
import type { AnyDb } from '../entities/repository';
import { VERSION_NAME } from '../db/ddl/referenceTriggers';

/** Names of districts, streets and land classes by code. */
export interface Names {
  area: Map<string, string>;
  jd: Map<string, string>;
  dl: Map<string, string>;
}

export interface ReferenceData {
  names: Names;
  /** Land-class code → its direct sub-classes. */
  classChildren: Map<string, string[]>;
}

const VERSION_TTL_MS = 1000;

async function readReferenceData(db: AnyDb): Promise<ReferenceData> {
  const [areas, streets, classes] = await Promise.all([
    db.selectFrom('t_area').select(['areacode', 'areaname']).execute(),
    db.selectFrom('t_jd').select(['id', 'jdname']).execute(),
    db.selectFrom('t_dl').select(['code', 'name', 'parentCode']).execute(),
  ]);
  const classChildren = new Map<string, string[]>();
  for (const c of classes) {
    if (!c.parentCode) continue;
    const parent = String(c.parentCode);
    classChildren.set(parent, [...(classChildren.get(parent) ?? []), String(c.code)]);
  }
  return {
    names: {
      area: new Map(areas.map((a) => [String(a.areacode), String(a.areaname)])),
      jd: new Map(streets.map((s) => [String(s.id), String(s.jdname)])),
      dl: new Map(classes.map((c) => [String(c.code), String(c.name)])),
    },
    classChildren,
  };
}

interface Versions {
  references: number;
  parcels: number;
}

async function readVersions(db: AnyDb): Promise<Versions> {
  const { rows } = await sql<{ references: number | string | null; parcels: number | string | null }>`select
      (select version from t_cache_version where name = ${VERSION_NAME}) as ${sql.id('references')},
      (select version from t_tile_version where layer = 'parcels') as parcels`.execute(db);
  return { references: Number(rows[0]?.references ?? 0), parcels: Number(rows[0]?.parcels ?? 0) };
}

interface Entry {
  /** When the versions were last read (ms), and the read itself while it runs. */
  checkedAt: number;
  check?: Promise<Versions>;
  version: number;
  data?: Promise<ReferenceData>;
}

const caches = new WeakMap<AnyDb, Entry>();
/** Raised by `invalidateReferenceData`: an entry checked before it checks again. */
let invalidatedAt = 0;

/** A write went through this process: the next read checks the version row at once. */
export function invalidateReferenceData(): void {
  invalidatedAt = Date.now();
}

function entryOf(db: AnyDb): Entry {
  let entry = caches.get(db);
  if (!entry) {
    entry = { checkedAt: 0, version: -1 };
    caches.set(db, entry);
  }
  return entry;
}

async function currentVersions(db: AnyDb, entry: Entry): Promise<Versions> {
  const now = Date.now();
  if (!entry.check || now - entry.checkedAt > VERSION_TTL_MS || entry.checkedAt <= invalidatedAt) {
    entry.checkedAt = now;
    const check = readVersions(db);
    entry.check = check;
    check.catch(() => {
      if (entry.check === check) entry.check = undefined;
    });
  }
  return entry.check;
}

/** The reference data of this database, from memory while its version is unchanged. */
export async function referenceData(db: AnyDb): Promise<ReferenceData> {
  if (db.isTransaction) return readReferenceData(db);
  const entry = entryOf(db);
  const version = (await currentVersions(db, entry)).references;
  if (!entry.data || entry.version !== version) {
    entry.version = version;
    const data = readReferenceData(db);
    entry.data = data;
    data.catch(() => {
      if (entry.data === data) entry.data = undefined;
    });
  }
  return entry.data;
}

/**
 * A stamp that changes whenever the public parcels or the reference data may have (checked as the
 * names are: at most once a second, at once after a write through this process); null inside a
 * transaction, where nothing may be kept.
 */
export async function publicDataVersion(db: AnyDb): Promise<string | null> {
  if (db.isTransaction) return null;
  const { references, parcels } = await currentVersions(db, entryOf(db));
  return `${references}:${parcels}`;
}
