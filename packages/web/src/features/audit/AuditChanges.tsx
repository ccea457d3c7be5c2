/**
 * What an audit entry changed, as people read it: one row per field with its Chinese label and
 * the value before and after, shown the way the lists show it (option labels, names for
 * references, dates, 是/否). Internal ids and bookkeeping columns are left out.
 */
import { Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { FieldDef } from '@land/shared/entity';
import { entityByName } from '@land/shared/entities/index';
import { parcelIdField } from '@land/shared/entities/common';
import { ROLE_LABELS } from '@land/shared/roles';
import { SETTING_KEYS, settingMeta, type SettingKey } from '@land/shared/settings';
import { TABLE_CELLS } from '../entities/table-cells';

/** Columns no one needs to read in a change: ids, versions, who (the entry says who). */
const HIDDEN_KEYS = new Set(['id', 'version', 'createdBy', 'updatedBy', 'editedBy', 'visitorId', 'userId', 'senderId', 'passwordHash', 'templateId']);

const STATUS_OPTIONS = [
  { value: '1', label: '启用' },
  { value: '0', label: '停用' },
];

/** Fields of records that are not entity-engine records (accounts, files, settings, …) and of every record's bookkeeping. */
const COMMON_FIELDS: Record<string, FieldDef> = {
  createdAt: { name: 'createdAt', type: 'datetime', label: '创建时间' },
  updatedAt: { name: 'updatedAt', type: 'datetime', label: '修改时间' },
  deletedAt: { name: 'deletedAt', type: 'datetime', label: '删除时间' },
  lastLoginAt: { name: 'lastLoginAt', type: 'datetime', label: '最近登录时间' },
  userAccount: { name: 'userAccount', type: 'string', label: '账号' },
  userName: { name: 'userName', type: 'string', label: '姓名' },
  phone: { name: 'phone', type: 'string', label: '联系电话' },
  email: { name: 'email', type: 'string', label: '邮箱' },
  company: { name: 'company', type: 'string', label: '所属单位' },
  sqdw: { name: 'sqdw', type: 'string', label: '所在单位' },
  registerType: { name: 'registerType', type: 'string', label: '注册方式' },
  role: { name: 'role', type: 'enum', label: '角色', options: Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label })) },
  mustChangePassword: { name: 'mustChangePassword', type: 'boolean', label: '须修改密码' },
  name: { name: 'name', type: 'string', label: '名称' },
  url: { name: 'url', type: 'string', label: '地址' },
  size: { name: 'size', type: 'integer', label: '大小（字节）' },
  title: { name: 'title', type: 'string', label: '标题' },
  kind: { name: 'kind', type: 'string', label: '类别' },
  type: { name: 'type', type: 'string', label: '类型' },
  recipients: { name: 'recipients', type: 'integer', label: '接收人数' },
  filter: { name: 'filter', type: 'json', label: '搜索条件' },
  dkid: parcelIdField,
};

const ACCOUNT_ENTITIES = new Set(['t_user', 't_visitor']);

function fieldOf(entity: string | null, key: string): FieldDef | undefined {
  const def = entity ? entityByName(entity) : undefined;
  const own = def?.fields.find((f) => f.name === key);
  if (own) return own;
  if (entity === 't_setting' && (SETTING_KEYS as readonly string[]).includes(key)) {
    const meta = settingMeta(key as SettingKey);
    return { name: key, type: meta.options ? 'enum' : 'string', label: meta.label, options: meta.options };
  }
  if (key === 'status' && entity && ACCOUNT_ENTITIES.has(entity)) return { name: 'status', type: 'enum', label: '状态', options: STATUS_OPTIONS };
  return COMMON_FIELDS[key];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function show(value: unknown, field: FieldDef | undefined): ReactNode {
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">（空）</Typography.Text>;
  if (field) return TABLE_CELLS[field.type](value, field);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

interface ChangeRow {
  key: string;
  label: string;
  field?: FieldDef;
  before: unknown;
  after: unknown;
}

export function AuditChanges({ entity, before, after }: { entity: string | null; before: unknown; after: unknown }) {
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  if (!isRecord(before) && !isRecord(after)) return <Typography.Text type="secondary">没有记录字段变化</Typography.Text>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !HIDDEN_KEYS.has(k));
  const rows: ChangeRow[] = keys.map((key) => {
    const field = fieldOf(entity, key);
    return { key, label: field?.label ?? key, field, before: b[key], after: a[key] };
  });
  const hasBefore = isRecord(before);
  const hasAfter = isRecord(after);
  return (
    <Table<ChangeRow>
      rowKey="key"
      size="small"
      pagination={false}
      scroll={{ y: 360 }}
      dataSource={rows}
      data-testid="audit-changes"
      columns={[
        { title: '字段', dataIndex: 'label', key: 'label', width: 160 },
        ...(hasBefore ? [{ title: '修改前', key: 'before', render: (_: unknown, r: ChangeRow) => show(r.before, r.field) }] : []),
        ...(hasAfter ? [{ title: hasBefore ? '修改后' : '内容', key: 'after', render: (_: unknown, r: ChangeRow) => show(r.after, r.field) }] : []),
      ]}
    />
  );
}
