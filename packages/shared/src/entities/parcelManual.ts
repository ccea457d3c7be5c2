import { defineEntity, standardCalls } from '../entity';
import { parcelIdField } from './common';

/** 地块招商手册: the investment manual of one parcel (exported as Word/PDF), one per parcel. */
export const parcelManualEntity = defineEntity({
  name: 'tDkzssc',
  table: 't_dkzssc',
  label: '地块招商手册',
  nameField: 'title',
  upsertKey: ['dkid'],
  calls: standardCalls(),
  fields: [
    { ...parcelIdField, required: true },
    { name: 'title', type: 'string', label: '手册标题', required: true, rules: ['notBlank', 'len200'], maxLength: 200, search: 'like' },
    { name: 'content', type: 'richText', label: '手册内容' },
    { name: 'files', type: 'files', label: '手册文件', help: 'PDF 或 Word' },
  ],
});
