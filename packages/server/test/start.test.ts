/**
 * `npm start` as on a fresh clone: the server is compiled to JavaScript (packages/server/dist)
 * and run by plain `node`, with no `tsx` process anywhere in the tree. The command runs from the
 * repository root with a temporary DATA_DIR and a free port, answers /healthz, and stops on
 * SIGTERM. (The root `npm start` builds the web app first; that step is Vite's and is left out
 * here by running the server workspace's start, which is the part that used to need tsx.)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitForHealth } from './helpers/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every process: its parent and command line (from /proc). */
function processTable(): { pid: number; ppid: number; args: string }[] {
  const out: { pid: number; ppid: number; args: string }[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // "pid (comm) state ppid …": the name in parentheses may contain spaces.
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const args = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      out.push({ pid: Number(name), ppid, args });
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/** pid → command line of every process below `pid`. */
function descendants(pid: number): Map<number, string> {
  const table = processTable();
  const found = new Map<number, string>();
  const walk = (parent: number) => {
    for (const p of table) {
      if (p.ppid === parent && !found.has(p.pid)) {
        found.set(p.pid, p.args);
        walk(p.pid);
      }
    }
  };
  walk(pid);
  return found;
}

describe('npm start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'land-start-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('builds the server and runs the compiled JavaScript with node, without tsx', async () => {
    const port = await freePort();
    const child = spawn('npm', ['run', 'start', '-w', '@land/server'], {
      cwd: root,
      // Its own process group, so the whole tree (npm, sh, node) can be stopped together.
      detached: true,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: '0', ADMIN_PASSWORD: 'Admin@12345', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    const exited = new Promise((r) => child.once('exit', r));
    try {
      await waitForHealth(`http://127.0.0.1:${port}`, child, () => output, 180_000);
      const tree = [...descendants(child.pid!).values()];
      const servers = tree.filter((args) => /^\S*node\S*\s+dist\/main\.js\b/.test(args));
      expect(servers, tree.join('\n')).toHaveLength(1);
      expect(tree.filter((args) => /\btsx\b/.test(args)), tree.join('\n')).toEqual([]);
      expect(fs.existsSync(path.join(root, 'packages/server/dist/main.js'))).toBe(true);
      // Everything loaded by path is emitted too: the command-line tools beside the server.
      for (const file of ['cli/backup.js', 'cli/restore.js', 'scale/cli.js']) {
        expect(fs.existsSync(path.join(root, 'packages/server/dist', file)), file).toBe(true);
      }
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }, 240_000);
});
