/** Table cell per field type (STYLE: one map per concern keyed by field type). */
import { FileOutlined } from '@ant-design/icons';
import { Image, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { formatDateTime } from '@land/shared';
import { formatArea, isAreaUnit } from '@land/shared/areaFormat';
import type { FieldDef, FieldType } from '@land/shared/entity';
import { fileUrl, toFileList } from '../../lib/files';
import { geometrySummary } from './form-inputs';
import { useRefChoices, useTreeChoices } from './ref-data';
import { RecipientName } from '../messaging/RecipientName';

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

function text(v: unknown): string {
  return isEmpty(v) ? '' : String(v);
}

function formatNumber(v: unknown, f: FieldDef): string {
  if (isEmpty(v)) return '';
  const n = Number(v);
  if (!Number.isFinite(n)) return String(v);
  const digits = f.type === 'integer' ? 0 : (f.precision ?? 2);
  // Areas (㎡, 亩, 公顷) keep their decimals, so a column reads 12.50 above 12.35, not 12.5.
  if (f.type === 'number' && isAreaUnit(f.unit)) return formatArea(n, digits);
  // Integers are years, counts and orders: 2026, not 2,026. Amounts and areas get separators.
  return n.toLocaleString('zh-CN', { minimumFractionDigits: 0, maximumFractionDigits: digits, useGrouping: f.type !== 'integer' });
}

function RefLabel({ field, value }: { field: FieldDef; value: unknown }) {
  const { labelOf } = useRefChoices(field);
  return <>{labelOf.get(text(value)) ?? text(value)}</>;
}

function TreeLabel({ field, value }: { field: FieldDef; value: unknown }) {
  const { labelOf } = useTreeChoices(field);
  const code = text(value);
  const name = labelOf.get(code);
  return <>{name ? `${code} ${name}` : code}</>;
}

function Thumbnail({ value }: { value: unknown }) {
  const images = toFileList(value);
  if (images.length === 0) return null;
  return (
    <Image.PreviewGroup items={images.map((img) => fileUrl(img.url))}>
      <Image
        src={fileUrl(images[0].url)}
        alt={images[0].name}
        width={48}
        height={36}
        style={{ objectFit: 'cover', borderRadius: 4 }}
      />
    </Image.PreviewGroup>
  );
}

function FilesCell({ value }: { value: unknown }) {
  const files = toFileList(value);
  if (files.length === 0) return null;
  return (
    <a href={fileUrl(files[0].url)} target="_blank" rel="noopener noreferrer" title={files.map((f) => f.name).join('\n')}>
      <FileOutlined /> {files.length > 1 ? `${files.length} 个附件` : files[0].name}
    </a>
  );
}

function stripHtml(html: unknown): string {
  return text(html)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

type Cell = (value: unknown, field: FieldDef) => ReactNode;

export const TABLE_CELLS: Record<FieldType, Cell> = {
  // A visitor by name and number, never by the id the field holds.
  string: (v, f) => (f.visitor && !isEmpty(v) ? <RecipientName id={v} /> : text(v)),
  text: (v) => text(v),
  richText: (v) => stripHtml(v),
  integer: (v, f) => formatNumber(v, f),
  number: (v, f) => formatNumber(v, f),
  boolean: (v) => (isEmpty(v) ? '' : v === 1 || v === true || v === '1' ? '是' : '否'),
  date: (v) => text(v).slice(0, 10),
  datetime: (v) => (isEmpty(v) ? '' : formatDateTime(text(v))),
  enum: (v, f) => {
    if (isEmpty(v)) return null;
    const label = f.options?.find((o) => o.value === text(v))?.label ?? text(v);
    return (
      // A label longer than its column (a land-class scheme's full title) wraps rather than being cut.
      <Tag style={{ maxWidth: '100%', whiteSpace: 'normal', verticalAlign: 'middle' }}>
        {label}
      </Tag>
    );
  },
  ref: (v, f) => (isEmpty(v) ? null : <RefLabel field={f} value={v} />),
  tree: (v, f) => (isEmpty(v) ? null : <TreeLabel field={f} value={v} />),
  files: (v) => <FilesCell value={v} />,
  images: (v) => <Thumbnail value={v} />,
  geometry: (v) => (isEmpty(v) ? '' : <Typography.Text type="secondary">{geometrySummary(v)}</Typography.Text>),
  json: (v) => (isEmpty(v) ? '' : JSON.stringify(v)),
};

/** Default column width per field type, px (a field's `width` wins). */
export const COLUMN_WIDTHS: Record<FieldType, number> = {
  string: 160,
  text: 220,
  richText: 220,
  integer: 100,
  number: 130,
  boolean: 80,
  date: 120,
  datetime: 170,
  enum: 110,
  ref: 140,
  tree: 180,
  files: 160,
  images: 90,
  geometry: 150,
  json: 180,
};

/** Numbers line up on the right. */
export const COLUMN_ALIGN: Partial<Record<FieldType, 'right' | 'center'>> = {
  integer: 'right',
  number: 'right',
  boolean: 'center',
};

const ENUM_MAX_WIDTH = 240;

/** Rough width of a text in the table's font, px: Chinese characters are twice as wide as Latin ones. */
export const textWidth = (text: string): number => [...text].reduce((w, c) => w + (c.charCodeAt(0) > 0xff ? 14 : 8), 0);

/** The column of a record's name, and of a long string (a title): room for a readable start. */
const NAME_WIDTH = 240;

/**
 * Wide enough for the header (sort icon included) and for a typical value of the type; an enum's
 * column fits its longest label in its tag (租期到期提醒 was cut to 租期到期… at the type's width),
 * up to ENUM_MAX_WIDTH, past which the tag wraps. The entity's name field (`nameField`) is as wide
 * as a title: the platform companies all begin 临江…, and at the type's width read 临江经济技术开发….
 */
export function columnWidth(field: FieldDef, nameField?: string): number {
  if (field.width) return field.width;
  const titleWidth = textWidth(columnTitle(field)) + (field.sortable ? 52 : 32);
  const long = field.type === 'string' && ((field.maxLength ?? 200) >= 200 || field.name === nameField);
  const typeWidth = long ? NAME_WIDTH : COLUMN_WIDTHS[field.type];
  // The tag's own padding and border (16) and the cell's padding (32).
  const tagWidth = field.type === 'enum' ? Math.min(ENUM_MAX_WIDTH, Math.max(0, ...(field.options ?? []).map((o) => textWidth(o.label))) + 48) : 0;
  return Math.max(typeWidth, titleWidth, tagWidth);
}

/** Header with the unit, e.g. 面积(㎡). */
export function columnTitle(field: FieldDef): string {
  return field.unit ? `${field.label}(${field.unit})` : field.label;
}
