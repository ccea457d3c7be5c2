import { defineEntity, standardCalls, type FieldDef, type FieldOption } from '../entity';
import { parcelIdField, remarkField } from './common';

/** How far one utility of 七通一平 is: at the parcel's red line, nearby, planned or absent. */
export const MATCHING_STATES: FieldOption[] = [
  { value: 'ready', label: '已通至红线' },
  { value: 'nearby', label: '周边可接入' },
  { value: 'planned', label: '规划建设中' },
  { value: 'none', label: '暂无' },
];

/** The eight items of 七通一平, in the order land offices list them. */
export const MATCHING_ITEMS: { name: string; label: string; help: string }[] = [
  { name: 'water', label: '给水', help: '如：DN400给水管，日供水能力5万m³' },
  { name: 'drainage', label: '排水', help: '如：雨污分流，纳管能力1.2万m³/日' },
  { name: 'power', label: '供电', help: '如：10kV双回路，距110kV变电站1.2公里' },
  { name: 'road', label: '道路', help: '如：东侧智造大道（双向六车道）' },
  { name: 'gas', label: '燃气', help: '如：中压0.4MPa天然气管道' },
  { name: 'telecom', label: '通信', help: '如：三家运营商光纤到红线' },
  { name: 'heat', label: '供热', help: '如：1.0MPa集中供汽，可供30t/h' },
  { name: 'levelled', label: '场地平整', help: '如：已平整，场地标高4.5m' },
];

const itemFields: FieldDef[] = MATCHING_ITEMS.flatMap(({ name, label, help }) => [
  { name, type: 'enum' as const, label, options: MATCHING_STATES, default: 'none', search: 'eq' as const, widget: 'radio' as const },
  { name: `${name}Note`, type: 'string' as const, label: `${label}说明`, rules: ['len200' as const], maxLength: 200, list: false, help },
]);

/**
 * 地块配套 (七通一平): on-site infrastructure readiness of a parcel, one record per parcel. A save
 * without id for a parcel that already has one updates it. `readyCount` (how many items reach
 * the red line) is computed by the server.
 */
export const landMatchingEntity = defineEntity({
  name: 'tLandmatching',
  table: 't_landmatching',
  label: '地块配套',
  nameField: 'dkid',
  upsertKey: ['dkid'],
  calls: standardCalls(),
  fields: [
    { ...parcelIdField, required: true },
    ...itemFields,
    { name: 'readyCount', type: 'integer', label: '已通项数', form: false, min: 0, max: 8, sortable: true },
    remarkField,
  ],
});
