import { defineEntity, standardCalls } from '../entity';
import { displayOrderField, parcelIdField } from './common';

export const PLACE_TYPES = [
  { value: 'airport', label: '机场' },
  { value: 'railway', label: '高铁站/火车站' },
  { value: 'highwayExit', label: '高速出口' },
  { value: 'port', label: '港口' },
  { value: 'centre', label: '市中心' },
  { value: 'school', label: '学校' },
  { value: 'hospital', label: '医院' },
];

/** 区位距离: distance and drive time from a parcel to the key places investors ask about. */
export const parcelDistanceEntity = defineEntity({
  name: 'tDistance',
  table: 't_distance',
  label: '区位距离',
  nameField: 'placeName',
  defaultOrder: [
    { field: 'dkid', direction: 'asc' },
    { field: 'displayorder', direction: 'asc' },
  ],
  calls: standardCalls(),
  fields: [
    { ...parcelIdField, required: true },
    { name: 'placeName', type: 'string', label: '地点名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like' },
    { name: 'placeType', type: 'enum', label: '地点类型', required: true, search: 'eq', options: PLACE_TYPES },
    { name: 'distanceKm', type: 'number', label: '距离', unit: '公里', min: 0, max: 2000, precision: 1, sortable: true },
    { name: 'driveMinutes', type: 'integer', label: '车程', unit: '分钟', min: 0, max: 1440, sortable: true },
    { name: 'lon', type: 'number', label: '经度', min: -180, max: 180, precision: 6, list: false },
    { name: 'lat', type: 'number', label: '纬度', min: -90, max: 90, precision: 6, list: false },
    displayOrderField,
  ],
});
