import { defineEntity, standardCalls } from '../entity';
import { parcelIdField } from './common';

/**
 * 土地交易记录: listing and deal data of a parcel on the land-transaction system, entered in the
 * back office or synchronised from the system (then `externalId` is set). A parcel's trade state
 * (挂牌中 / 已成交) follows these records.
 */
export const landTransactionEntity = defineEntity({
  name: 'tLandJyst',
  table: 't_land_jyst',
  label: '土地交易记录',
  screen: 'landJystManagement',
  nameField: 'parcelCode',
  defaultOrder: [{ field: 'listingStart', direction: 'desc' }],
  calls: standardCalls({ batchCreate: ['addListTLandJyst'], batchSave: ['batchAddOrUpdate'] }),
  checks: [
    { kind: 'order', first: 'listingStart', then: 'listingEnd' },
    // A deal is recorded with what it was concluded at, when and by whom (成交地块 and the deal figures read them).
    ...(['dealPrice', 'dealDate', 'winner'] as const).map((field) => ({ kind: 'requiredWhen' as const, field, when: { field: 'status', value: 'dealt' } })),
  ],
  fields: [
    // A parcel with transaction records is not deleted with them: they are the legal record.
    // Picking the parcel fills its 宗地编号.
    { ...parcelIdField, ref: { ...parcelIdField.ref!, onDelete: 'restrict', fills: { parcelCode: 'dkbh' } } },
    { name: 'parcelCode', type: 'string', label: '宗地编号', required: true, rules: ['notBlank', 'len60'], maxLength: 60, search: 'like', sortable: true },
    { name: 'announcementNo', type: 'string', label: '公告编号', rules: ['len60'], maxLength: 60, search: 'like' },
    { name: 'transactionType', type: 'enum', label: '交易方式', required: true, search: 'eq', options: [
      { value: 'listing', label: '挂牌' },
      { value: 'auction', label: '拍卖' },
      { value: 'tender', label: '招标' },
      { value: 'agreement', label: '协议' },
    ] },
    { name: 'listingStart', type: 'date', label: '挂牌起始日期', search: 'range', sortable: true },
    { name: 'listingEnd', type: 'date', label: '挂牌截止日期', sortable: true },
    { name: 'startingPrice', type: 'number', label: '起始价', unit: '万元', min: 0, sortable: true },
    { name: 'deposit', type: 'number', label: '竞买保证金', unit: '万元', min: 0 },
    { name: 'bidIncrement', type: 'number', label: '加价幅度', unit: '万元', min: 0 },
    { name: 'dealPrice', type: 'number', label: '成交价', unit: '万元', min: 0, sortable: true, search: 'range' },
    { name: 'dealDate', type: 'date', label: '成交日期', search: 'range', sortable: true },
    { name: 'winner', type: 'string', label: '竞得人', rules: ['len200'], maxLength: 200, search: 'like' },
    // SPEC §5: an ID number is checked wherever one is entered. Kept out of lists and the public API.
    { name: 'winnerIdNumber', type: 'string', label: '竞得人身份证号码', rules: ['idCard'], maxLength: 18, list: false, help: '自然人竞得时填写；单位竞得时留空' },
    { name: 'contractNo', type: 'string', label: '出让合同编号', rules: ['len60'], maxLength: 60, search: 'like' },
    { name: 'transferYears', type: 'integer', label: '出让年限', unit: '年', rules: ['positiveInt'], min: 1, max: 70 },
    { name: 'status', type: 'enum', label: '交易状态', required: true, default: 'listing', search: 'eq', options: [
      { value: 'listing', label: '挂牌中' },
      { value: 'dealt', label: '已成交' },
      { value: 'failed', label: '流拍' },
      { value: 'terminated', label: '终止' },
    ] },
    { name: 'externalId', type: 'string', label: '交易系统编号', maxLength: 64, unique: true, list: false, help: '从土地交易系统同步的记录在交易系统中的编号；手工录入的记录留空' },
  ],
});
