import { defineEntity, standardCalls, type FieldOption } from '../entity';
import { displayOrderField, districtField, enableStatusField } from './common';
import { PLACE_TYPES } from './parcelDistance';
import { FACILITY_TYPES } from './parcelFacility';

/**
 * Kinds of facility in the dictionary: what a parcel's surroundings list (周边配套) and the key
 * places its distances are measured to (区位距离), plus the centre of the zone.
 */
export const FACILITY_DICTIONARY_TYPES: FieldOption[] = [
  ...FACILITY_TYPES,
  ...PLACE_TYPES.filter((p) => !FACILITY_TYPES.some((f) => f.value === p.value)),
];

/**
 * 配套设施字典 (selectDicFacility): schools, hospitals, stations, highway exits, the port and
 * the airport of the zone with their position (CGCS2000 lon-lat). The public map shows them,
 * and without an online map service the surroundings and distances of a parcel are worked
 * out from them.
 */
export const facilityEntity = defineEntity({
  name: 'tFacility',
  table: 't_facility',
  label: '配套设施',
  screen: 'facilityManagement',
  nameField: 'name',
  defaultOrder: [
    { field: 'type', direction: 'asc' },
    { field: 'displayorder', direction: 'asc' },
  ],
  calls: standardCalls(),
  fields: [
    { name: 'name', type: 'string', label: '名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like', sortable: true },
    { name: 'type', type: 'enum', label: '类型', required: true, search: 'eq', options: FACILITY_DICTIONARY_TYPES },
    { name: 'lon', type: 'number', label: '经度', required: true, min: 73, max: 136, precision: 6 },
    { name: 'lat', type: 'number', label: '纬度', required: true, min: 3, max: 54, precision: 6 },
    { name: 'address', type: 'string', label: '地址', rules: ['len200'], maxLength: 200, search: 'like' },
    { ...districtField, label: '所在片区' },
    displayOrderField,
    enableStatusField,
  ],
});
