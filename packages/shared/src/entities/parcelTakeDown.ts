import { defineEntity, standardCalls } from '../entity';
import { parcelIdField } from './common';

export const TAKE_DOWN_REASONS = [
  { value: 'supplied', label: '已供应/已出让' },
  { value: 'planAdjust', label: '规划调整' },
  { value: 'priceAdjust', label: '价格调整' },
  { value: 'ownership', label: '权属争议' },
  { value: 'correction', label: '信息有误需更正' },
  { value: 'other', label: '其他' },
];

/**
 * 地块下架记录: why and when a published parcel was taken down. Written by the take-down
 * transition; the list of a parcel's records is its take-down history.
 */
export const parcelTakeDownEntity = defineEntity({
  name: 'tDkxj',
  table: 't_dkxj',
  label: '下架记录',
  nameField: 'reason',
  defaultOrder: [{ field: 'takenDownAt', direction: 'desc' }],
  calls: standardCalls({ obj: ['getXjReasonListByDkid'] }),
  fields: [
    { ...parcelIdField, required: true },
    { name: 'reasonType', type: 'enum', label: '下架原因类型', required: true, default: 'other', search: 'eq', options: TAKE_DOWN_REASONS },
    { name: 'reason', type: 'string', label: '下架原因', required: true, rules: ['notBlank', 'len200'], maxLength: 200, search: 'like' },
    { name: 'takenDownBy', type: 'string', label: '下架人', rules: ['len60'], maxLength: 60 },
    { name: 'takenDownAt', type: 'datetime', label: '下架时间', sortable: true, search: 'range' },
  ],
});
