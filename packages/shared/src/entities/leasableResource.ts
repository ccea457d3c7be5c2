import { defineEntity, standardCalls } from '../entity';
import { contactField, districtField, phoneField } from './common';

/** 可出租资源: standard factory buildings, warehouses, offices and land offered for lease. */
export const leasableResourceEntity = defineEntity({
  name: 'tKczy',
  table: 't_kczy',
  label: '可出租资源',
  screen: 'kczyManagement',
  nameField: 'name',
  defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
  calls: standardCalls(),
  fields: [
    { name: 'name', type: 'string', label: '资源名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like', sortable: true },
    districtField,
    { name: 'address', type: 'string', label: '地址', rules: ['len200'], maxLength: 200, list: false },
    { name: 'type', type: 'enum', label: '资源类型', required: true, search: 'eq', options: [
      { value: 'factory', label: '标准厂房' },
      { value: 'warehouse', label: '仓库' },
      { value: 'office', label: '办公楼' },
      { value: 'land', label: '土地' },
    ] },
    { name: 'buildingArea', type: 'number', label: '可租面积', unit: '㎡', min: 0, sortable: true, search: 'range' },
    { name: 'rent', type: 'number', label: '租金', unit: '元/㎡·月', min: 0, sortable: true, search: 'range' },
    { name: 'floors', type: 'integer', label: '层数', unit: '层', rules: ['positiveInt'], min: 1 },
    { name: 'floorHeight', type: 'number', label: '层高', unit: 'm', min: 0 },
    { name: 'floorLoad', type: 'number', label: '楼面荷载', unit: 'kg/㎡', min: 0 },
    contactField,
    phoneField,
    { name: 'description', type: 'text', label: '资源介绍', rules: ['len2000'], maxLength: 2000 },
    { name: 'images', type: 'images', label: '图片' },
    { name: 'status', type: 'enum', label: '出租状态', required: true, default: 'available', search: 'eq', options: [
      { value: 'available', label: '可租' },
      { value: 'leased', label: '已租' },
    ] },
    // The lease term the scheduled reminder watches (租期到期提醒 to the tenant's WeChat users).
    { name: 'tenant', type: 'string', label: '承租单位', rules: ['len200'], maxLength: 200, search: 'like', list: false },
    { name: 'leaseEnd', type: 'date', label: '租期截止日', sortable: true, search: 'range', list: false },
  ],
});
