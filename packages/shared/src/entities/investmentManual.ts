import { defineEntity, standardCalls } from '../entity';
import { districtField, publishStatusField } from './common';

/** 招商手册: investment-promotion manuals of a district or industry, offered as documents. */
export const investmentManualEntity = defineEntity({
  name: 'tZssc',
  table: 't_zssc',
  label: '招商手册',
  screen: 'landManagement_zsscgl',
  nameField: 'title',
  defaultOrder: [{ field: 'publishDate', direction: 'desc' }],
  calls: standardCalls(),
  fields: [
    { name: 'title', type: 'string', label: '手册标题', required: true, rules: ['notBlank', 'len200'], maxLength: 200, search: 'like', sortable: true },
    { name: 'manualType', type: 'enum', label: '手册类型', search: 'eq', options: [
      { value: 'district', label: '片区招商手册' },
      { value: 'industry', label: '产业招商手册' },
      { value: 'general', label: '综合招商手册' },
    ] },
    districtField,
    { name: 'cover', type: 'images', label: '封面图', widget: 'single' },
    { name: 'summary', type: 'text', label: '内容简介', rules: ['len2000'], maxLength: 2000 },
    { name: 'attachments', type: 'files', label: '手册文件', help: 'PDF 或 Word' },
    { name: 'publishDate', type: 'date', label: '发布日期', search: 'range', sortable: true },
    publishStatusField,
  ],
});
