import { defineEntity, standardCalls } from '../entity';
import { displayOrderField, parcelIdField } from './common';

/** 地块优势: a parcel's selling points, shown as icon cards on its detail page. */
export const parcelAdvantageEntity = defineEntity({
  name: 'tDkys',
  table: 't_dkys',
  label: '地块优势',
  screen: 'dkysManagement',
  nameField: 'title',
  defaultOrder: [
    { field: 'dkid', direction: 'asc' },
    { field: 'displayorder', direction: 'asc' },
  ],
  calls: standardCalls(),
  fields: [
    parcelIdField,
    { name: 'title', type: 'string', label: '优势标题', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like' },
    { name: 'content', type: 'text', label: '优势说明', rules: ['len2000'], maxLength: 2000 },
    { name: 'icon', type: 'images', label: '图标', widget: 'single' },
    displayOrderField,
  ],
});
