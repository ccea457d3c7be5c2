import { defineEntity, standardCalls } from '../entity';
import { publishStatusField, visitCountField } from './common';

/** 公众号资讯: articles of the zone's WeChat official account, mirrored on the site. */
export const officialAccountArticleEntity = defineEntity({
  name: 'tWxgzh',
  table: 't_wxgzh',
  label: '公众号资讯',
  screen: 'officialAccountManagement',
  nameField: 'title',
  defaultOrder: [{ field: 'publishDate', direction: 'desc' }],
  calls: standardCalls(),
  fields: [
    { name: 'title', type: 'string', label: '标题', required: true, rules: ['notBlank', 'len200'], maxLength: 200, search: 'like', sortable: true },
    { name: 'author', type: 'string', label: '作者', rules: ['len60'], maxLength: 60, search: 'like' },
    { name: 'cover', type: 'images', label: '封面图', widget: 'single' },
    { name: 'summary', type: 'string', label: '摘要', rules: ['len200'], maxLength: 200, list: false, widget: 'textarea' },
    { name: 'url', type: 'string', label: '原文链接', maxLength: 500, rules: ['link'], list: false, help: '公众号文章地址，以 https:// 开头' },
    { name: 'content', type: 'richText', label: '正文' },
    { name: 'publishDate', type: 'date', label: '发布日期', search: 'range', sortable: true },
    publishStatusField,
    visitCountField,
  ],
});
