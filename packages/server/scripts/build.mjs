/**
 * Compiles the server to JavaScript in packages/server/dist for `npm start` (node dist/main.js).
 *
 * Every source file becomes its own module at the same relative place (src/a/b.ts → dist/a/b.js),
 * so anything loaded by path — worker files, the CLI scripts (dist/cli/backup.js, dist/cli/restore.js,
 * dist/scale/cli.js) — is there too. Relative imports get their `.js` name; `@land/shared/*`, which
 * the workspaces import as TypeScript source, is compiled beside it into dist/_shared. npm packages
 * (native modules included) stay external and load from node_modules as usual.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SRC = path.join(server, 'src');
const SHARED_SRC = path.resolve(server, '../shared/src');
const DIST = path.join(server, 'dist');
// Built beside dist and swapped in at the end, so a server starting from dist meanwhile (another
// `npm start` on the same checkout) never sees a half-written folder.
const OUT = `${DIST}.build-${process.pid}`;
const SHARED_OUT = path.join(OUT, '_shared');

/** TypeScript sources under a folder (declarations and tests aside). */
function sources(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Where a source file's compiled module goes. */
function outputOf(file) {
  const [base, outBase] = file.startsWith(SHARED_SRC + path.sep) ? [SHARED_SRC, SHARED_OUT] : [SRC, OUT];
  return path.join(outBase, path.relative(base, file)).replace(/\.tsx?$/, '.js');
}

/** The source file an extensionless import names (`./x` → x.ts or x/index.ts). */
function sourceFile(spec) {
  for (const candidate of [spec, `${spec}.ts`, `${spec}.tsx`, path.join(spec, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Each module stays a module: imports of other sources point at their compiled files. */
const perFile = {
  name: 'per-file',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      let target = null;
      if (args.path.startsWith('.')) target = sourceFile(path.resolve(args.resolveDir, args.path));
      else if (args.path === '@land/shared') target = sourceFile(path.join(SHARED_SRC, 'index'));
      else if (args.path.startsWith('@land/shared/')) target = sourceFile(path.join(SHARED_SRC, args.path.slice('@land/shared/'.length)));
      else return { external: true }; // node: built-ins and npm packages
      if (!target) return { errors: [{ text: `cannot find the source of ${args.path}` }] };
      let rel = path.relative(path.dirname(outputOf(args.importer)), outputOf(target)).split(path.sep).join('/');
      if (!rel.startsWith('.')) rel = `./${rel}`;
      return { path: rel, external: true };
    });
  },
};

const started = Date.now();
const files = [...sources(SRC), ...sources(SHARED_SRC)];
try {
  await build({
    entryPoints: files.map((file) => ({ in: file, out: path.relative(OUT, outputOf(file)).replace(/\.js$/, '') })),
    outdir: OUT,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    plugins: [perFile],
    logLevel: 'warning',
  });
} catch (err) {
  fs.rmSync(OUT, { recursive: true, force: true });
  throw err;
}
const old = `${DIST}.old-${process.pid}`;
if (fs.existsSync(DIST)) fs.renameSync(DIST, old);
fs.renameSync(OUT, DIST);
fs.rmSync(old, { recursive: true, force: true });
console.log(`server compiled: ${files.length} modules → ${path.relative(process.cwd(), DIST) || DIST} (${Date.now() - started} ms)`);
