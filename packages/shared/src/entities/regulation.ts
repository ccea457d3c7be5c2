import { defineEntity, standardCalls } from '../entity';
import { publishStatusField, visitCountField } from './common';

/** 政策法规: laws, regulations and policy documents shown under 招商政策 on the public site. */
export const regulationEntity = defineEntity({
  name: 'tRegulations',
  table: 't_regulations',
  label: '政策法规',
  screen: 'regulations',
  nameField: 'title',
  defaultOrder: [{ field: 'publishDate', direction: 'desc' }],
  calls: standardCalls({
    byName: ['selectByName'],
    batchDelete: ['batchDeleteRegulations'],
  }),
  fields: [
    { name: 'title', type: 'string', label: '标题', required: true, rules: ['notBlank', 'len200'], maxLength: 200, search: 'like', sortable: true },
    { name: 'docNumber', type: 'string', label: '文号', rules: ['len60'], maxLength: 60, search: 'like', help: '如：国办发〔2019〕34号' },
    { name: 'issuingAuthority', type: 'string', label: '发文机关', rules: ['len60'], maxLength: 60, search: 'like' },
    { name: 'category', type: 'enum', label: '政策层级', required: true, search: 'eq', options: [
      { value: 'national', label: '国家' },
      { value: 'provincial', label: '省级' },
      { value: 'municipal', label: '市级' },
      { value: 'zone', label: '开发区' },
    ] },
    { name: 'publishDate', type: 'date', label: '发布日期', search: 'range', sortable: true },
    { name: 'effectiveDate', type: 'date', label: '施行日期', sortable: true },
    { name: 'content', type: 'richText', label: '正文' },
    { name: 'attachments', type: 'files', label: '附件' },
    publishStatusField,
    visitCountField,
  ],
});
