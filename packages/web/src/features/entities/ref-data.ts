/**
 * Choices of ref and tree fields, loaded from the entity they point at and cached per entity,
 * so a whole table column of district names costs one request.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { entityByName } from '@land/shared/entities/index';
import type { EntityDef, FieldDef } from '@land/shared/entity';
import type { EntityRecord } from './api';
import { entityOptionsQuery, entityTreeQuery, hasCall } from './api';

export interface Choice {
  value: string;
  label: string;
}

export interface TreeChoice {
  value: string;
  title: string;
  children?: TreeChoice[];
}

export interface Choices {
  options: Choice[];
  labelOf: Map<string, string>;
  /** The record behind a choice (for ref.fills). */
  recordOf: (value: string) => EntityRecord | undefined;
  loading: boolean;
}

export interface TreeChoices {
  treeData: TreeChoice[];
  labelOf: Map<string, string>;
  loading: boolean;
}

/** Stands in while a field names no known entity; its queries stay disabled. */
const UNKNOWN_ENTITY: EntityDef = { name: '', table: '', label: '', fields: [], calls: {}, nameField: '' };

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** Options of a ref field: value = ref.valueField ?? 'id', label = ref.labelField. */
export function useRefChoices(field: FieldDef): Choices {
  const target = field.ref ? entityByName(field.ref.entity) : undefined;
  const query = useQuery({
    ...entityOptionsQuery(target ?? UNKNOWN_ENTITY),
    enabled: target !== undefined,
  });
  const valueField = field.ref?.valueField ?? 'id';
  const labelField = field.ref?.labelField ?? 'id';
  return useMemo(() => {
    const rows = query.data ?? [];
    const options = rows.map((r) => ({ value: text(r[valueField]), label: text(r[labelField]) || text(r[valueField]) }));
    const byValue = new Map(rows.map((r) => [text(r[valueField]), r]));
    return { options, labelOf: new Map(options.map((o) => [o.value, o.label])), recordOf: (v: string) => byValue.get(v), loading: query.isPending && target !== undefined };
  }, [query.data, query.isPending, target, valueField, labelField]);
}

function toTree(rows: EntityRecord[], valueField: string, labelField: string, labelOf: Map<string, string>): TreeChoice[] {
  return rows.map((r) => {
    const value = text(r[valueField]);
    const name = text(r[labelField]);
    labelOf.set(value, name);
    const children = r.children?.length ? toTree(r.children, valueField, labelField, labelOf) : undefined;
    // The code in front of the name, as land-class lists are read (0601 工业用地).
    return { value, title: name && name !== value ? `${value} ${name}` : value, ...(children ? { children } : {}) };
  });
}

/** The nested choices of a tree field, from the tree entity's `tree` call (flat list otherwise). */
export function useTreeChoices(field: FieldDef): TreeChoices {
  const target = field.tree ? entityByName(field.tree.entity) : undefined;
  const hasTree = target !== undefined && hasCall(target, 'tree');
  const treeQuery = useQuery({ ...entityTreeQuery(target ?? UNKNOWN_ENTITY), enabled: hasTree });
  const flatQuery = useQuery({ ...entityOptionsQuery(target ?? UNKNOWN_ENTITY), enabled: target !== undefined && !hasTree });
  const data = hasTree ? treeQuery.data : flatQuery.data;
  const loading = target !== undefined && (hasTree ? treeQuery.isPending : flatQuery.isPending);
  const valueField = field.tree?.valueField ?? 'id';
  const labelField = field.tree?.labelField ?? 'id';
  return useMemo(() => {
    const labelOf = new Map<string, string>();
    const treeData = toTree(data ?? [], valueField, labelField, labelOf);
    return { treeData, labelOf, loading };
  }, [data, loading, valueField, labelField]);
}
