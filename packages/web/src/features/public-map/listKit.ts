/** Small helpers shared by the server-rendered map pages' lists and filters (issue 14). */
import type { KeyboardEvent } from 'react';
import type { LandClassTree } from './api';
import type { SelectOption } from '../../public-ui';

/** The land-class tree as native select options, sub-classes indented under their class. */
export function landClassOptions(tree: LandClassTree['treeData']): SelectOption[] {
  const out: SelectOption[] = [];
  const walk = (nodes: LandClassTree['treeData'], depth: number) => {
    for (const n of nodes) {
      out.push({ value: n.value, label: `${'\u3000'.repeat(depth)}${n.title}` });
      if (n.children) walk(n.children, depth + 1);
    }
  };
  walk(tree, 0);
  return out;
}

/** Enter or Space on an element with role="button" acts as a click. */
export function onActivate(action: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      action();
    }
  };
}
