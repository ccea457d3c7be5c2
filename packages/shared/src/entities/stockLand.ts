import { defineEntity, standardCalls } from '../entity';
import { areaFields, districtField, landClassField } from './common';

/** 存量土地: approved but unsupplied, or supplied but unused land, and its disposal. */
export const stockLandEntity = defineEntity({
  name: 'tCltd',
  table: 't_cltd',
  label: '存量土地',
  screen: 'cltd',
  nameField: 'name',
  defaultOrder: [{ field: 'approvalDate', direction: 'asc' }],
  calls: standardCalls(),
  fields: [
    { name: 'parcelCode', type: 'string', label: '地块编号', rules: ['len60'], maxLength: 60, search: 'like', sortable: true },
    { name: 'name', type: 'string', label: '地块名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like' },
    districtField,
    { name: 'location', type: 'string', label: '土地坐落', rules: ['len200'], maxLength: 200, list: false },
    landClassField,
    ...areaFields('area', '土地面积'),
    { name: 'ownerUnit', type: 'string', label: '权属单位', rules: ['len200'], maxLength: 200, search: 'like' },
    { name: 'approvalNo', type: 'string', label: '批准文号', rules: ['len60'], maxLength: 60, search: 'like' },
    { name: 'approvalDate', type: 'date', label: '批准日期', search: 'range', sortable: true },
    { name: 'status', type: 'enum', label: '存量类型', required: true, search: 'eq', options: [
      { value: 'unsupplied', label: '批而未供' },
      { value: 'unused', label: '供而未用' },
      { value: 'revitalized', label: '已盘活' },
    ] },
    { name: 'transferable', type: 'boolean', label: '可出让', default: 0, widget: 'switch', search: 'eq', help: '列入存量可出让土地，在公众端展示' },
    { name: 'idleReason', type: 'text', label: '闲置原因', rules: ['len2000'], maxLength: 2000 },
    { name: 'disposalPlan', type: 'text', label: '处置方案', rules: ['len2000'], maxLength: 2000 },
    { name: 'geometry', type: 'geometry', label: '地块范围' },
  ],
});
