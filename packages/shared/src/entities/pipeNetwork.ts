import { defineEntity } from '../entity';
import { parcelIdField, remarkField } from './common';

/** 管网: utility networks next to a parcel (where the parcel can connect, and with what). */
export const pipeNetworkEntity = defineEntity({
  name: 'tPipenetwork',
  table: 't_pipenetwork',
  label: '管网',
  screen: 'pipeNetwork',
  nameField: 'name',
  defaultOrder: [
    { field: 'dkid', direction: 'asc' },
    { field: 'type', direction: 'asc' },
  ],
  calls: {
    page: ['selectPipenetworkByPage'],
    save: ['addOrUpdate'],
    batchSave: ['addOrUpdatePipenetworkList'],
    obj: ['selectPipeNetworkByDkId'],
    batchDelete: ['batchPipenetworkDelete'],
    export: ['exportExcel'],
    import: ['importExcel'],
  },
  fields: [
    { ...parcelIdField, required: true },
    { name: 'name', type: 'string', label: '管线名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like' },
    { name: 'type', type: 'enum', label: '管线类型', required: true, search: 'eq', options: [
      { value: 'water', label: '给水' },
      { value: 'drainage', label: '排水' },
      { value: 'rain', label: '雨水' },
      { value: 'sewage', label: '污水' },
      { value: 'gas', label: '燃气' },
      { value: 'power', label: '电力' },
      { value: 'telecom', label: '通信' },
      { value: 'heat', label: '热力' },
    ] },
    { name: 'diameter', type: 'number', label: '管径', unit: 'mm', min: 0, precision: 0 },
    { name: 'material', type: 'string', label: '管材', rules: ['len60'], maxLength: 60 },
    { name: 'capacity', type: 'string', label: '供应能力', rules: ['len60'], maxLength: 60, help: '如：2万m³/日、10kV双回路' },
    { name: 'pressureClass', type: 'enum', label: '压力等级', options: [
      { value: 'gravity', label: '重力流' },
      { value: 'low', label: '低压' },
      { value: 'medium', label: '中压' },
      { value: 'subHigh', label: '次高压' },
      { value: 'high', label: '高压' },
    ] },
    { name: 'buryDepth', type: 'number', label: '埋深', unit: 'm', min: 0 },
    { name: 'accessDistance', type: 'number', label: '距接入点', unit: 'm', min: 0, help: '地块红线到最近接入点的距离' },
    { name: 'ownerUnit', type: 'string', label: '权属单位', rules: ['len60'], maxLength: 60, search: 'like' },
    remarkField,
    { name: 'geometry', type: 'geometry', label: '管线走向', help: '线（LineString），经纬度' },
  ],
});
