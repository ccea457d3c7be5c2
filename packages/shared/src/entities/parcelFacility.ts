import { defineEntity, standardCalls } from '../entity';
import { displayOrderField, parcelIdField } from './common';

export const FACILITY_TYPES = [
  { value: 'school', label: '学校' },
  { value: 'hospital', label: '医院' },
  { value: 'bus', label: '公交站' },
  { value: 'metro', label: '地铁站' },
  { value: 'shopping', label: '商业' },
  { value: 'bank', label: '银行' },
  { value: 'park', label: '公园' },
  { value: 'hotel', label: '酒店' },
  { value: 'restaurant', label: '餐饮' },
  { value: 'talentHousing', label: '人才公寓' },
  { value: 'government', label: '政务服务' },
  { value: 'gasStation', label: '加油站' },
];

/** 周边配套 (zbpt): facilities around a parcel, shown on its detail page and map. */
export const parcelFacilityEntity = defineEntity({
  name: 'tLandzbpt',
  table: 't_landzbpt',
  label: '周边配套',
  nameField: 'name',
  defaultOrder: [
    { field: 'dkid', direction: 'asc' },
    { field: 'distanceM', direction: 'asc' },
  ],
  calls: standardCalls({ obj: ['getByDkId'] }),
  fields: [
    { ...parcelIdField, required: true },
    { name: 'facilityType', type: 'enum', label: '配套类型', required: true, search: 'eq', options: FACILITY_TYPES },
    { name: 'name', type: 'string', label: '名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like' },
    { name: 'distanceM', type: 'number', label: '距离', unit: 'm', min: 0, max: 100000, precision: 0, sortable: true },
    { name: 'address', type: 'string', label: '地址', rules: ['len200'], maxLength: 200, list: false },
    { name: 'lon', type: 'number', label: '经度', min: -180, max: 180, precision: 6, list: false },
    { name: 'lat', type: 'number', label: '纬度', min: -90, max: 90, precision: 6, list: false },
    displayOrderField,
  ],
});
