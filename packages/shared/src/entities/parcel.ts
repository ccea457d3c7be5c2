import { defineEntity, standardCalls } from '../entity';
import { PARCEL_STATES, PARCEL_STATE_LABELS, TRADE_STATES, TRADE_STATE_LABELS } from '../lifecycle';
import { SUPPLY_METHODS, areaFields, districtField, landClassField, visitCountField } from './common';

/** A planning range's upper bound is not below its lower bound (checks of parcelEntity). */
const RANGES = ['plotRatio', 'buildingDensity', 'greenRatio'] as const;

const range = (name: (typeof RANGES)[number], label: string, unit: string, max?: number) => [
  { name: `${name}Min`, type: 'number' as const, label: `${label}下限`, unit, min: 0, max, precision: 2, list: false },
  { name: `${name}Max`, type: 'number' as const, label: `${label}上限`, unit, min: 0, max, precision: 2, list: false },
];

/**
 * 地块 (landinfo): the parcel record a land office keeps (DOMAIN.md). Geometry is GeoJSON in
 * lon-lat (CGCS2000); the server derives area, centroid and bounding box from it. `status` is
 * the lifecycle state and changes only through transitions; `tradeState` comes from
 * land-transaction records.
 */
export const parcelEntity = defineEntity({
  name: 'tLandinfo',
  table: 't_landinfo',
  label: '地块',
  screen: 'land',
  nameField: 'dkmc',
  defaultOrder: [{ field: 'updatedAt', direction: 'desc' }],
  checks: RANGES.map((name) => ({ kind: 'order' as const, first: `${name}Min`, then: `${name}Max` })),
  calls: standardCalls({
    byName: ['selectDkByName'],
    batchCreate: ['addListTLandinfo'],
    batchUpdate: ['updateListTLandinfoById'],
  }),
  fields: [
    // Identity
    { name: 'dkbh', type: 'string', label: '宗地编号', required: true, rules: ['notBlank', 'len60'], maxLength: 60, unique: true, search: 'like', sortable: true },
    { name: 'dkmc', type: 'string', label: '地块名称', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like', sortable: true },
    { name: 'dzjgh', type: 'string', label: '电子监管号', rules: ['len60'], maxLength: 60, list: false },
    { ...districtField, label: '所属片区', required: true },
    { name: 'jdcode', type: 'ref', label: '所属街道', ref: { entity: 'tJd', labelField: 'jdname', onDelete: 'restrict' }, search: 'eq', list: false },
    { name: 'xzqdm', type: 'string', label: '行政区代码', rules: ['divisionCode'], maxLength: 12, list: false, help: '6位县级或9位乡镇级行政区划代码' },
    // Location
    { name: 'location', type: 'string', label: '土地坐落', rules: ['len200'], maxLength: 200, search: 'like' },
    { name: 'boundEast', type: 'string', label: '四至（东）', rules: ['len60'], maxLength: 60, list: false },
    { name: 'boundSouth', type: 'string', label: '四至（南）', rules: ['len60'], maxLength: 60, list: false },
    { name: 'boundWest', type: 'string', label: '四至（西）', rules: ['len60'], maxLength: 60, list: false },
    { name: 'boundNorth', type: 'string', label: '四至（北）', rules: ['len60'], maxLength: 60, list: false },
    // Size
    // Required, but checked by the server after filling it from 亩 or the drawn boundary.
    ...areaFields('landArea', '土地面积').map((f, i) => (i === 0 ? { ...f, help: '不填时按折合亩数或地块边界计算' } : f)),
    { name: 'transferArea', type: 'number', label: '出让面积', unit: '㎡', min: 0, precision: 2, list: false },
    { name: 'geometryArea', type: 'number', label: '图形面积', unit: '㎡', precision: 2, min: 0, form: false, list: false },
    // Use
    { ...landClassField, required: true },
    { name: 'plannedUse', type: 'string', label: '规划用途', rules: ['len60'], maxLength: 60, list: false },
    { name: 'zylx', type: 'enum', label: '资源类型', search: 'eq', default: 'transfer', options: [
      { value: 'transfer', label: '出让地块' },
      { value: 'stock', label: '存量地块' },
      { value: 'standard', label: '标准地' },
      { value: 'reserve', label: '储备地块' },
    ] },
    { name: 'displayorder', type: 'integer', label: '排序', default: 0, min: 0, sortable: true, list: false },
    // Planning indicators (ranges with comparators, DOMAIN.md)
    ...range('plotRatio', '容积率', ''),
    ...range('buildingDensity', '建筑密度', '%', 100),
    ...range('greenRatio', '绿地率', '%', 100),
    { name: 'heightLimit', type: 'number', label: '建筑限高', unit: 'm', min: 0, precision: 1, list: false },
    { name: 'investmentIntensity', type: 'number', label: '投资强度', unit: '万元/亩', min: 0, precision: 2, list: false },
    { name: 'taxPerMu', type: 'number', label: '亩均税收', unit: '万元/亩', min: 0, precision: 2, list: false },
    { name: 'tenureYears', type: 'integer', label: '出让年限', unit: '年', min: 1, max: 70, list: false },
    // Money
    { name: 'startingPrice', type: 'number', label: '起始价', unit: '万元', min: 0, precision: 2, sortable: true, search: 'range' },
    { name: 'deposit', type: 'number', label: '竞买保证金', unit: '万元', min: 0, precision: 2, list: false },
    { name: 'bidIncrement', type: 'number', label: '加价幅度', unit: '万元', min: 0, precision: 2, list: false },
    { name: 'appraisedPrice', type: 'number', label: '评估价', unit: '万元', min: 0, precision: 2, list: false },
    { name: 'landGrade', type: 'string', label: '土地级别', rules: ['len10'], maxLength: 10, list: false },
    { name: 'supplyMethod', type: 'enum', label: '供地方式', options: SUPPLY_METHODS, search: 'eq', list: false },
    // Ownership and current state
    { name: 'owner', type: 'string', label: '权属单位', rules: ['len200'], maxLength: 200, list: false },
    { name: 'currentUse', type: 'string', label: '土地现状', rules: ['len200'], maxLength: 200, list: false },
    { name: 'levelled', type: 'boolean', label: '场地已平整', list: false },
    { name: 'siteCondition', type: 'text', label: '现状土地条件', rules: ['len2000'], maxLength: 2000 },
    { name: 'introduction', type: 'text', label: '地块介绍', rules: ['len2000'], maxLength: 2000 },
    // Contact
    { name: 'contact', type: 'string', label: '联系人', rules: ['len60'], maxLength: 60, list: false },
    { name: 'phone', type: 'string', label: '联系电话', rules: ['phone'], maxLength: 20, list: false },
    // Media
    { name: 'photos', type: 'images', label: '现场照片' },
    { name: 'panorama', type: 'images', label: '全景照片', widget: 'single', uploadDir: 'panorama', help: '2:1 等距柱状投影全景图' },
    { name: 'documents', type: 'files', label: '相关文件' },
    // Map
    { name: 'geometry', type: 'geometry', label: '地块边界' },
    { name: 'centerLon', type: 'number', label: '中心经度', precision: 7, form: false, list: false },
    { name: 'centerLat', type: 'number', label: '中心纬度', precision: 7, form: false, list: false },
    { name: 'minLon', type: 'number', label: '最小经度', precision: 7, form: false, list: false, index: true },
    { name: 'minLat', type: 'number', label: '最小纬度', precision: 7, form: false, list: false },
    { name: 'maxLon', type: 'number', label: '最大经度', precision: 7, form: false, list: false },
    { name: 'maxLat', type: 'number', label: '最大纬度', precision: 7, form: false, list: false },
    // Lifecycle (changed only by transitions) and trade state (from transaction records)
    { name: 'status', type: 'enum', label: '状态', default: 'draft', form: false, search: 'eq', index: true, sortable: true,
      options: PARCEL_STATES.map((value) => ({ value, label: PARCEL_STATE_LABELS[value] })) },
    { name: 'tradeState', type: 'enum', label: '交易状态', default: 'none', form: false, search: 'eq', index: true,
      options: TRADE_STATES.map((value) => ({ value, label: TRADE_STATE_LABELS[value] })) },
    { name: 'publishedAt', type: 'datetime', label: '发布时间', form: false, sortable: true },
    // Who last saved the parcel's own data (transitions leave it): the four-eyes rule's "last changed".
    { name: 'editedBy', type: 'string', label: '最后修改人', maxLength: 32, form: false, list: false, staff: true },
    { ...visitCountField },
  ],
});

/**
 * Fields that define what is offered: once a parcel has left 录入中 (submitted, reviewed or
 * published) they change only after it is sent back to 录入中 (退回 / 下架后退回录入), so a
 * reviewer never approves one thing and the public sees another. The other fields (photos,
 * documents, introduction, contact, current condition…) stay editable; such edits are logged.
 */
export const PARCEL_LOCKED_FIELDS: readonly string[] = [
  'dkbh', 'dkmc', 'areacode', 'jdcode', 'xzqdm', 'location', 'boundEast', 'boundSouth', 'boundWest', 'boundNorth',
  'landArea', 'landAreaMu', 'transferArea', 'dlcode', 'plannedUse',
  'plotRatioMin', 'plotRatioMax', 'buildingDensityMin', 'buildingDensityMax', 'greenRatioMin', 'greenRatioMax',
  'heightLimit', 'investmentIntensity', 'taxPerMu', 'tenureYears',
  'startingPrice', 'deposit', 'bidIncrement', 'appraisedPrice', 'landGrade', 'supplyMethod', 'owner', 'geometry',
];
