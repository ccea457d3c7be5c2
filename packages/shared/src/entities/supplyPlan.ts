import { defineEntity } from '../entity';
import { SUPPLY_METHODS, areaFields, districtField, landClassField, remarkField } from './common';

/** 国有建设用地供应计划: the parcels of the annual state-owned construction-land supply plan. */
export const supplyPlanEntity = defineEntity({
  name: 'tGyjsyd',
  table: 't_gyjsyd',
  label: '供地计划地块',
  screen: 'gyjsyd',
  nameField: 'parcelName',
  defaultOrder: [
    { field: 'planYear', direction: 'desc' },
    { field: 'planQuarter', direction: 'asc' },
  ],
  calls: {
    page: ['selectGyjsydByPage'],
    batchDelete: ['batchDeleteGyjsyd'],
    save: ['addOrUpdateGyjsyd'],
    batchSave: ['batchAddOrUpdate'],
    batchUpdate: ['updateGyjsydBatchById'],
    obj: ['selectGyjsydByGdfx'],
    export: ['exportExcel'],
    import: ['importExcel'],
  },
  fields: [
    { name: 'planYear', type: 'integer', label: '计划年度', required: true, min: 2000, max: 2100, search: 'eq', sortable: true },
    { name: 'parcelName', type: 'string', label: '地块名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like', sortable: true },
    { name: 'parcelCode', type: 'string', label: '地块编号', rules: ['len60'], maxLength: 60, search: 'like' },
    { name: 'location', type: 'string', label: '土地坐落', rules: ['len200'], maxLength: 200, list: false },
    districtField,
    landClassField,
    { name: 'gdfx', type: 'enum', label: '供地方向', required: true, search: 'eq', options: [
      { value: 'industrial', label: '工业' },
      { value: 'storage', label: '仓储物流' },
      { value: 'commercial', label: '商服' },
      { value: 'residential', label: '住宅' },
      { value: 'public', label: '公共管理与公共服务' },
    ] },
    { name: 'supplyMethod', type: 'enum', label: '供应方式', search: 'eq', options: SUPPLY_METHODS },
    ...areaFields('planArea', '计划供应面积'),
    { name: 'planQuarter', type: 'integer', label: '计划供应季度', min: 1, max: 4, search: 'eq', sortable: true },
    { name: 'planSupplyDate', type: 'date', label: '计划供应日期', search: 'range', sortable: true },
    { name: 'status', type: 'enum', label: '执行状态', required: true, default: 'planned', search: 'eq', options: [
      { value: 'planned', label: '计划' },
      { value: 'supplied', label: '已供应' },
      { value: 'adjusted', label: '调整' },
    ] },
    remarkField,
    { name: 'geometry', type: 'geometry', label: '地块范围' },
  ],
});
