/**
 * How the parcel's fields are grouped on the editor and the detail view. Plain data beside the
 * definition: a field added to the parcel and not listed here still shows, under 其他.
 */
import type { EntityDef, FieldDef } from '@land/shared/entity';
import { isInForm } from '@land/shared/entity';

export interface ParcelSection {
  key: string;
  title: string;
  fields: readonly string[];
}

export const PARCEL_SECTIONS: readonly ParcelSection[] = [
  { key: 'basic', title: '基本信息', fields: ['dkbh', 'dkmc', 'dzjgh', 'areacode', 'jdcode', 'xzqdm', 'zylx', 'displayorder'] },
  {
    key: 'location',
    title: '位置与面积',
    fields: ['location', 'boundEast', 'boundSouth', 'boundWest', 'boundNorth', 'landArea', 'landAreaMu', 'transferArea'],
  },
  {
    key: 'use',
    title: '用途与规划指标',
    fields: [
      'dlcode',
      'plannedUse',
      'plotRatioMin',
      'plotRatioMax',
      'buildingDensityMin',
      'buildingDensityMax',
      'greenRatioMin',
      'greenRatioMax',
      'heightLimit',
      'investmentIntensity',
      'taxPerMu',
      'tenureYears',
    ],
  },
  { key: 'price', title: '价格与供地', fields: ['startingPrice', 'deposit', 'bidIncrement', 'appraisedPrice', 'landGrade', 'supplyMethod'] },
  { key: 'state', title: '现状与联系', fields: ['owner', 'currentUse', 'levelled', 'siteCondition', 'introduction', 'contact', 'phone'] },
  { key: 'media', title: '图片与文件', fields: ['photos', 'panorama', 'documents'] },
];

/** Edited on the map, not in a section. */
export const MAP_FIELD = 'geometry';

/** The form fields of each section (in the section's order), plus 其他 for the unlisted ones. */
export function sectionFields(def: EntityDef): { section: ParcelSection; fields: FieldDef[] }[] {
  const byName = new Map(def.fields.map((f) => [f.name, f]));
  const listed = new Set(PARCEL_SECTIONS.flatMap((s) => s.fields));
  const groups = PARCEL_SECTIONS.map((section) => ({
    section,
    fields: section.fields.flatMap((name) => {
      const f = byName.get(name);
      return f && isInForm(f) ? [f] : [];
    }),
  }));
  const rest = def.fields.filter((f) => isInForm(f) && !listed.has(f.name) && f.name !== MAP_FIELD);
  if (rest.length > 0) groups.push({ section: { key: 'other', title: '其他', fields: rest.map((f) => f.name) }, fields: rest });
  return groups.filter((g) => g.fields.length > 0);
}

/** A definition holding only some fields, to hand to the generic form of one section. */
export function withFields(def: EntityDef, fields: FieldDef[]): EntityDef {
  return { ...def, fields };
}
