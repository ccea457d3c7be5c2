/**
 * Form input per field type (STYLE: one map per concern keyed by field type). The form keeps
 * the value as it goes over the wire (dates as yyyy-MM-dd, booleans 0/1, files as entries),
 * so the shared validators check exactly what is sent; each control converts for display.
 */
import type { FormItemProps } from 'antd';
import { DatePicker, Form, Input, InputNumber, Radio, Select, Space, Switch, TreeSelect, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { FieldDef, FieldType } from '@land/shared/entity';
import { RichTextInput } from '../../components/rich-text/RichTextInput';
import { FileUpload } from '../../components/upload/FileUpload';
import type { FileEntry } from '../../lib/files';
import { toFileList } from '../../lib/files';
import { useRefChoices, useTreeChoices } from './ref-data';
import { VisitorSelect } from '../messaging/VisitorSelect';

type ItemProps = Pick<FormItemProps, 'getValueProps' | 'normalize' | 'valuePropName'>;

export interface FormInput {
  /** The control; Form.Item hands it value and onChange. */
  render: (field: FieldDef) => ReactNode;
  /** How the control shows the stored value and hands it back. */
  item?: (field: FieldDef) => ItemProps;
  /** Takes the whole width of the form. */
  wide?: (field: FieldDef) => boolean;
  /** Shown but not edited here, and left out of a save (geometry is drawn on the map screens). */
  readOnly?: boolean;
}

const enterText = (f: FieldDef) => `请输入${f.label}`;
const chooseText = (f: FieldDef) => `请选择${f.label}`;

interface ControlProps<V> {
  value?: V | null;
  onChange?: (value: V | null) => void;
  id?: string;
}

/**
 * No min/max and no precision on the control: antd would clamp an out-of-range value on blur (a
 * typed -5 would silently become 0) and round a value with too many decimals (2.5 in an integer
 * field would become 3). The value stays as typed and the field's rule shows why it is refused.
 */
function NumberInput({ field, value, onChange, id }: ControlProps<number> & { field: FieldDef }) {
  const input = (
    <InputNumber<number>
      id={id}
      value={value ?? null}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={`请输入${field.label}`}
      style={{ width: '100%' }}
    />
  );
  if (!field.unit) return input;
  return (
    <Space.Compact block>
      {input}
      <Space.Addon>{field.unit}</Space.Addon>
    </Space.Compact>
  );
}

function RefSelect({ field, value, onChange, id }: ControlProps<string> & { field: FieldDef }) {
  const { options, loading, recordOf } = useRefChoices(field);
  const form = Form.useFormInstance();
  // ref.fills: the fields the picked record fills, where empty or still as the last pick filled them.
  const fill = (next: string | undefined) => {
    const picked = next ? recordOf(next) : undefined;
    const previous = value ? recordOf(value) : undefined;
    for (const [target, source] of Object.entries(field.ref?.fills ?? {})) {
      const current: unknown = form.getFieldValue(target);
      const untouched = current === undefined || current === null || current === '' || (previous !== undefined && current === previous[source]);
      if (picked && untouched) form.setFields([{ name: target, value: picked[source], errors: [] }]);
    }
  };
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={(v: string | undefined) => {
        fill(v);
        onChange?.(v ?? null);
      }}
      options={options}
      loading={loading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={chooseText(field)}
    />
  );
}

function TreeInput({ field, value, onChange, id }: ControlProps<string> & { field: FieldDef }) {
  const { treeData, loading } = useTreeChoices(field);
  return (
    <TreeSelect
      id={id}
      value={value || undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      treeData={treeData}
      loading={loading}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder={chooseText(field)}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
    />
  );
}

function FilesInput({ field, value, onChange, id }: ControlProps<FileEntry[]> & { field: FieldDef }) {
  const images = field.type === 'images';
  return (
    <FileUpload
      id={id}
      value={toFileList(value)}
      onChange={(v) => onChange?.(v)}
      multiple={field.widget !== 'single'}
      dir={field.uploadDir ?? (images ? 'images' : 'files')}
      accept={images ? 'image/*' : undefined}
      listType={images ? 'picture-card' : 'text'}
      data-testid={`upload-${field.name}`}
    />
  );
}

/** A readable one-line description of a GeoJSON geometry. */
export function geometrySummary(value: unknown): string {
  if (value === null || value === undefined || value === '') return '未设置';
  const g = value as { type?: unknown; coordinates?: unknown };
  const points = (c: unknown): number => (Array.isArray(c) ? (typeof c[0] === 'number' ? 1 : c.reduce((n: number, x) => n + points(x), 0)) : 0);
  const names: Record<string, string> = {
    Point: '点',
    LineString: '线',
    MultiLineString: '多线',
    Polygon: '面',
    MultiPolygon: '多面',
  };
  const type = typeof g.type === 'string' ? g.type : '';
  return `${names[type] ?? type ?? '图形'}，${points(g.coordinates)} 个坐标点`;
}

function ReadOnlyText({ text }: { text: string }) {
  return (
    <Typography.Text type="secondary" data-readonly>
      {text}
    </Typography.Text>
  );
}

function GeometryView({ value }: ControlProps<unknown>) {
  return <ReadOnlyText text={`${geometrySummary(value)}（在地图上编辑）`} />;
}

function JsonView({ value }: ControlProps<unknown>) {
  const text = value === null || value === undefined || value === '' ? '未设置' : JSON.stringify(value);
  return <ReadOnlyText text={text.length > 120 ? `${text.slice(0, 120)}…` : text} />;
}

const dateItem = (format: (d: Dayjs) => string): ItemProps => ({
  getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v !== '' && dayjs(v).isValid() ? dayjs(v) : null }),
  normalize: (d: Dayjs | null) => (d ? format(d) : ''),
});

const isWideString = (f: FieldDef) => f.widget === 'textarea';
const always = () => true;

export const FORM_INPUTS: Record<FieldType, FormInput> = {
  string: {
    render: (f) =>
      f.widget === 'textarea' ? (
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder={enterText(f)} />
      ) : f.visitor ? (
        <VisitorSelect style={{ width: '100%' }} />
      ) : (
        <Input placeholder={enterText(f)} autoComplete="off" />
      ),
    wide: isWideString,
  },
  text: {
    render: (f) => <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} placeholder={enterText(f)} />,
    wide: always,
  },
  richText: {
    render: (f) => <RichTextInput aria-label={f.label} data-testid={`rich-text-${f.name}`} />,
    wide: always,
  },
  integer: { render: (f) => <NumberInput field={f} /> },
  number: { render: (f) => <NumberInput field={f} /> },
  boolean: {
    render: () => <Switch checkedChildren="是" unCheckedChildren="否" />,
    item: () => ({
      valuePropName: 'checked',
      getValueProps: (v: unknown) => ({ checked: v === 1 || v === true || v === '1' }),
      normalize: (checked: boolean) => (checked ? 1 : 0),
    }),
  },
  date: {
    render: (f) => <DatePicker style={{ width: '100%' }} placeholder={chooseText(f)} />,
    item: () => dateItem((d) => d.format('YYYY-MM-DD')),
  },
  datetime: {
    render: (f) => <DatePicker showTime style={{ width: '100%' }} placeholder={chooseText(f)} />,
    item: () => dateItem((d) => d.toISOString()),
  },
  enum: {
    render: (f) =>
      f.widget === 'radio' ? (
        <Radio.Group options={f.options} />
      ) : (
        <Select options={f.options} allowClear placeholder={chooseText(f)} />
      ),
  },
  ref: { render: (f) => <RefSelect field={f} /> },
  tree: { render: (f) => <TreeInput field={f} /> },
  files: { render: (f) => <FilesInput field={f} />, wide: always },
  images: { render: (f) => <FilesInput field={f} />, wide: always },
  geometry: { render: () => <GeometryView />, wide: always, readOnly: true },
  json: { render: () => <JsonView />, wide: always, readOnly: true },
};
