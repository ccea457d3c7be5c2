import type { EntityDef, FieldDef, FieldType } from '@land/shared/entity';
import { entityByName } from '@land/shared/entities/index';
import type { TestApp } from './app';

/** A valid value per field type, for tests generated from the definitions. */
const SAMPLES: Record<FieldType, (f: FieldDef, n: number) => unknown> = {
  string: (f, n) => {
    if (f.rules?.includes('phone')) return `1390571${String(1000 + n).slice(-4)}`;
    if (f.rules?.includes('email')) return `user${n}@kfq.gov.cn`;
    if (f.rules?.includes('positiveInt')) return String(330100 + n);
    if (f.rules?.includes('divisionCode')) return String(330100 + n);
    if (f.rules?.includes('townshipCode')) return String(330176100 + n);
    if (f.rules?.includes('ipv4')) return `10.0.0.${n % 250}`;
    if (f.rules?.includes('idCard')) return '11010519491231002X';
    if (f.rules?.includes('link')) return `https://www.example.gov.cn/${n}`;
    const max = Math.min(f.maxLength ?? 200, f.rules?.includes('len10') ? 10 : 200);
    return `测试${f.label}${n}`.slice(0, Math.max(2, Math.floor(max / 2)));
  },
  text: (f, n) => `${f.label}说明${n}`,
  richText: (_f, n) => `<p>第${n}条<strong>内容</strong></p>`,
  integer: (f, n) => Math.max(f.min ?? 0, Math.min(f.max ?? 1e6, n + 1)),
  number: (f, n) => Math.max(f.min ?? 0, Math.min(f.max ?? 1e9, n + (f.precision === 0 ? 1 : 0.5))),
  boolean: (_f, n) => n % 2,
  date: (_f, n) => `2024-0${(n % 9) + 1}-1${n % 9}`,
  datetime: () => '2024-05-01T08:00:00.000Z',
  enum: (f, n) => f.options![n % f.options!.length].value,
  ref: () => undefined,
  tree: () => undefined,
  files: (_f, n) => [{ id: `f${n}`, name: `附件${n}.pdf`, url: `/virtualPath/files/f${n}.pdf` }],
  // Into the field's own folder, as the upload control sends it (a panorama only from panorama/).
  images: (f, n) => [{ id: `i${n}`, name: `图片${n}.jpg`, url: `/virtualPath/${f.uploadDir ?? 'images'}/202401/${String(n).padStart(26, '0')}.jpg` }],
  // A small square, counter-clockwise: valid for parcel boundaries and stored as sent.
  geometry: () => ({ type: 'Polygon', coordinates: [[[120.1, 30.2], [120.102, 30.2], [120.102, 30.202], [120.1, 30.202], [120.1, 30.2]]] }),
  json: (_f, n) => ({ note: `数据${n}` }),
};

export function sampleRecord(def: EntityDef, n: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of def.fields) {
    if (f.form === false) continue;
    const v = SAMPLES[f.type](f, n);
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

type Created = Record<string, unknown>;

/** Creates a parent for sampleWithRefs through its save (or create) call; a refusal throws. */
export function parentCreator(app: () => TestApp, token: () => string) {
  return async (def: EntityDef, record: Created): Promise<Created> => {
    const res = await app().call(`/api/${def.name}/${def.calls.save?.[0] ?? def.calls.create![0]}`, record, { token: token() });
    if (res.body.code !== '200') throw new Error(`${def.name} parent: ${res.body.msg}`);
    return res.body.data as Created;
  };
}

/** A visitor registered once per app, for fields holding one (FieldDef.visitor). */
export function sampleVisitor(app: () => TestApp): () => Promise<string> {
  let id: Promise<string> | undefined;
  return () =>
    (id ??= app()
      .call('/openApi/register', { userAccount: `137${String(Date.now()).slice(-8)}`, password: 'Visit@2024ab', userName: '样例访客', sqdw: '样例单位' })
      .then((res) => {
        if (res.body.code !== '200') throw new Error(`sample visitor: ${res.body.msg}`);
        return res.body.data.userId as string;
      }));
}

/**
 * A sample record whose required refs and tree codes point at real records, created on demand
 * through `create` (one parent per sample number, so two samples of an entity keyed by its
 * parent stay two records) and remembered in `cache`.
 */
export async function sampleWithRefs(
  def: EntityDef,
  n: number,
  create: (def: EntityDef, record: Record<string, unknown>) => Promise<Created>,
  cache: Map<string, Created>,
  /** Sample number of a new parent (default n + 90); unique values keep unique fields apart. */
  parentNumber: (n: number) => number = (x) => x + 90,
  /** The visitor that fields holding one name (sampleVisitor). */
  visitor?: () => Promise<string>,
): Promise<Record<string, unknown>> {
  const out = sampleRecord(def, n);
  for (const f of def.fields) {
    if (f.visitor && out[f.name] !== undefined) {
      if (!visitor) throw new Error(`${def.name}.${f.name} holds a visitor: pass sampleVisitor`);
      out[f.name] = await visitor();
      continue;
    }
    const spec = f.type === 'ref' ? f.ref : f.type === 'tree' ? f.tree : undefined;
    if (!f.required || !spec) continue;
    const target = entityByName(spec.entity);
    if (!target) throw new Error(`${def.name}.${f.name} points at unknown ${spec.entity}`);
    const key = `${target.name}:${n}`;
    let parent = cache.get(key);
    if (!parent) {
      parent = await create(target, await sampleWithRefs(target, parentNumber(n), create, cache, parentNumber, visitor));
      cache.set(key, parent);
    }
    out[f.name] = parent[spec.valueField ?? 'id'];
  }
  return out;
}
