import { defineEntity, standardCalls } from '../entity';
import { contactField, phoneField } from './common';

/** 平台公司: the zone's state-owned development, investment and operating companies. */
export const platformCompanyEntity = defineEntity({
  name: 'tPlatformcompany',
  table: 't_platformcompany',
  label: '平台公司',
  screen: 'platform',
  nameField: 'companyName',
  defaultOrder: [{ field: 'createdAt', direction: 'asc' }],
  calls: standardCalls({
    obj: ['selectCompany'],
    byName: ['selectTpByCPName'],
    create: ['addPlatformcompany'],
  }),
  fields: [
    { name: 'companyName', type: 'string', label: '公司名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like', sortable: true, unique: true },
    { name: 'creditCode', type: 'string', label: '统一社会信用代码', maxLength: 18, search: 'eq', help: '18位，由数字和大写字母组成', width: 200 },
    { name: 'companyType', type: 'enum', label: '公司类型', search: 'eq', options: [
      { value: 'construction', label: '开发建设' },
      { value: 'investment', label: '产业投资' },
      { value: 'operation', label: '园区运营' },
      { value: 'service', label: '综合服务' },
    ] },
    { name: 'legalRepresentative', type: 'string', label: '法定代表人', rules: ['len60'], maxLength: 60 },
    { name: 'registeredCapital', type: 'number', label: '注册资本', unit: '万元', min: 0, sortable: true },
    { name: 'establishedDate', type: 'date', label: '成立日期', sortable: true },
    { name: 'businessScope', type: 'text', label: '经营范围', rules: ['len2000'], maxLength: 2000 },
    { name: 'address', type: 'string', label: '注册地址', rules: ['len200'], maxLength: 200, list: false },
    contactField,
    phoneField,
    { name: 'introduction', type: 'text', label: '公司简介', rules: ['len2000'], maxLength: 2000 },
  ],
});
