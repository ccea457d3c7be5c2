import { defineEntity, standardCalls } from '../entity';
import { ENABLE_STATUS, MESSAGE_TYPES } from './common';

/** 消息模板: WeChat subscription-message templates the platform sends from. */
export const messageTemplateEntity = defineEntity({
  name: 'tMessage',
  table: 't_message',
  label: '订阅消息模板',
  screen: 'messageManagerment',
  nameField: 'title',
  defaultOrder: [{ field: 'createdAt', direction: 'asc' }],
  calls: standardCalls(),
  fields: [
    { name: 'templateId', type: 'string', label: '模板ID', required: true, rules: ['notBlank'], maxLength: 64, search: 'eq', help: '微信公众平台订阅消息的模板编号' },
    { name: 'title', type: 'string', label: '模板标题', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like' },
    { name: 'type', type: 'enum', label: '消息类型', required: true, search: 'eq', options: MESSAGE_TYPES },
    { name: 'content', type: 'text', label: '模板内容', rules: ['len2000', 'templateKeywords'], maxLength: 2000, help: '关键词占位符，如 {{thing1.DATA}}' },
    { name: 'page', type: 'string', label: '跳转页面', maxLength: 200, list: false, help: '小程序页面路径，如 pages/land/detail' },
    { name: 'status', type: 'enum', label: '状态', required: true, default: '1', search: 'eq', options: ENABLE_STATUS },
  ],
});

/** 用户消息: messages delivered to a user (the personal centre's message list). */
export const userMessageEntity = defineEntity({
  name: 'tMessageuser',
  table: 't_messageuser',
  label: '用户消息',
  screen: 'messageList',
  nameField: 'title',
  defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
  // batchAddMessage is the server's own call (routes/messages.ts): it sends through the outbox.
  calls: standardCalls({ batchDelete: ['batchDeleteMessage'] }),
  fields: [
    { name: 'userId', type: 'string', label: '接收用户', required: true, maxLength: 32, index: true, search: 'eq', visitor: true },
    { name: 'title', type: 'string', label: '消息标题', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like' },
    { name: 'content', type: 'text', label: '消息内容', rules: ['len2000'], maxLength: 2000 },
    { name: 'type', type: 'enum', label: '消息类型', required: true, search: 'eq', options: MESSAGE_TYPES },
    { name: 'isRead', type: 'boolean', label: '已读', default: 0, widget: 'switch', search: 'eq' },
    { name: 'readAt', type: 'datetime', label: '阅读时间', sortable: true },
    { name: 'sourceId', type: 'string', label: '关联记录', maxLength: 32, index: true, list: false, help: '消息所指的地块、公告或咨询的编号' },
  ],
});
