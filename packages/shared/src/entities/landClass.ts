import { defineEntity } from '../entity';
import { displayOrderField } from './common';

/**
 * 地类: the land-use class tree, by default the 2023 国土空间调查、规划、用途管制用地用海分类.
 * `aliases` lists codes of the older schemes that map onto a class (GB/T 21010-2017 digit
 * codes, GB 50137-2011 letters), so data arriving in those codes can be placed in the tree.
 * `level` is derived from the parent on save (server hook tDl).
 */
export const landClassEntity = defineEntity({
  name: 'tDl',
  table: 't_dl',
  label: '地类',
  screen: 'Dl',
  nameField: 'name',
  tree: { parentField: 'parentCode', valueField: 'code' },
  defaultOrder: [
    { field: 'displayorder', direction: 'asc' },
    { field: 'code', direction: 'asc' },
  ],
  calls: {
    tree: ['selectDLTreeList'],
    page: ['selectByPage'],
    obj: ['selectByObj'],
    save: ['addOrUpdateDl'],
    batchDelete: ['batchDeleteDl'],
    export: ['exportExcel'],
    import: ['importExcel'],
  },
  fields: [
    { name: 'code', type: 'string', label: '地类代码', required: true, rules: ['notBlank'], maxLength: 20, unique: true, search: 'like', sortable: true },
    { name: 'name', type: 'string', label: '地类名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like' },
    { name: 'parentCode', type: 'tree', label: '上级地类', tree: { entity: 'tDl', valueField: 'code', labelField: 'name' }, search: 'eq' },
    { name: 'level', type: 'integer', label: '层级', min: 1, max: 4, form: false, search: 'eq' },
    { name: 'scheme', type: 'enum', label: '分类标准', required: true, default: '2023', search: 'eq', options: [
      { value: '2023', label: '国土空间调查、规划、用途管制用地用海分类指南（2023）' },
      { value: 'GB21010', label: '土地利用现状分类 GB/T 21010-2017' },
      { value: 'GB50137', label: '城市用地分类与规划建设用地标准 GB 50137-2011' },
    ] },
    { name: 'aliases', type: 'string', label: '旧标准代码', rules: ['len200'], maxLength: 200, search: 'like', help: '逗号分隔：GB/T 21010-2017 数字代码、GB 50137-2011 字母代码，如 0601,M' },
    { name: 'description', type: 'text', label: '含义', rules: ['len2000'], maxLength: 2000 },
    displayOrderField,
  ],
});
