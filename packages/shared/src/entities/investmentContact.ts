import { defineEntity, standardCalls } from '../entity';
import { displayOrderField, districtField, enableStatusField } from './common';

/** 招商联系人: the people investors call, listed on the public investment pages. */
export const investmentContactEntity = defineEntity({
  name: 'tInvestmentLinkman',
  table: 't_investment_linkman',
  label: '招商联系人',
  screen: 'merchants',
  nameField: 'name',
  defaultOrder: [{ field: 'displayorder', direction: 'asc' }],
  calls: standardCalls({
    byName: ['selectByName'],
    batchDelete: ['batchDeleteLinkMan'],
    save: ['addOrUpdateLinkman'],
  }),
  fields: [
    { name: 'name', type: 'string', label: '姓名', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like', sortable: true },
    { name: 'position', type: 'string', label: '职务', rules: ['len60'], maxLength: 60 },
    { name: 'unit', type: 'string', label: '所在单位', rules: ['len200'], maxLength: 200, search: 'like' },
    { name: 'phone', type: 'string', label: '联系电话', required: true, rules: ['phone'], maxLength: 20 },
    { name: 'email', type: 'string', label: '电子邮箱', rules: ['email'], maxLength: 100 },
    { ...districtField, label: '负责片区' },
    { name: 'duties', type: 'string', label: '负责领域', rules: ['len200'], maxLength: 200, list: false, widget: 'textarea', help: '如：智能制造、生物医药项目招引' },
    displayOrderField,
    enableStatusField,
    { name: 'photo', type: 'images', label: '照片', widget: 'single' },
  ],
});
