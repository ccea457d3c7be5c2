import { defineEntity, standardCalls } from '../entity';

/**
 * 咨询: a visitor's question and the office's answer. Saving an answer to a waiting
 * question marks it answered (server hook tProblem).
 */
export const consultationEntity = defineEntity({
  name: 'tProblem',
  table: 't_problem',
  label: '咨询',
  screen: 'problem',
  nameField: 'title',
  defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
  calls: standardCalls({ byName: ['selectTpByName'] }),
  fields: [
    { name: 'title', type: 'string', label: '咨询标题', required: true, rules: ['notBlank', 'len200'], maxLength: 200, search: 'like' },
    { name: 'category', type: 'enum', label: '咨询类别', search: 'eq', options: [
      { value: 'landPolicy', label: '用地政策' },
      { value: 'investment', label: '招商政策' },
      { value: 'approval', label: '项目审批' },
      { value: 'transaction', label: '土地交易' },
      { value: 'other', label: '其他' },
    ] },
    { name: 'content', type: 'text', label: '咨询内容', required: true, rules: ['notBlank', 'len2000'], maxLength: 2000 },
    { name: 'askerName', type: 'string', label: '咨询人', rules: ['len60'], maxLength: 60, search: 'like' },
    { name: 'askerPhone', type: 'string', label: '联系电话', rules: ['phone'], maxLength: 20 },
    { name: 'sqdw', type: 'string', label: '所在单位', rules: ['len200'], maxLength: 200, search: 'like' },
    { name: 'visitorId', type: 'string', label: '访客编号', maxLength: 32, index: true, list: false, help: '公众端提问时记录的访客账号' },
    { name: 'status', type: 'enum', label: '处理状态', default: '0', search: 'eq', options: [
      { value: '0', label: '待回复' },
      { value: '1', label: '已回复' },
      { value: '2', label: '已关闭' },
    ] },
    { name: 'isPublic', type: 'boolean', label: '公开展示', default: 1, widget: 'switch', help: '已回复的咨询是否在公众端展示' },
    { name: 'answer', type: 'text', label: '回复内容', rules: ['len2000'], maxLength: 2000 },
    { name: 'answeredBy', type: 'string', label: '回复人', maxLength: 32, form: false, list: false },
    { name: 'answeredAt', type: 'datetime', label: '回复时间', form: false, sortable: true },
  ],
});
