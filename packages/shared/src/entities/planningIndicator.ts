import { defineEntity, standardCalls, type FieldOption } from '../entity';
import { parcelIdField } from './common';

/** The planning indicators of a parcel (规划条件 and 标准地 indicators) with their usual unit. */
export const INDICATORS: (FieldOption & { unit: string; percent?: boolean })[] = [
  { value: 'plotRatio', label: '容积率', unit: '' },
  { value: 'buildingDensity', label: '建筑密度', unit: '%', percent: true },
  { value: 'greenRatio', label: '绿地率', unit: '%', percent: true },
  { value: 'heightLimit', label: '建筑限高', unit: 'm' },
  { value: 'investmentIntensity', label: '投资强度', unit: '万元/亩' },
  { value: 'buildingCoefficient', label: '建筑系数', unit: '%', percent: true },
  { value: 'supportingLandRatio', label: '行政办公及生活服务设施用地比例', unit: '%', percent: true },
  { value: 'taxPerMu', label: '亩均税收', unit: '万元/亩' },
];

export const COMPARATORS: FieldOption[] = [
  { value: 'ge', label: '≥' },
  { value: 'le', label: '≤' },
  { value: 'eq', label: '=' },
  { value: 'between', label: '介于' },
];

/**
 * 用地指标: one planning indicator of a parcel per row, as the transfer announcement states it
 * (容积率 ≥1.0 且 ≤2.5 is one row "between 1.0 and 2.5"). Rows change while the parcel is being
 * entered; the parcel's summary columns (plotRatioMin…) follow them.
 */
export const planningIndicatorEntity = defineEntity({
  name: 'tYdzb',
  table: 't_ydzb',
  label: '用地指标',
  nameField: 'indicator',
  upsertKey: ['dkid', 'indicator', 'comparator'],
  defaultOrder: [
    { field: 'dkid', direction: 'asc' },
    { field: 'displayorder', direction: 'asc' },
  ],
  calls: standardCalls({ batchSave: ['batchAddOrUpdate'] }),
  fields: [
    { ...parcelIdField, required: true },
    { name: 'indicator', type: 'enum', label: '指标', required: true, search: 'eq', options: INDICATORS.map(({ value, label }) => ({ value, label })) },
    { name: 'comparator', type: 'enum', label: '比较方式', required: true, default: 'ge', options: COMPARATORS },
    { name: 'value', type: 'number', label: '指标值', required: true, min: 0, precision: 2, help: '介于时为下限' },
    { name: 'valueMax', type: 'number', label: '上限值', min: 0, precision: 2, help: '仅“介于”时填写' },
    { name: 'unit', type: 'string', label: '单位', maxLength: 20, help: '不填时按指标的常用单位' },
    { name: 'displayorder', type: 'integer', label: '排序', default: 0, min: 0, list: false },
  ],
});
