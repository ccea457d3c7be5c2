import { defineEntity, standardCalls } from '../entity';
import { enableStatusField, remarkField } from './common';

/** 模板: announcement, publicity and document templates the back office fills in. */
export const templateEntity = defineEntity({
  name: 'tTemplate',
  table: 't_template',
  label: '模板',
  screen: 'templateManagement',
  nameField: 'name',
  calls: standardCalls(),
  fields: [
    { name: 'name', type: 'string', label: '模板名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like', sortable: true },
    { name: 'type', type: 'enum', label: '模板类型', required: true, search: 'eq', options: [
      { value: 'transferNotice', label: '出让公告' },
      { value: 'dealNotice', label: '成交公示' },
      { value: 'notice', label: '通知' },
      { value: 'manual', label: '招商手册' },
      { value: 'document', label: 'Word 文书' },
    ] },
    { name: 'content', type: 'richText', label: '模板内容', help: '可用占位符如 {{地块名称}}、{{起始价}}' },
    { name: 'file', type: 'files', label: '模板文件', widget: 'single' },
    enableStatusField,
    remarkField,
  ],
});
