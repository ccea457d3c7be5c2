import { defineEntity, standardCalls } from '../entity';
import { displayOrderField, publishStatusField, visitCountField } from './common';

/** 小程序视频: promotional videos shown in the mini-program. */
export const miniVideoEntity = defineEntity({
  name: 'tWxvideo',
  table: 't_wxvideo',
  label: '小程序视频',
  screen: 'videoManagement',
  nameField: 'title',
  defaultOrder: [{ field: 'displayorder', direction: 'asc' }],
  calls: standardCalls(),
  fields: [
    { name: 'title', type: 'string', label: '视频标题', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like', sortable: true },
    { name: 'category', type: 'enum', label: '分类', search: 'eq', options: [
      { value: 'zone', label: '园区宣传' },
      { value: 'land', label: '地块推介' },
      { value: 'policy', label: '政策解读' },
      { value: 'project', label: '项目风采' },
    ] },
    { name: 'cover', type: 'images', label: '封面图', widget: 'single' },
    { name: 'video', type: 'files', label: '视频文件', widget: 'single', help: 'MP4 格式' },
    { name: 'duration', type: 'integer', label: '时长', unit: '秒', min: 0 },
    { name: 'description', type: 'string', label: '简介', rules: ['len200'], maxLength: 200, list: false, widget: 'textarea' },
    displayOrderField,
    publishStatusField,
    visitCountField,
  ],
});
