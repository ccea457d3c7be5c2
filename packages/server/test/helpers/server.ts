/**
 * The one way tests, browser tests and benchmarks start a platform: a server (or another entry
 * point) in a child process on a free port, waited for until it answers its health route.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The server's entry point, as `npm run dev` runs it (through tsx). */
export const SERVER_MAIN = path.join(repoRoot, 'packages/server/src/main.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Waits until `url` + `health` answers 200; fails early when the process exits. */
export async function waitForHealth(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 90_000,
  { health = '/healthz', pollMs = 250, name = 'server' } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited early:\n${output()}`);
    const ok = await fetch(`${url}${health}`).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${name} did not start in time:\n${output()}`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

export interface ChildServer {
  url: string;
  pid: number;
  child: ChildProcess;
  /** What the process printed (stdout and stderr), for a failure report. */
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** Added to this process's environment (PORT, HOST and LOG_LEVEL=warn are set first). */
  env?: Record<string, string>;
  /** The entry point: TypeScript run through tsx, or compiled JavaScript (`.js`) run by plain node; the server's main.ts unless said. */
  entry?: string;
  /** Options for node before the entry (e.g. --cpu-prof). */
  nodeArgs?: string[];
  health?: string;
  timeoutMs?: number;
  pollMs?: number;
}

/** Starts `entry` in a child process on a free port and waits until it answers `health`. */
export async function spawnServer(options: SpawnOptions = {}): Promise<ChildServer> {
  const { env = {}, entry = SERVER_MAIN, nodeArgs = [], health, timeoutMs = 90_000, pollMs } = options;
  const port = await freePort();
  const loader = entry.endsWith('.js') ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, entry], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  const name = entry === SERVER_MAIN ? 'server' : path.relative(repoRoot, entry);
  try {
    await waitForHealth(url, child, () => out, timeoutMs, { health, pollMs, name });
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url,
    pid: child.pid!,
    child,
    output: () => out,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The server as `npm start` runs it, without demo data or the web app. */
export function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  return spawnServer({ env: { DEMO_DATA: '0', WEB_DIST: '/nonexistent', ...env } });
}
