import { defineEntity, standardCalls } from '../entity';
import { displayOrderField, parcelIdField } from './common';

/**
 * 全景标注: hotspots on a parcel's 360° panorama (its `panorama` image). Position in degrees:
 * yaw -180…180 (0 = the image centre, east positive), pitch -90…90 (up positive). The back
 * office saves a parcel's whole set at once (/api/tLandinfo/addListTphotoSphereMarkers).
 */
export const photoSphereMarkerEntity = defineEntity({
  name: 'tPhotoSphereMarker',
  table: 't_photosphere_marker',
  label: '全景标注',
  nameField: 'title',
  defaultOrder: [
    { field: 'dkid', direction: 'asc' },
    { field: 'displayorder', direction: 'asc' },
  ],
  calls: standardCalls(),
  excel: false,
  fields: [
    { ...parcelIdField, required: true },
    { name: 'markerId', type: 'string', label: '标注编号', required: true, rules: ['notBlank'], maxLength: 64, help: '同一地块内不重复，全景查看器用它识别标注' },
    { name: 'title', type: 'string', label: '标注标题', required: true, rules: ['notBlank', 'len60'], maxLength: 60 },
    { name: 'content', type: 'text', label: '标注说明', rules: ['len2000'], maxLength: 2000 },
    { name: 'yaw', type: 'number', label: '水平角', unit: '°', required: true, min: -180, max: 180, precision: 2 },
    { name: 'pitch', type: 'number', label: '俯仰角', unit: '°', required: true, min: -90, max: 90, precision: 2 },
    { name: 'image', type: 'images', label: '标注图片', widget: 'single' },
    { name: 'icon', type: 'string', label: '图标', maxLength: 200, list: false, help: '图标名称或图片地址' },
    displayOrderField,
  ],
});
