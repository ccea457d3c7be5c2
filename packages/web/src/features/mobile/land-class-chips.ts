import type { LandClassNode } from '../public-map/api';

export interface ClassChip {
  code: string;
  name: string;
}

export interface ClassChoices {
  /** First-level classes that published parcels belong to. */
  top: ClassChip[];
  /** Second-level classes under the chosen first level that parcels belong to. */
  sub: ClassChip[];
  /** The first-level code of the chosen class ('' when none). */
  topOf: string;
}

/**
 * The land-class tree cut down to what a thumb can pick: the first-level classes that occur among
 * the published parcels, and under the chosen one its second-level classes that occur. The
 * parcel call includes sub-classes, so choosing 10 工矿用地 lists every industrial parcel.
 */
export function classChoices(tree: LandClassNode[], parcelCodes: Iterable<unknown>, chosen: string): ClassChoices {
  const codes = new Set<string>();
  for (const c of parcelCodes) if (c !== null && c !== undefined && c !== '') codes.add(String(c));
  const occurs = (node: LandClassNode): boolean => codes.has(node.code) || (node.children ?? []).some(occurs);
  const contains = (node: LandClassNode, code: string): boolean => node.code === code || (node.children ?? []).some((c) => contains(c, code));
  const top = tree.filter(occurs);
  const chosenTop = chosen ? tree.find((node) => contains(node, chosen)) : undefined;
  return {
    top: top.map((n) => ({ code: n.code, name: n.name })),
    sub: (chosenTop?.children ?? []).filter(occurs).map((n) => ({ code: n.code, name: n.name })),
    topOf: chosenTop?.code ?? '',
  };
}
