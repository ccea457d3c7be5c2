import { defineEntity, standardCalls } from '../entity';
import { areaFields, contactField, districtField, landClassField, phoneField, visitCountField } from './common';

/** 二级市场: land-use rights offered for transfer, lease or mortgage between companies. */
export const secondMarketEntity = defineEntity({
  name: 'tSecondmarket',
  table: 't_secondmarket',
  label: '二级市场信息',
  screen: 'secondMarketManagement',
  nameField: 'title',
  defaultOrder: [{ field: 'publishDate', direction: 'desc' }],
  calls: standardCalls(),
  fields: [
    { name: 'title', type: 'string', label: '标题', required: true, rules: ['notBlank', 'len200'], maxLength: 200, search: 'like', sortable: true },
    { name: 'transactionType', type: 'enum', label: '交易类型', required: true, search: 'eq', options: [
      { value: 'transfer', label: '转让' },
      { value: 'lease', label: '出租' },
      { value: 'mortgage', label: '抵押' },
    ] },
    { name: 'location', type: 'string', label: '土地坐落', rules: ['len200'], maxLength: 200 },
    districtField,
    ...areaFields('area', '土地面积'),
    landClassField,
    { name: 'price', type: 'number', label: '意向价格', unit: '万元', min: 0, sortable: true, search: 'range', help: '出租为年租金' },
    { name: 'remainingYears', type: 'number', label: '剩余使用年限', unit: '年', min: 0, precision: 1 },
    { name: 'sellerCompany', type: 'string', label: '权利人', rules: ['len200'], maxLength: 200, search: 'like' },
    contactField,
    phoneField,
    { name: 'description', type: 'text', label: '详细说明', rules: ['len2000'], maxLength: 2000 },
    { name: 'images', type: 'images', label: '图片' },
    { name: 'publishDate', type: 'date', label: '发布日期', search: 'range', sortable: true },
    { name: 'status', type: 'enum', label: '状态', required: true, default: 'pending', search: 'eq', options: [
      { value: 'pending', label: '待审核' },
      { value: 'published', label: '已发布' },
      { value: 'dealt', label: '已成交' },
      { value: 'withdrawn', label: '已撤回' },
    ] },
    visitCountField,
  ],
});
