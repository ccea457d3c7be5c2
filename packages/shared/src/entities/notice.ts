import { defineEntity, standardCalls } from '../entity';
import { publishStatusField, visitCountField } from './common';

/** 通知公告: transfer announcements, deal publicity, notices (public 通知公告 page). */
export const noticeEntity = defineEntity({
  name: 'tTzgg',
  table: 't_tzgg',
  label: '通知公告',
  screen: 'tzggManagement',
  nameField: 'title',
  defaultOrder: [
    { field: 'isTop', direction: 'desc' },
    { field: 'publishDate', direction: 'desc' },
  ],
  calls: standardCalls({ byName: ['selectByName'] }),
  fields: [
    { name: 'title', type: 'string', label: '标题', required: true, rules: ['notBlank', 'len200'], maxLength: 200, search: 'like', sortable: true },
    { name: 'type', type: 'enum', label: '公告类型', required: true, search: 'eq', options: [
      { value: 'transfer', label: '出让公告' },
      { value: 'deal', label: '成交公示' },
      { value: 'notice', label: '通知' },
      { value: 'announcement', label: '公告' },
    ] },
    { name: 'number', type: 'string', label: '公告编号', rules: ['len60'], maxLength: 60, search: 'like' },
    { name: 'publishDate', type: 'date', label: '发布日期', search: 'range', sortable: true },
    { name: 'source', type: 'string', label: '发布单位', rules: ['len60'], maxLength: 60 },
    { name: 'content', type: 'richText', label: '正文' },
    { name: 'attachments', type: 'files', label: '附件' },
    publishStatusField,
    { name: 'isTop', type: 'boolean', label: '置顶', default: 0, widget: 'switch', sortable: true },
    visitCountField,
  ],
});
