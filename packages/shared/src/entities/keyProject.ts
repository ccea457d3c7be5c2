import { defineEntity, standardCalls } from '../entity';
import { displayOrderField, districtField, publishStatusField } from './common';

/** 重点项目: the zone's key projects and their progress (public 重点项目 page). */
export const keyProjectEntity = defineEntity({
  name: 'tKeyproject',
  table: 't_keyproject',
  label: '重点项目',
  screen: 'keyProjectManagement',
  nameField: 'name',
  defaultOrder: [
    { field: 'displayorder', direction: 'asc' },
    { field: 'totalInvestment', direction: 'desc' },
  ],
  calls: standardCalls(),
  fields: [
    { name: 'name', type: 'string', label: '项目名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like', sortable: true },
    { name: 'investor', type: 'string', label: '投资主体', rules: ['len200'], maxLength: 200, search: 'like' },
    { name: 'industry', type: 'string', label: '所属行业', rules: ['len60'], maxLength: 60, search: 'like' },
    { name: 'totalInvestment', type: 'number', label: '总投资', unit: '万元', min: 0, sortable: true, search: 'range' },
    { name: 'annualInvestment', type: 'number', label: '年度计划投资', unit: '万元', min: 0, sortable: true },
    districtField,
    { name: 'stage', type: 'enum', label: '项目阶段', required: true, search: 'eq', options: [
      { value: 'signed', label: '签约' },
      { value: 'started', label: '开工' },
      { value: 'building', label: '在建' },
      { value: 'completed', label: '竣工' },
      { value: 'producing', label: '投产' },
    ] },
    { name: 'startDate', type: 'date', label: '开工日期', sortable: true },
    { name: 'plannedCompletion', type: 'date', label: '计划竣工日期', sortable: true },
    { name: 'progress', type: 'integer', label: '形象进度', unit: '%', min: 0, max: 100, sortable: true },
    { name: 'description', type: 'text', label: '建设内容', rules: ['len2000'], maxLength: 2000 },
    { name: 'images', type: 'images', label: '项目图片' },
    displayOrderField,
    publishStatusField,
  ],
});
