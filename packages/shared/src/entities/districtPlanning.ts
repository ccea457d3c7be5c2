import { defineEntity, standardCalls } from '../entity';
import { areaFields, districtField, landClassField, publishStatusField, remarkField } from './common';

/** 片区出让地块: parcels a district intends to transfer, with their planned timing. */
export const districtTransferParcelEntity = defineEntity({
  name: 'tPqcrdk',
  table: 't_pqcrdk',
  label: '片区出让地块',
  screen: 'kfpqCrdk',
  nameField: 'parcelName',
  defaultOrder: [{ field: 'plannedTransferDate', direction: 'asc' }],
  calls: standardCalls({ page: ['selectCrdkByPage'] }),
  fields: [
    districtField,
    { name: 'parcelName', type: 'string', label: '地块名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like', sortable: true },
    { name: 'parcelCode', type: 'string', label: '地块编号', rules: ['len60'], maxLength: 60, search: 'like' },
    { name: 'location', type: 'string', label: '土地坐落', rules: ['len200'], maxLength: 200, list: false },
    ...areaFields('area', '出让面积'),
    landClassField,
    { name: 'transferYears', type: 'integer', label: '出让年限', unit: '年', rules: ['positiveInt'], min: 1, max: 70 },
    { name: 'plannedTransferDate', type: 'date', label: '计划出让日期', search: 'range', sortable: true },
    { name: 'status', type: 'enum', label: '出让状态', required: true, default: 'reserve', search: 'eq', options: [
      { value: 'reserve', label: '储备中' },
      { value: 'ready', label: '待出让' },
      { value: 'listed', label: '已挂牌' },
      { value: 'transferred', label: '已出让' },
    ] },
    remarkField,
    { name: 'geometry', type: 'geometry', label: '地块范围' },
  ],
});

/** 片区开发方案: a district's development scheme (positioning, layout, phasing). */
export const districtSchemeEntity = defineEntity({
  name: 'tPqkffa',
  table: 't_pqkffa',
  label: '片区开发方案',
  screen: 'pqkffaManagement',
  nameField: 'title',
  defaultOrder: [{ field: 'year', direction: 'desc' }],
  calls: standardCalls(),
  fields: [
    districtField,
    { name: 'title', type: 'string', label: '方案名称', required: true, rules: ['notBlank', 'len200'], maxLength: 200, search: 'like', sortable: true },
    { name: 'year', type: 'integer', label: '方案年度', min: 2000, max: 2100, search: 'eq', sortable: true },
    { name: 'content', type: 'richText', label: '方案内容' },
    { name: 'attachments', type: 'files', label: '附件' },
    publishStatusField,
  ],
});
