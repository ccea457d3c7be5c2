/**
 * Pieces shared by the supporting-record panels: the fields of a record apart from its parcel,
 * and a read-only view of a record with the entity engine's table cells.
 */
import { Descriptions } from 'antd';
import type { EntityDef, FieldDef } from '@land/shared/entity';
import { isInForm } from '@land/shared/entity';
import type { EntityRecord } from '../../entities/api';
import { TABLE_CELLS } from '../../entities/table-cells';
import { useFitColumns } from '../../../components/descriptions';

/** The record's parcel field: set by the panel, never chosen in its form. */
export const PARCEL_REF = 'dkid';

export function ownFields(def: EntityDef): FieldDef[] {
  return def.fields.filter((f) => f.name !== PARCEL_REF);
}

/** The definition without its parcel field, for the generic form and table helpers. */
export function withoutParcel(def: EntityDef): EntityDef {
  return { ...def, fields: ownFields(def) };
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Label with the unit, as in the form: 距离（公里）. */
export function labelOf(field: FieldDef): string {
  return field.unit ? `${field.label}（${field.unit}）` : field.label;
}

interface RecordDescriptionsProps {
  fields: FieldDef[];
  record: EntityRecord | null | undefined;
  column?: number;
  /** Show fields without a value too (as 未填写). */
  showEmpty?: boolean;
}

/** A record read-only, value cells as in the lists (enum labels, refs by name, numbers with separators). */
export function RecordDescriptions({ fields, record, column = 2, showEmpty = true }: RecordDescriptionsProps) {
  const shown = fields.filter((f) => isInForm(f) || !isBlank(record?.[f.name])).filter((f) => showEmpty || !isBlank(record?.[f.name]));
  const wide = (f: FieldDef) => ['text', 'richText', 'images', 'files'].includes(f.type) || f.widget === 'textarea';
  const [box, columns] = useFitColumns(column);
  return (
    <div ref={box}>
      <Descriptions
        size="small"
        bordered
        column={columns}
        styles={{ label: { width: 140, whiteSpace: 'nowrap' } }}
        items={shown.map((f) => {
          const value = record?.[f.name];
          return {
            key: f.name,
            label: labelOf(f),
            span: wide(f) ? columns : 1,
            children: isBlank(value) ? <span style={{ color: '#bfbfbf' }}>未填写</span> : TABLE_CELLS[f.type](value, f),
          };
        })}
      />
    </div>
  );
}
