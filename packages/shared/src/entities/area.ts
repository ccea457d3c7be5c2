import { defineEntity, standardCalls } from '../entity';

/** 片区: districts of the development zone (SPEC §3 Area). */
export const areaEntity = defineEntity({
  name: 'tArea',
  table: 't_area',
  label: '片区',
  screen: 'regional',
  nameField: 'areaname',
  defaultOrder: [{ field: 'displayorder', direction: 'asc' }],
  calls: standardCalls({
    create: ['addArea'],
    update: ['updateArea'],
    byName: ['selectByAreaname'],
    batchDelete: ['batchDeleteArea'],
  }),
  fields: [
    { name: 'areaname', type: 'string', label: '片区名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like', sortable: true, unique: true },
    { name: 'areacode', type: 'string', label: '片区编码', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'eq', sortable: true, unique: true },
    { name: 'cantoncode', type: 'string', label: '行政区划代码', rules: ['divisionCode'], maxLength: 12, search: 'eq', help: '6位县级或9位乡镇级行政区划代码' },
    { name: 'type', type: 'enum', label: '片区类型', search: 'eq', options: [
      { value: 'industry', label: '产业园区' },
      { value: 'logistics', label: '物流园区' },
      { value: 'innovation', label: '科创园区' },
      { value: 'town', label: '综合片区' },
    ] },
    { name: 'status', type: 'enum', label: '状态', required: true, default: '1', search: 'eq', options: [
      { value: '1', label: '启用' },
      { value: '0', label: '停用' },
    ] },
    { name: 'displayorder', type: 'integer', label: '排序', default: 0, min: 0, sortable: true },
    { name: 'planArea', type: 'number', label: '规划面积', unit: '平方公里', min: 0, precision: 2 },
    { name: 'leadingIndustry', type: 'string', label: '主导产业', rules: ['len200'], maxLength: 200 },
    { name: 'address', type: 'string', label: '地址', rules: ['len200'], maxLength: 200, list: false },
    { name: 'introduction', type: 'richText', label: '片区介绍' },
    { name: 'images', type: 'images', label: '片区图片' },
    { name: 'boundary', type: 'geometry', label: '片区范围' },
  ],
});
