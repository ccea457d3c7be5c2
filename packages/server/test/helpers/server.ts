import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

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

/** Waits until `url`/healthz answers 200; fails early when the process exits. */
export async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface ChildServer {
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/** packages/server/src/main.ts in a child process (through tsx, as `npm run dev` runs it). */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'packages/server/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: '0', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, () => out);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url,
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
