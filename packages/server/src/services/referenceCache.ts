/**
 * The names of districts, streets and land classes and the land-class tree, which every public
 * parcel answer needs, kept in memory per database and checked against a version row (as the
 * tile cache does): triggers on t_area, t_jd and t_dl raise t_cache_version's 'references' row
 * on any change, whichever code path writes. The version is read at most once a second; a write
 * through this process (any non-GET request, app.ts) makes the next read check it at once, so
 * only another process's write is seen up to a second late. Inside a transaction the tables are
 * read directly (the transaction may have changed them).
 */
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

async function readVersion(db: AnyDb): Promise<number> {
  const row = await db.selectFrom('t_cache_version').select('version').where('name', '=', VERSION_NAME).executeTakeFirst();
  return Number(row?.version ?? 0);
}

interface Entry {
  /** When the version was last read (ms), and the read itself while it runs. */
  checkedAt: number;
  check?: Promise<number>;
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

async function currentVersion(db: AnyDb, entry: Entry): Promise<number> {
  const now = Date.now();
  if (!entry.check || now - entry.checkedAt > VERSION_TTL_MS || entry.checkedAt <= invalidatedAt) {
    entry.checkedAt = now;
    const check = readVersion(db);
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
  let entry = caches.get(db);
  if (!entry) {
    entry = { checkedAt: 0, version: -1 };
    caches.set(db, entry);
  }
  const version = await currentVersion(db, entry);
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
