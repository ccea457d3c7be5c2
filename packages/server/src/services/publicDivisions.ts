/**
 * The administrative divisions (行政区) of the zone: province → prefecture → county → township,
 * built from the canton codes the zone's data carries (districts' cantoncode, streets' jdcode,
 * parcels' xzqdm), with the public parcels counted per division.
 */
import { m2ToMu, round } from '@land/shared/helpers';
import type { Db } from '../db/schema';
import type { AnyDb } from '../entities/repository';
import { loadSettings } from './settings';
import { divisionChain, divisionLevel, divisionName, type DivisionLevel } from './publicCantons';
import { publicParcels } from './publicParcels';

export interface DivisionNode {
  code: string;
  name: string;
  level: DivisionLevel;
  parentCode: string | null;
  /** Public parcels inside, and their land area (m², 亩). */
  count: number;
  landArea: number;
  landAreaMu: number;
  children: DivisionNode[];
}

/** "临江经济技术开发区土地信息平台" → "临江经济技术开发区": the zone's name for its county-level code. */
function zoneName(siteName: string): string {
  return siteName.replace(/(土地信息平台|信息平台|平台)$/, '') || siteName;
}

export interface DivisionIndex {
  roots: DivisionNode[];
  byCode: Map<string, DivisionNode>;
}

export async function divisionIndex(db: AnyDb): Promise<DivisionIndex> {
  const [areas, streets, parcels, settings] = await Promise.all([
    db.selectFrom('t_area').select(['areacode', 'cantoncode']).where('status', '=', '1').execute(),
    db.selectFrom('t_jd').select(['jdname', 'jdcode']).execute(),
    publicParcels(db).select(['t_landinfo.xzqdm', 't_landinfo.areacode', 't_landinfo.landArea']).execute(),
    loadSettings(db as unknown as Db),
  ]);
  const streetNames = new Map<string, string>();
  for (const s of streets) if (typeof s.jdcode === 'string' && divisionLevel(s.jdcode) === 4) streetNames.set(s.jdcode, String(s.jdname));
  const areaCanton = new Map<string, string>();
  for (const a of areas) if (typeof a.cantoncode === 'string' && divisionLevel(a.cantoncode)) areaCanton.set(String(a.areacode), a.cantoncode);

  const codes = new Set<string>([...areaCanton.values(), ...streetNames.keys()]);
  const parcelCodes = parcels.map((p) => {
    const own = typeof p.xzqdm === 'string' && divisionLevel(p.xzqdm) ? p.xzqdm : undefined;
    const code = own ?? areaCanton.get(String(p.areacode));
    if (code) codes.add(code);
    return { code, area: Number(p.landArea ?? 0) };
  });

  const counties = new Set([...codes].filter((c) => divisionLevel(c) !== undefined).map((c) => divisionChain(c)[2]).filter(Boolean));
  const byCode = new Map<string, DivisionNode>();
  const nameOf = (code: string, level: DivisionLevel): string => {
    if (level === 4) return streetNames.get(code) ?? code;
    const known = divisionName(code);
    if (known) return known;
    // The county-level code of a development zone is the zone itself; several are told apart by code.
    return counties.size === 1 ? zoneName(settings.siteName) : `${zoneName(settings.siteName)}（${code}）`;
  };
  const roots: DivisionNode[] = [];
  for (const code of [...codes].sort()) {
    let parent: DivisionNode | undefined;
    for (const c of divisionChain(code)) {
      let node = byCode.get(c);
      if (!node) {
        const level = divisionLevel(c)!;
        node = { code: c, name: nameOf(c, level), level, parentCode: parent?.code ?? null, count: 0, landArea: 0, landAreaMu: 0, children: [] };
        byCode.set(c, node);
        (parent ? parent.children : roots).push(node);
      }
      parent = node;
    }
  }
  for (const p of parcelCodes) {
    if (!p.code) continue;
    for (const c of divisionChain(p.code)) {
      const node = byCode.get(c)!;
      node.count += 1;
      node.landArea += p.area;
    }
  }
  for (const node of byCode.values()) {
    node.landAreaMu = round(m2ToMu(node.landArea), 2);
    node.landArea = round(node.landArea, 2);
  }
  return { roots, byCode };
}

/** A division and its direct children (the provinces when no code is given). */
export async function divisionWithChildren(db: AnyDb, code: string | undefined) {
  const index = await divisionIndex(db);
  if (!code) return { division: null, children: index.roots.map(({ children: _c, ...n }) => n) };
  const node = index.byCode.get(code);
  const strip = (n: DivisionNode) => {
    const { children: _c, ...rest } = n;
    return rest;
  };
  if (!node) {
    const level = divisionLevel(code);
    return {
      division: level ? { code, name: divisionName(code) ?? code, level, parentCode: null, count: 0, landArea: 0, landAreaMu: 0 } : null,
      children: [],
    };
  }
  return { division: strip(node), children: node.children.map(strip) };
}

/** Codes (6 or 9 digits) of the divisions whose name contains the text. */
export async function divisionsNamed(db: AnyDb, text: string): Promise<string[]> {
  const index = await divisionIndex(db);
  return [...index.byCode.values()].filter((n) => n.name.includes(text)).map((n) => n.code);
}
