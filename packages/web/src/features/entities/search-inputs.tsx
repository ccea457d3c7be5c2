/**
 * Search input per field type and search mode (STYLE: one map per concern keyed by field
 * type). A search input says which URL keys hold its state, how it shows them in the search
 * form, and which conditions of the paged query language they become.
 */
import { DatePicker, Form, Input, InputNumber, Select, Space, TreeSelect, type InputProps } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { QueryCondition } from '@land/shared';
import type { FieldDef, FieldType, SearchMode } from '@land/shared/entity';
import { useRefChoices, useTreeChoices } from './ref-data';
import { columnTitle, textWidth } from './table-cells';
import { VisitorSelect } from '../messaging/VisitorSelect';

export type Filters = Record<string, string>;
/** Values of the search form, by form item name. */
export type SearchValues = Record<string, unknown>;

export interface SearchInput {
  /** URL keys holding this field's search. */
  keys: (f: FieldDef) => string[];
  /** Form items of the search form. */
  render: (f: FieldDef) => ReactNode;
  /** Search-form values from the URL state. */
  toForm: (f: FieldDef, filters: Filters) => SearchValues;
  /** URL patch from the submitted search form. */
  fromForm: (f: FieldDef, values: SearchValues) => Record<string, string | undefined>;
  conditions: (f: FieldDef, filters: Filters) => QueryCondition[];
}

const asText = (v: unknown): string | undefined => (v === null || v === undefined || v === '' ? undefined : String(v).trim() || undefined);
const fromKey = (f: FieldDef) => `${f.name}.from`;
const toKey = (f: FieldDef) => `${f.name}.to`;

function RefSearch({ field, ...rest }: { field: FieldDef; value?: string; onChange?: (v: string | undefined) => void; id?: string }) {
  const { options, loading } = useRefChoices(field);
  return <Select {...rest} options={options} loading={loading} allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="全部" style={{ width: 180 }} />;
}

function TreeSearch({ field, ...rest }: { field: FieldDef; value?: string; onChange?: (v: string | undefined) => void; id?: string }) {
  const { treeData, loading } = useTreeChoices(field);
  return (
    <TreeSelect
      {...rest}
      treeData={treeData}
      loading={loading}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder="全部"
      style={{ width: 220 }}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto', minWidth: 300 } } }}
    />
  );
}

const BOOLEAN_OPTIONS = [
  { value: '1', label: '是' },
  { value: '0', label: '否' },
];

/** One value compared by `type` (like or eq). */
function single(type: 'like' | 'eq', control: (f: FieldDef) => ReactNode): SearchInput {
  return {
    keys: (f) => [f.name],
    render: (f) => (
      <Form.Item key={f.name} label={columnTitle(f)} name={f.name}>
        {control(f)}
      </Form.Item>
    ),
    toForm: (f, filters) => ({ [f.name]: filters[f.name] || undefined }),
    fromForm: (f, values) => ({ [f.name]: asText(values[f.name]) }),
    conditions: (f, filters) => (filters[f.name] ? [{ column: f.name, type, val: filters[f.name] }] : []),
  };
}

/** A text box wide enough for its hint in full, beside its padding and clear button. */
function TextSearch({ field, ...rest }: { field: FieldDef } & InputProps) {
  const placeholder = `请输入${field.label}`;
  return <Input {...rest} placeholder={placeholder} allowClear style={{ width: Math.max(180, textWidth(placeholder) + 48) }} />;
}

const likeInput = single('like', (f) => <TextSearch field={f} />);
const eqText = single('eq', (f) => <TextSearch field={f} />);
const eqNumber = single('eq', (f) => <InputNumber placeholder={`请输入${f.label}`} style={{ width: 140 }} />);
const eqEnum = single('eq', (f) => <Select options={f.options} allowClear placeholder="全部" style={{ width: 160 }} popupMatchSelectWidth={false} />);
const eqBoolean = single('eq', () => <Select options={BOOLEAN_OPTIONS} allowClear placeholder="全部" style={{ width: 100 }} />);
const eqRef = single('eq', (f) => <RefSearch field={f} />);
const eqTree = single('eq', (f) => <TreeSearch field={f} />);
const eqVisitor = single('eq', () => <VisitorSelect style={{ width: 220 }} />);

function rangeConditions(f: FieldDef, lo: string | undefined, hi: string | undefined): QueryCondition[] {
  if (lo && hi) return [{ column: f.name, type: 'between', val: [lo, hi] }];
  if (lo) return [{ column: f.name, type: 'ge', val: lo }];
  if (hi) return [{ column: f.name, type: 'le', val: hi }];
  return [];
}

const numberRange: SearchInput = {
  keys: (f) => [fromKey(f), toKey(f)],
  render: (f) => (
    <Form.Item key={f.name} label={columnTitle(f)}>
      <Space.Compact>
        <Form.Item name={fromKey(f)} noStyle>
          <InputNumber placeholder="最小" style={{ width: 100 }} aria-label={`${f.label}最小值`} />
        </Form.Item>
        <Space.Addon>~</Space.Addon>
        <Form.Item name={toKey(f)} noStyle>
          <InputNumber placeholder="最大" style={{ width: 100 }} aria-label={`${f.label}最大值`} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  ),
  toForm: (f, filters) => ({
    [fromKey(f)]: filters[fromKey(f)] ? Number(filters[fromKey(f)]) : undefined,
    [toKey(f)]: filters[toKey(f)] ? Number(filters[toKey(f)]) : undefined,
  }),
  fromForm: (f, values) => ({ [fromKey(f)]: asText(values[fromKey(f)]), [toKey(f)]: asText(values[toKey(f)]) }),
  conditions: (f, filters) => rangeConditions(f, filters[fromKey(f)], filters[toKey(f)]),
};

/** Dates compare as yyyy-MM-dd text; a datetime's last day runs to its end. */
const dateRange: SearchInput = {
  keys: (f) => [fromKey(f), toKey(f)],
  render: (f) => (
    <Form.Item key={f.name} label={f.label} name={f.name}>
      <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 240 }} />
    </Form.Item>
  ),
  toForm: (f, filters) => {
    const lo = filters[fromKey(f)];
    const hi = filters[toKey(f)];
    return { [f.name]: lo || hi ? [lo ? dayjs(lo) : null, hi ? dayjs(hi) : null] : undefined };
  },
  fromForm: (f, values) => {
    const range = values[f.name] as [Dayjs | null, Dayjs | null] | null | undefined;
    return {
      [fromKey(f)]: range?.[0]?.format('YYYY-MM-DD'),
      [toKey(f)]: range?.[1]?.format('YYYY-MM-DD'),
    };
  },
  conditions: (f, filters) => {
    const hi = filters[toKey(f)];
    return rangeConditions(f, filters[fromKey(f)], hi && f.type === 'datetime' ? `${hi}T23:59:59.999` : hi);
  },
};

type ByMode = Partial<Record<SearchMode, SearchInput>>;

export const SEARCH_INPUTS: Record<FieldType, ByMode> = {
  string: { like: likeInput, eq: eqText },
  text: { like: likeInput, eq: eqText },
  richText: {},
  integer: { eq: eqNumber, range: numberRange, like: likeInput },
  number: { eq: eqNumber, range: numberRange, like: likeInput },
  boolean: { eq: eqBoolean },
  date: { range: dateRange, eq: single('eq', (f) => <Input placeholder={`如 2024-01-01`} allowClear style={{ width: 140 }} aria-label={f.label} />) },
  datetime: { range: dateRange },
  enum: { eq: eqEnum, like: likeInput },
  ref: { eq: eqRef },
  tree: { eq: eqTree, like: likeInput },
  files: {},
  images: {},
  geometry: {},
  json: {},
};

/** The search input of a field, if the field is searchable and its type supports the mode. */
export function searchInputOf(field: FieldDef): SearchInput | null {
  if (!field.search) return null;
  if (field.visitor && field.search === 'eq') return eqVisitor;
  return SEARCH_INPUTS[field.type][field.search] ?? null;
}
