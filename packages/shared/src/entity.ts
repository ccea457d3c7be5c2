/**
 * Entity definitions: one plain-data declaration per entity drives its table, validation,
 * standard endpoints and back-office screen (STYLE §1–2). Behaviour that differs per field
 * type lives in one map per concern keyed by FieldType (here: validation; on the server:
 * column types and query kinds; on the web: inputs and cells).
 */
import { z } from 'zod';
import type { RuleName } from './validation';
import { isLinkUrl } from './helpers';
import { isUploadedPanorama } from './images';
import { INVALID_VALUE_MESSAGE, MESSAGES, requiredMessage, withRules, zNumeric } from './validation';

export type FieldType =
  | 'string' // short text, varchar
  | 'text' // long plain text
  | 'richText' // HTML, sanitised on the server
  | 'integer'
  | 'number' // decimal (m², 亩, 万元 carry a unit)
  | 'boolean' // stored 0/1
  | 'date' // yyyy-MM-dd
  | 'datetime' // ISO-8601
  | 'enum' // one of fixed options
  | 'ref' // id of a record of another entity
  | 'tree' // code in a tree entity (land classes)
  | 'files' // list of uploaded file entries {id, name, url}
  | 'images' // list of uploaded images
  | 'geometry' // GeoJSON geometry in lon-lat (CGCS2000 ≈ WGS84)
  | 'json'; // structured data kept as JSON text

export interface FieldOption {
  value: string;
  label: string;
}

export type SearchMode = 'like' | 'eq' | 'range';

export interface FieldDef {
  /** Column name and API field name. */
  name: string;
  type: FieldType;
  /** Chinese label shown to users. */
  label: string;
  required?: boolean;
  /** SPEC §5 rules checked on the value. */
  rules?: RuleName[];
  /** Column length for string fields (default 200). */
  maxLength?: number;
  default?: string | number | boolean;
  /** Unit shown next to numbers: ㎡, 亩, 万元, 年, %. */
  unit?: string;
  /** Decimal places for numbers (default 2). */
  precision?: number;
  min?: number;
  max?: number;
  /** Fixed choices for enum fields. */
  options?: FieldOption[];
  /**
   * ref: the entity (its API name) whose id (or valueField) this field holds and the field shown
   * as label. `onDelete` says what deleting the referenced record does to records pointing at
   * it: 'cascade' deletes them too, 'restrict' refuses the delete; unset leaves them alone.
   */
  ref?: {
    entity: string;
    labelField: string;
    valueField?: string;
    onDelete?: 'cascade' | 'restrict';
    /**
     * { form field: field of the record picked }: picking a record in the form fills these
     * fields where they are empty or still hold what the previous pick filled (never over what
     * was typed), e.g. a transaction's 宗地编号 from the parcel chosen as 所属地块.
     */
    fills?: Record<string, string>;
  };
  /**
   * tree: the tree entity and its code field. `onDelete: 'restrict'` refuses deleting a class
   * while records of this field hold its code (cascading a class's delete makes no sense).
   */
  tree?: { entity: string; valueField: string; labelField: string; onDelete?: 'restrict' };
  /**
   * A string field holding the id of a public-site visitor (t_visitor, an account rather than an
   * entity): a save naming no active visitor is refused, and screens pick the visitor by name.
   */
  visitor?: true;
  /**
   * A string field the server fills with the id of a staff account (t_user), such as who last
   * edited a parcel: Excel writes the account's name (never the id) and does not read it back.
   */
  staff?: true;
  /** Shown in the search form, compared this way. */
  search?: SearchMode;
  sortable?: boolean;
  /** Shown as a list column (default: not for text/richText/json/files/geometry). */
  list?: boolean;
  /** Edited in the form (default true). */
  form?: boolean;
  unique?: boolean;
  /** Index the column (refs are always indexed). */
  index?: boolean;
  /**
   * Files or images uploaded to a folder of their own instead of the type's ('images', 'files'):
   * 'panorama' takes only 2:1 equirectangular pictures (the server checks their size).
   */
  uploadDir?: 'panorama';
  /** Form widget override: textarea for long strings, switch for booleans, upload single. */
  widget?: 'textarea' | 'switch' | 'radio' | 'single';
  /** Placeholder / help text in the form. */
  help?: string;
  /** Column width in the list, px. */
  width?: number;
}

/** The standard calls of SPEC §7; an entity lists the names it answers to for each. */
export type StandardCall =
  | 'page' // paged query language → {list,total}
  | 'obj' // list without paging, filtered by equal fields of the body
  | 'get' // one record by id
  | 'save' // add when no id, update when id
  | 'create'
  | 'update'
  | 'deleteById'
  | 'batchDelete'
  | 'byName' // search by the name field (like), unpaged, bounded
  | 'tree' // whole tree (tree entities)
  | 'export' // Excel of the current query
  | 'import' // Excel import, all or nothing
  | 'batchCreate' // `list` of new records, all or nothing
  | 'batchSave' // `list` of records, each added (no id) or updated (id), all or nothing
  | 'batchUpdate'; // `list` of {id, …} or `ids` with the fields to set on each, all or nothing

export interface EntityDef {
  /** API segment, as in SPEC §7: tArea → /api/tArea/… */
  name: string;
  table: string;
  /** Chinese name of one record: 片区, 招商联系人. */
  label: string;
  fields: FieldDef[];
  /** Call name(s) per standard call; defaults from STANDARD_CALL_NAMES for the ones listed. */
  calls: Partial<Record<StandardCall, string[]>>;
  /** The field used as the record's display name and by `byName`. */
  nameField: string;
  /** Default order of lists. */
  defaultOrder?: { field: string; direction: 'asc' | 'desc' }[];
  /** Tree entities: the parent field (holds the parent's value field). */
  tree?: { parentField: string; valueField: string };
  /** Back-office screen path under /managementSystem that edits this entity. */
  screen?: string;
  /** Excel export / import available on the screen (default true). */
  excel?: boolean;
  /**
   * Natural key of a record: a save without id that matches an existing record on these fields
   * updates it instead of adding a second one (one 七通一平 record per parcel).
   */
  upsertKey?: string[];
  /** Rules over two fields of a record (a listing's end not before its start…): see RecordCheck. */
  checks?: RecordCheck[];
}

/**
 * A rule over two fields of one record, declared with the entity and checked wherever a record
 * is saved: by the server on the record as it will be stored, and in the form under the field it
 * names (`checkTarget`), again whenever the other field changes.
 * - `order`: `then` is not below `first` when both are set (numbers, or yyyy-MM-dd dates).
 * - `requiredWhen`: `field` is filled in while `when.field` holds `when.value`.
 */
export type RecordCheck =
  | { kind: 'order'; first: string; then: string }
  | { kind: 'requiredWhen'; field: string; when: { field: string; value: string } };

/** Default call names of the standard set. */
export const STANDARD_CALL_NAMES: Record<StandardCall, string> = {
  page: 'selectByPage',
  obj: 'selectByObj',
  get: 'selectById',
  save: 'addOrUpdate',
  create: 'add',
  update: 'update',
  deleteById: 'deleteById',
  batchDelete: 'batchDelete',
  byName: 'selectByName',
  tree: 'selectTree',
  export: 'exportExcel',
  import: 'importExcel',
  batchCreate: 'addList',
  batchSave: 'batchAddOrUpdate',
  batchUpdate: 'updateBatchById',
};

/** The standard set most entities expose (SPEC §7 "Standard sets"). */
export function standardCalls(extra: Partial<Record<StandardCall, string[]>> = {}): Partial<Record<StandardCall, string[]>> {
  const base: Partial<Record<StandardCall, string[]>> = {
    page: ['selectByPage'],
    obj: ['selectByObj'],
    get: ['selectById'],
    save: ['addOrUpdate'],
    deleteById: ['deleteById'],
    batchDelete: ['batchDelete'],
    export: ['exportExcel'],
    import: ['importExcel'],
  };
  for (const [call, names] of Object.entries(extra) as [StandardCall, string[]][]) {
    base[call] = [...new Set([...(base[call] ?? []), ...names])];
  }
  return base;
}

/**
 * A record's name as people read it (confirmations, the audit log): its name field, with a coded
 * value (an enum such as a price type 'starting') shown by its Chinese label.
 */
export function recordName(def: EntityDef, record: Record<string, unknown>): string {
  const value = record[def.nameField];
  if (value === null || value === undefined) return '';
  const field = def.fields.find((f) => f.name === def.nameField);
  return field?.options?.find((o) => o.value === String(value))?.label ?? String(value);
}

/** Columns every entity table has besides its fields. */
export const SYSTEM_FIELDS = ['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'version'] as const;

export function defineEntity(def: EntityDef): EntityDef {
  const names = new Set<string>();
  for (const f of def.fields) {
    if (names.has(f.name) || (SYSTEM_FIELDS as readonly string[]).includes(f.name)) {
      throw new Error(`Entity ${def.name}: field ${f.name} is declared twice or shadows a system field`);
    }
    names.add(f.name);
    if (f.type === 'enum' && !f.options?.length) throw new Error(`Entity ${def.name}: enum ${f.name} has no options`);
  }
  if (!names.has(def.nameField)) throw new Error(`Entity ${def.name}: nameField ${def.nameField} is not a field`);
  for (const k of def.upsertKey ?? []) if (!names.has(k)) throw new Error(`Entity ${def.name}: upsertKey ${k} is not a field`);
  for (const c of def.checks ?? []) {
    for (const k of [checkTarget(c), checkSource(c)]) if (!names.has(k)) throw new Error(`Entity ${def.name}: check on ${k}, which is not a field`);
  }
  return def;
}

export function isListedByDefault(f: FieldDef): boolean {
  if (f.list !== undefined) return f.list;
  return !['text', 'richText', 'json', 'files', 'images', 'geometry'].includes(f.type);
}

export function isInForm(f: FieldDef): boolean {
  return f.form !== false;
}

// ---------------------------------------------------------------------------------------
// Validation, one entry per field type. Optional fields accept '', null and undefined.
// ---------------------------------------------------------------------------------------

/** An uploaded file or image: its url is one of the platform's files or an http(s) address (isLinkUrl). */
const fileEntry = z.object({
  id: z.string().max(64).optional(),
  name: z.string().max(255),
  url: z.string().max(1000).refine((u) => u !== '' && isLinkUrl(u), MESSAGES.link),
});

/** A JSON-encoded form value parsed; a blank string is absent; anything else as given. */
export function jsonValue(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return undefined;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

function emptyToUndefined(v: unknown): unknown {
  return v === '' || v === null ? undefined : v;
}

function stringSchema(f: FieldDef, max: number): z.ZodType<string> {
  const base = withRules(
    z
      .string({ error: () => (f.required ? requiredMessageOf(f) : INVALID_VALUE_MESSAGE) })
      .max(max, `${f.label}不能超过${max}个字符`)
      // PostgreSQL cannot store NUL in text and answers with an error (a 500) instead.
      .refine((s) => !s.includes('\u0000'), `${f.label}包含非法字符`),
    ...(f.rules ?? []),
  );
  return f.required ? base.refine((s) => s.length > 0, requiredMessageOf(f)) : base;
}

const INT32_MAX = 2_147_483_647;

/** A numeric field whose lower bound is 0 or more: a negative value earns SPEC §5's 不能为负数 first. */
export function isNonNegativeField(f: FieldDef): boolean {
  return (f.type === 'number' || f.type === 'integer') && f.min !== undefined && f.min >= 0;
}

/** The message for a number with more decimals than a field keeps (none: an integer). */
export function precisionMessage(precision: number): string {
  return precision === 0 ? MESSAGES.integer : `最多保留${precision}位小数`;
}

/** True when `n` has no more than `digits` decimals (1.23 for 2, not 1.239). */
export function hasAtMostDecimals(n: number, digits: number): boolean {
  return Number(n.toFixed(digits)) === n;
}

function numberSchema(f: FieldDef, integer: boolean): z.ZodType {
  const rules: RuleName[] = isNonNegativeField(f) ? ['nonNegative', ...(f.rules ?? []).filter((r) => r !== 'nonNegative')] : (f.rules ?? []);
  let schema = zNumeric({ rules, required: f.required, label: f.label }) as z.ZodType<number | undefined>;
  schema = schema.refine((n) => n === undefined || !integer || Number.isInteger(n), MESSAGES.integer);
  // A value with more decimals than the field keeps is refused, never rounded: what is stored
  // is what the user typed (issue 15, item 2).
  if (!integer && f.precision !== undefined) {
    const p = f.precision;
    schema = schema.refine((n) => n === undefined || hasAtMostDecimals(n, p), precisionMessage(p));
  }
  // Integer columns are 32-bit on PostgreSQL; a larger value would fail there with a 500.
  schema = schema.refine((n) => n === undefined || !integer || Math.abs(n) <= INT32_MAX, `${f.label}超出范围`);
  if (f.min !== undefined) schema = schema.refine((n) => n === undefined || n >= f.min!, f.min === 0 ? MESSAGES.nonNegative : `${f.label}不能小于${f.min}`);
  if (f.max !== undefined) schema = schema.refine((n) => n === undefined || n <= f.max!, `${f.label}不能大于${f.max}`);
  return schema;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export const FIELD_VALIDATORS: Record<FieldType, (f: FieldDef) => z.ZodType> = {
  string: (f) => stringSchema(f, f.maxLength ?? 200),
  text: (f) => stringSchema(f, f.maxLength ?? 20000),
  richText: (f) => stringSchema(f, f.maxLength ?? 200000),
  integer: (f) => numberSchema(f, true),
  number: (f) => numberSchema(f, false),
  boolean: () =>
    z.preprocess(
      (v) => (v === '' || v === null || v === undefined ? undefined : v === true || v === 1 || v === '1' || v === 'true' ? 1 : v === false || v === 0 || v === '0' || v === 'false' ? 0 : v),
      z.union([z.literal(0), z.literal(1)], { error: '只能是“是”或“否”' }).optional(),
    ),
  date: (f) =>
    stringSchema(f, 10).refine((s) => s === '' || (DATE_RE.test(s) && !Number.isNaN(Date.parse(s))), `${f.label}日期格式应为 yyyy-MM-dd`),
  datetime: (f) => stringSchema(f, 30).refine((s) => s === '' || !Number.isNaN(Date.parse(s)), `${f.label}时间格式不正确`),
  enum: (f) =>
    stringSchema(f, 50).refine((s) => s === '' || (f.options ?? []).some((o) => o.value === s), `${f.label}的取值不在可选范围内`),
  ref: (f) => stringSchema(f, 32),
  tree: (f) => stringSchema(f, 50),
  files: () => z.preprocess(jsonValue, z.array(fileEntry, { error: '附件格式不正确' }).max(50, '附件不能超过50个').optional()),
  images: (f) => {
    const list = z.array(fileEntry, { error: '图片格式不正确' }).max(50, '图片不能超过50张');
    if (f.uploadDir !== 'panorama') return z.preprocess(jsonValue, list.optional());
    // Only an upload to the panorama folder was checked as a 2:1 picture (another picture, or one
    // from elsewhere, would show stretched and torn in the viewer).
    return z.preprocess(
      jsonValue,
      list.refine((files) => files.every((file) => isUploadedPanorama(file.url)), `${f.label}须为通过全景上传的 2:1 全景图，请重新上传`).optional(),
    );
  },
  geometry: (f) =>
    z.preprocess(
      jsonValue,
      z
        .object({ type: z.enum(['Point', 'LineString', 'Polygon', 'MultiPolygon', 'MultiLineString']), coordinates: z.array(z.unknown()) }, { error: `${f.label}不是有效的几何图形` })
        .optional(),
    ),
  json: () => z.preprocess(jsonValue, z.unknown()),
};

/**
 * What a required field left empty says, by how its control is filled in: a value typed says
 * 请输入…, one picked from a list, a tree or a calendar 请选择…, files 请上传…
 */
const REQUIRED_MESSAGES: Record<FieldType, (label: string) => string> = {
  string: requiredMessage,
  text: requiredMessage,
  richText: requiredMessage,
  integer: requiredMessage,
  number: requiredMessage,
  boolean: MESSAGES.select,
  date: MESSAGES.select,
  datetime: MESSAGES.select,
  enum: MESSAGES.select,
  ref: MESSAGES.select,
  tree: MESSAGES.select,
  files: MESSAGES.upload,
  images: MESSAGES.upload,
  geometry: requiredMessage,
  json: requiredMessage,
};

/** The message of a required field left empty (see REQUIRED_MESSAGES). */
export function requiredMessageOf(f: FieldDef): string {
  return REQUIRED_MESSAGES[f.type](f.label);
}

/** The field a check's problem is shown under and named by. */
export function checkTarget(check: RecordCheck): string {
  return check.kind === 'order' ? check.then : check.field;
}

/** The other field a check reads (the form checks the target again when it changes). */
export function checkSource(check: RecordCheck): string {
  return check.kind === 'order' ? check.first : check.when.field;
}

const unset = (v: unknown) => v === undefined || v === null || v === '';
/** A date as stored or typed (yyyy-MM-dd, an ISO time, or a Date from the driver) as yyyy-MM-dd. */
const dayOf = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** What is wrong with the record by this check (the message under its target field), or null. */
export function checkProblem(def: EntityDef, check: RecordCheck, record: Record<string, unknown>): string | null {
  const field = (name: string) => def.fields.find((f) => f.name === name)!;
  if (check.kind === 'order') {
    const [a, b] = [record[check.first], record[check.then]];
    if (unset(a) || unset(b)) return null;
    const first = field(check.first);
    const dated = first.type === 'date' || first.type === 'datetime';
    const inOrder = dated ? dayOf(b) >= dayOf(a) : Number(b) >= Number(a);
    if (inOrder || (!dated && (Number.isNaN(Number(a)) || Number.isNaN(Number(b))))) return null;
    return `${field(check.then).label}不能${dated ? '早于' : '小于'}${first.label}`;
  }
  if (record[check.when.field] !== check.when.value || !unset(record[check.field])) return null;
  const when = field(check.when.field);
  const option = when.options?.find((o) => o.value === check.when.value)?.label ?? check.when.value;
  return `${when.label}为“${option}”时，${requiredMessageOf(field(check.field))}`;
}

/**
 * The first problem of a record by its entity's checks, or null. `changed`: on an update, the
 * fields the save sets; a check reading none of them is skipped, so a record stored before a
 * check existed can still be edited in its other fields.
 */
export function recordProblem(def: EntityDef, record: Record<string, unknown>, changed?: ReadonlySet<string>): { field: string; message: string } | null {
  for (const check of def.checks ?? []) {
    if (changed && !changed.has(checkTarget(check)) && !changed.has(checkSource(check))) continue;
    const message = checkProblem(def, check, record);
    if (message) return { field: checkTarget(check), message };
  }
  return null;
}

/** Field schema with the required/optional wrapper applied once, for every type. */
export function fieldSchema(f: FieldDef): z.ZodType {
  const inner = FIELD_VALIDATORS[f.type](f);
  if (f.required) {
    return z.preprocess((v) => (v === null ? undefined : v), inner).refine((v) => v !== undefined && v !== '', requiredMessageOf(f));
  }
  return z.preprocess(emptyToUndefined, inner.optional());
}

/**
 * The input schema of a save: every form field, plus id and version for updates. On update
 * (`partial`) absent fields are left unchanged.
 */
export function entityInputSchema(def: EntityDef, options: { partial?: boolean } = {}): z.ZodObject {
  const shape: Record<string, z.ZodType> = {
    id: z.preprocess(emptyToUndefined, z.string().max(32).optional()),
    version: z.preprocess(emptyToUndefined, z.coerce.number().int().optional()),
  };
  for (const f of def.fields) {
    if (!isInForm(f)) continue;
    const s = fieldSchema(f);
    shape[f.name] = options.partial ? s.optional() : s;
  }
  return z.object(shape);
}
