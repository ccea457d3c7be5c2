import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of ARCHITECTURE.md hold: no import loop anywhere in packages/*\/src, and nothing
 * but main.ts imports the server's app.ts (context -> db -> engine/services -> routes -> app -> main).
 * The graph is read from the sources as they are (type-only imports count: a loop of types is
 * still a loop of modules to read).
 */
const ROOT = path.resolve(__dirname, '../../..');
const PACKAGES = path.join(ROOT, 'packages');
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...sourceFiles(full));
    } else if (/\.(tsx?|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

/** A specifier as a file of the project, or null for a package outside it. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else if (specifier === '@land/shared') base = path.join(PACKAGES, 'shared/src/index');
  else if (specifier.startsWith('@land/shared/')) base = path.join(PACKAGES, 'shared/src', specifier.slice('@land/shared/'.length));
  else return null;
  const stem = base.replace(/\.(js|ts|tsx)$/, '');
  const candidates = [base, ...EXTENSIONS.map((e) => stem + e), ...EXTENSIONS.map((e) => path.join(base, 'index' + e))];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
}

export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const imported of info.importedFiles) {
      const target = resolve(file, imported.fileName);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

const rel = (file: string) => path.relative(ROOT, file);

describe('architecture: the import graph of packages/*/src', () => {
  const files = fs
    .readdirSync(PACKAGES)
    .map((p) => path.join(PACKAGES, p, 'src'))
    .filter((dir) => fs.existsSync(dir))
    .flatMap(sourceFiles);
  const graph = importGraph(files);

  it('reads the sources it is meant to (a parser that found nothing would pass anything)', () => {
    const appTs = path.join(PACKAGES, 'server/src/app.ts');
    expect(graph.get(path.join(PACKAGES, 'server/src/main.ts'))).toContain(appTs);
    expect(files.length).toBeGreaterThan(200);
  });

  it('has no import loop', () => {
    expect(importCycles(graph).map((c) => c.map(rel))).toEqual([]);
  });

  it('lets only main.ts import the server app (app.ts sits on top of the routes)', () => {
    const appTs = path.join(PACKAGES, 'server/src/app.ts');
    const importers = [...graph].filter(([, targets]) => targets.includes(appTs)).map(([file]) => rel(file));
    expect(importers).toEqual(['packages/server/src/main.ts']);
  });

  it('finds a loop when there is one (the checker itself)', () => {
    const a = '/x/a.ts';
    const b = '/x/b.ts';
    const c = '/x/c.ts';
    expect(importCycles(new Map([[a, [b]], [b, [c]], [c, []]]))).toEqual([]);
    expect(importCycles(new Map([[a, [b]], [b, [c]], [c, [a]]]))).toEqual([[a, b, c]]);
  });
});
