import { defineEntity } from '../entity';
import { districtField, publishStatusField, visitCountField } from './common';

/** 招商活动: investment-promotion events and news, edited on a rich-text page (addZshd / editZshd). */
export const investmentEventEntity = defineEntity({
  name: 'tZshd',
  table: 't_zshd',
  label: '招商活动',
  screen: 'zshdManagement',
  nameField: 'title',
  defaultOrder: [{ field: 'eventDate', direction: 'desc' }],
  calls: {
    page: ['selectZshdByPage'],
    get: ['selectById'],
    save: ['addOrUpdateZshd'],
    batchDelete: ['batchDeleteZshd'],
  },
  fields: [
    { name: 'title', type: 'string', label: '标题', required: true, rules: ['notBlank', 'len200'], maxLength: 200, search: 'like', sortable: true },
    { name: 'type', type: 'enum', label: '类型', required: true, search: 'eq', options: [
      { value: 'promotion', label: '招商推介会' },
      { value: 'signing', label: '项目签约' },
      { value: 'policy', label: '政策发布' },
      { value: 'news', label: '新闻动态' },
    ] },
    districtField,
    { name: 'eventDate', type: 'date', label: '活动日期', search: 'range', sortable: true },
    { name: 'location', type: 'string', label: '活动地点', rules: ['len200'], maxLength: 200, list: false },
    { name: 'cover', type: 'images', label: '封面图', widget: 'single' },
    { name: 'summary', type: 'string', label: '摘要', rules: ['len200'], maxLength: 200, list: false, widget: 'textarea' },
    { name: 'content', type: 'richText', label: '正文' },
    { name: 'attachments', type: 'files', label: '附件' },
    publishStatusField,
    visitCountField,
  ],
});
