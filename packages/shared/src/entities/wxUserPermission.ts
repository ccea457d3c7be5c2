import { defineEntity, standardCalls } from '../entity';
import { ENABLE_STATUS, MESSAGE_TYPES, remarkField } from './common';

/** 微信用户权限: which mini-program users receive which reminders, e.g. lease expiry. */
export const wxUserPermissionEntity = defineEntity({
  name: 'tWxuserpermission',
  table: 't_wxuserpermission',
  label: '微信用户权限',
  screen: 'wxuserpermission',
  nameField: 'nickname',
  defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
  calls: standardCalls({
    page: ['selectWxuserByPage'],
    create: ['add'],
  }),
  fields: [
    { name: 'openid', type: 'string', label: 'OpenID', required: true, rules: ['notBlank'], maxLength: 64, index: true, search: 'eq' },
    { name: 'nickname', type: 'string', label: '微信昵称', rules: ['len60'], maxLength: 60, search: 'like' },
    { name: 'realName', type: 'string', label: '姓名', rules: ['len60'], maxLength: 60, search: 'like' },
    { name: 'phone', type: 'string', label: '手机号码', rules: ['phone'], maxLength: 20, search: 'eq' },
    { name: 'company', type: 'string', label: '所在单位', rules: ['len200'], maxLength: 200, search: 'like' },
    { name: 'permission', type: 'enum', label: '权限', required: true, default: 'leaseExpiry', search: 'eq', options: MESSAGE_TYPES },
    { name: 'status', type: 'enum', label: '状态', required: true, default: '1', search: 'eq', options: ENABLE_STATUS },
    { name: 'expiryDate', type: 'date', label: '权限到期日', sortable: true, search: 'range' },
    remarkField,
  ],
});
