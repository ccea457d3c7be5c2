import type { FieldDef, FieldOption } from '../entity';

/**
 * Field declarations and option lists several entities share. Plain data: spread and
 * override (`{ ...districtField, required: true }`) where an entity needs a variant.
 */

/**
 * The district (片区) a record belongs to, by its areacode like tJd. A district that records
 * still name cannot be deleted (they would show a bare code, and the public site would go on
 * listing its parcels): its parcels are moved first, or the district is disabled instead.
 */
export const districtField: FieldDef = {
  name: 'areacode',
  type: 'ref',
  label: '所属片区',
  ref: { entity: 'tArea', labelField: 'areaname', valueField: 'areacode', onDelete: 'restrict' },
  search: 'eq',
};

/** A land-use class of the tDl tree (2023 用地用海分类 code); a class records still use cannot be deleted. */
export const landClassField: FieldDef = {
  name: 'dlcode',
  type: 'tree',
  label: '土地用途',
  tree: { entity: 'tDl', valueField: 'code', labelField: 'name', onDelete: 'restrict' },
  search: 'eq',
};

/**
 * The parcel (tLandinfo) a record belongs to, by the parcel's id; shown by its name. The
 * parcel's own supporting data goes with it when the parcel is deleted.
 */
export const parcelIdField: FieldDef = {
  name: 'dkid',
  type: 'ref',
  label: '所属地块',
  ref: { entity: 'tLandinfo', labelField: 'dkmc', onDelete: 'cascade' },
  search: 'eq',
};

/**
 * Area in m² and in 亩 (`<name>` and `<name>Mu`). The server keeps the pair consistent
 * (hooks/areaUnits): when only one of them is given the other is computed. Labels carry no
 * unit: the unit is shown beside the value (and appended to Excel headers).
 */
export function areaFields(name: string, label: string): [FieldDef, FieldDef] {
  return [
    { name, type: 'number', label, unit: '㎡', min: 0, precision: 2, sortable: true, search: 'range' },
    { name: `${name}Mu`, type: 'number', label: '折合亩数', unit: '亩', min: 0, precision: 2, sortable: true },
  ];
}

export const displayOrderField: FieldDef = { name: 'displayorder', type: 'integer', label: '排序', default: 0, min: 0, sortable: true };

/** Page views, counted by the public site; not edited in forms. */
export const visitCountField: FieldDef = { name: 'visitcount', type: 'integer', label: '浏览次数', default: 0, min: 0, sortable: true, form: false };

export const contactField: FieldDef = { name: 'contact', type: 'string', label: '联系人', rules: ['notBlank', 'len60'], maxLength: 60 };

export const phoneField: FieldDef = { name: 'phone', type: 'string', label: '联系电话', rules: ['phone'], maxLength: 20 };

export const remarkField: FieldDef = { name: 'remark', type: 'string', label: '备注', rules: ['len200'], maxLength: 200, list: false, widget: 'textarea' };

/** Content shown on the public site: '1' published, '0' draft. */
export const PUBLISH_STATUS: FieldOption[] = [
  { value: '0', label: '草稿' },
  { value: '1', label: '已发布' },
];

/** Settings-like records: '1' enabled, '0' disabled (as tArea). */
export const ENABLE_STATUS: FieldOption[] = [
  { value: '1', label: '启用' },
  { value: '0', label: '停用' },
];

export const publishStatusField: FieldDef = { name: 'status', type: 'enum', label: '发布状态', required: true, default: '0', search: 'eq', options: PUBLISH_STATUS };

export const enableStatusField: FieldDef = { name: 'status', type: 'enum', label: '状态', required: true, default: '1', search: 'eq', options: ENABLE_STATUS };

/** How state-owned construction land is supplied (供地方式). */
export const SUPPLY_METHODS: FieldOption[] = [
  { value: 'tender', label: '招标' },
  { value: 'auction', label: '拍卖' },
  { value: 'listing', label: '挂牌' },
  { value: 'agreement', label: '协议' },
  { value: 'allocation', label: '划拨' },
];

/** Kinds of subscription message, shared by templates and the messages sent from them. */
export const MESSAGE_TYPES: FieldOption[] = [
  { value: 'leaseExpiry', label: '租期到期提醒' },
  { value: 'landNotice', label: '出让公告提醒' },
  { value: 'dealNotice', label: '成交公示提醒' },
  { value: 'consultReply', label: '咨询回复通知' },
  { value: 'savedSearch', label: '搜索订阅提醒' },
  { value: 'system', label: '系统通知' },
];
