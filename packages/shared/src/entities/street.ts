import { defineEntity, standardCalls } from '../entity';

/** 街道: sub-district offices the parcels belong to (back-office screen jdManagement). */
export const streetEntity = defineEntity({
  name: 'tJd',
  table: 't_jd',
  label: '街道',
  screen: 'jdManagement',
  nameField: 'jdname',
  defaultOrder: [{ field: 'displayorder', direction: 'asc' }],
  calls: standardCalls(),
  fields: [
    { name: 'jdname', type: 'string', label: '街道名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like', sortable: true, unique: true },
    { name: 'jdcode', type: 'string', label: '街道编码', rules: ['townshipCode'], maxLength: 12, search: 'eq', help: '9位乡镇级行政区划代码' },
    { name: 'areacode', type: 'ref', label: '所属片区', ref: { entity: 'tArea', labelField: 'areaname', valueField: 'areacode', onDelete: 'restrict' }, search: 'eq' },
    { name: 'contact', type: 'string', label: '联系人', rules: ['len60'], maxLength: 60 },
    { name: 'phone', type: 'string', label: '联系电话', rules: ['phone'], maxLength: 20 },
    { name: 'address', type: 'string', label: '办公地址', rules: ['len200'], maxLength: 200 },
    { name: 'displayorder', type: 'integer', label: '排序', default: 0, min: 0, sortable: true },
  ],
});
