/**
 * What a built chunk is made of: its bytes attributed to source files (and to npm packages)
 * through the chunk's source map. Used by bundle.bench.ts --explain; needs a build with source
 * maps (the bench builds one in a temporary folder).
 */

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

/** One source-map segment list per generated line: [column, sourceIndex] pairs. */
function decodeMappings(mappings: string): [number, number][][] {
  const lines: [number, number][][] = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const out: [number, number][] = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let shift = 0;
      let value = 0;
      for (const ch of segment) {
        const digit = B64_VALUE.get(ch)!;
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length >= 4) {
        source += values[1];
        out.push([column, source]);
      } else {
        out.push([column, -1]);
      }
    }
    lines.push(out);
  }
  return lines;
}

/** Bytes of the chunk per source file, largest first. */
export function explainChunk(code: string, mapJson: string): { source: string; bytes: number }[] {
  const map = JSON.parse(mapJson) as { sources: string[]; mappings: string };
  const lines = code.split('\n');
  const segments = decodeMappings(map.mappings);
  const bytes = new Map<string, number>();
  const add = (source: string, n: number) => bytes.set(source, (bytes.get(source) ?? 0) + n);
  lines.forEach((text, i) => {
    const segs = segments[i] ?? [];
    if (segs.length === 0) {
      add('(unmapped)', text.length + 1);
      return;
    }
    if (segs[0][0] > 0) add('(unmapped)', segs[0][0]);
    segs.forEach(([col, src], j) => {
      const end = j + 1 < segs.length ? segs[j + 1][0] : text.length + 1;
      add(src >= 0 ? map.sources[src] ?? '(unknown)' : '(unmapped)', Math.max(0, end - col));
    });
  });
  return [...bytes.entries()].map(([source, n]) => ({ source, bytes: n })).sort((a, b) => b.bytes - a.bytes);
}

/** node_modules/antd/es/button/index.js → antd; src/app/router.tsx → (app) src/app. */
export function packageOf(source: string): string {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (m) return m[1];
  const app = /(?:^|\/)(src\/[^/]+(?:\/[^/]+)?)/.exec(source);
  return app ? `(app) ${app[1]}` : source;
}
