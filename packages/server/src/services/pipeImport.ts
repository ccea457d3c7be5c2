import { entityByName } from '@land/shared/entities/index';
import type { FeatureValue } from '@land/shared/geo/index';
import type { Row } from '../entities/repository';
import type { LineFeature } from '../gis/index';

/**
 * Attribute names a pipe layer arrives with, per pipe field: the platform's own names, the
 * Chinese labels, and the pinyin abbreviations of surveyed pipeline data (GXMC, GXLX, GJ…).
 */
const ALIASES: Record<string, string[]> = {
  name: ['name', '名称', '管线名称', '管线名', 'gxmc'],
  type: ['type', '类型', '管线类型', '管类', 'gxlx', 'gxdm'],
  diameter: ['diameter', '管径', '口径', 'gj', 'gjmm'],
  material: ['material', '管材', '材质', 'cz', 'gc'],
  capacity: ['capacity', '供应能力', 'gynl'],
  pressureClass: ['pressureclass', 'pressure', '压力等级', '压力', 'yl', 'yldj'],
  buryDepth: ['burydepth', '埋深', 'ms'],
  accessDistance: ['accessdistance', '距接入点', 'jrjl'],
  ownerUnit: ['ownerunit', 'owner', '权属单位', 'qsdw'],
  remark: ['remark', '备注', 'bz'],
};

/** Pipe kinds by the two-letter codes of urban pipeline surveys (CJJ 61): JS 给水, PS 排水… */
const TYPE_CODES: Record<string, string> = {
  JS: 'water', GS: 'water', PS: 'drainage', YS: 'rain', WS: 'sewage', RQ: 'gas', MQ: 'gas', TR: 'gas',
  DL: 'power', GD: 'power', TX: 'telecom', DX: 'telecom', XX: 'telecom', RL: 'heat', RS: 'heat',
};

const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();

function pick(props: Record<string, FeatureValue>, field: string): FeatureValue {
  const wanted = ALIASES[field];
  for (const [k, v] of Object.entries(props)) if (wanted.includes(norm(k)) && v !== null && v !== '') return v;
  return null;
}

/** "DN400", "Φ300", "400mm" → 400; numbers stay numbers; anything else goes to validation as is. */
function number(v: FeatureValue): FeatureValue {
  if (typeof v !== 'string') return v;
  const m = /^\s*(?:DN|De|Φ|φ|D)?\s*(\d+(?:\.\d+)?)\s*(?:mm|m)?\s*$/i.exec(v);
  return m ? Number(m[1]) : v;
}

/**
 * Turns line features into pipe records for the entity's save: attributes found by their
 * usual names, choices by label, value or survey code; a missing name is made from the kind
 * and position so that a layer carrying only kinds still imports. Validation (required kind,
 * ranges) is the entity's, row by row.
 */
export function pipeRowsFromFeatures(features: LineFeature[]): Row[] {
  const def = entityByName('tPipenetwork')!;
  const option = (field: string, v: FeatureValue): FeatureValue => {
    if (v === null) return null;
    const s = String(v).trim();
    const options = def.fields.find((f) => f.name === field)?.options ?? [];
    const byLabel = options.find((o) => o.label === s || s.startsWith(o.label))?.value;
    const byValue = options.find((o) => o.value.toLowerCase() === s.toLowerCase())?.value;
    const byCode = field === 'type' ? TYPE_CODES[s.toUpperCase()] : undefined;
    return byLabel ?? byValue ?? byCode ?? s;
  };
  return features.map((f, i) => {
    const p = f.properties;
    const type = option('type', pick(p, 'type'));
    const typeLabel = def.fields.find((x) => x.name === 'type')?.options?.find((o) => o.value === type)?.label ?? '';
    const name = pick(p, 'name') ?? `${typeLabel}管线${i + 1}`;
    const row: Row = {
      name: String(name).slice(0, 60),
      type: type ?? '',
      diameter: number(pick(p, 'diameter')),
      material: pick(p, 'material'),
      capacity: pick(p, 'capacity'),
      pressureClass: option('pressureClass', pick(p, 'pressureClass')),
      buryDepth: number(pick(p, 'buryDepth')),
      accessDistance: number(pick(p, 'accessDistance')),
      ownerUnit: pick(p, 'ownerUnit'),
      remark: pick(p, 'remark'),
      geometry: f.geometry,
    };
    for (const k of Object.keys(row)) if (row[k] === null) delete row[k];
    return row;
  });
}
