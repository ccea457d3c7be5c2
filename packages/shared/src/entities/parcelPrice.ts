import { defineEntity } from '../entity';
import { parcelIdField } from './common';

export const PRICE_TYPES = [
  { value: 'starting', label: '起始价' },
  { value: 'appraised', label: '评估价' },
  { value: 'deal', label: '成交价' },
  { value: 'benchmark', label: '基准地价' },
];

export const PRICE_UNITS = [
  { value: 'wan', label: '万元' },
  { value: 'yuanPerM2', label: '元/㎡' },
  { value: 'wanPerMu', label: '万元/亩' },
];

/** 地块价格: price records of a parcel (the "price management" screen). */
export const parcelPriceEntity = defineEntity({
  name: 'tDkxq',
  table: 't_dkxq',
  label: '地块价格',
  screen: 'price',
  nameField: 'priceType',
  defaultOrder: [{ field: 'priceDate', direction: 'desc' }],
  calls: {
    page: ['selectByPage'],
    obj: ['selectByObj'],
    get: ['selectById'],
    create: ['addPrice'],
    update: ['updatePrice'],
    batchCreate: ['addListTDkxq'],
    deleteById: ['deleteById'],
    batchDelete: ['batchDelete'],
    export: ['exportExcel'],
    import: ['importExcel'],
  },
  fields: [
    { ...parcelIdField, required: true },
    { name: 'priceType', type: 'enum', label: '价格类型', required: true, search: 'eq', options: PRICE_TYPES },
    { name: 'price', type: 'number', label: '价格', required: true, min: 0, precision: 2, sortable: true, search: 'range' },
    { name: 'unit', type: 'enum', label: '价格单位', required: true, default: 'wan', options: PRICE_UNITS },
    { name: 'priceDate', type: 'date', label: '价格日期', sortable: true, search: 'range' },
    { name: 'source', type: 'string', label: '价格来源', rules: ['len200'], maxLength: 200, help: '如：出让公告、估价报告备案号、成交公示' },
  ],
});
