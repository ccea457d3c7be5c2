import { defineEntity, standardCalls } from '../entity';
import { contactField, districtField, phoneField, remarkField } from './common';

/** 前期项目: projects being negotiated that will need land. */
export const prophaseProjectEntity = defineEntity({
  name: 'tProphaseproject',
  table: 't_prophaseproject',
  label: '前期项目',
  screen: 'prophaseProjectManagement',
  nameField: 'projectName',
  defaultOrder: [{ field: 'createdAt', direction: 'desc' }],
  calls: standardCalls(),
  fields: [
    { name: 'projectName', type: 'string', label: '项目名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like', sortable: true },
    { name: 'investor', type: 'string', label: '投资方', rules: ['len200'], maxLength: 200, search: 'like' },
    { name: 'industry', type: 'string', label: '所属行业', rules: ['len60'], maxLength: 60, search: 'like' },
    { name: 'plannedInvestment', type: 'number', label: '计划总投资', unit: '万元', min: 0, sortable: true, search: 'range' },
    { name: 'landDemand', type: 'number', label: '用地需求', unit: '亩', min: 0, sortable: true },
    { ...districtField, label: '意向片区' },
    { name: 'stage', type: 'enum', label: '推进阶段', required: true, search: 'eq', options: [
      { value: 'contact', label: '初步接洽' },
      { value: 'negotiation', label: '意向洽谈' },
      { value: 'evaluation', label: '评估论证' },
      { value: 'toSign', label: '拟签约' },
    ] },
    contactField,
    phoneField,
    { name: 'startDate', type: 'date', label: '计划开工日期', sortable: true },
    { name: 'description', type: 'text', label: '项目概况', rules: ['len2000'], maxLength: 2000 },
    remarkField,
  ],
});
