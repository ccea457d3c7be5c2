/**
 * The server's log (lib/log.ts): one access-log line per request, and lines written in batches
 * that still reach stdout within a second, on exit and when the process crashes.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLog } from '../src/lib/log';

const here = path.dirname(fileURLToPath(import.meta.url));
const LOG_MODULE = path.join(here, '../src/lib/log.ts');

describe('access log', () => {
  it('writes one line per request with method, address, status, time and client', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new AccessLog() });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/ok?q=1' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/missing' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/fails' })).statusCode).toBe(500);
    await app.close();

    const completed = lines.filter((l) => l.msg === 'request completed' || l.msg === 'request errored');
    expect(completed.map((l) => [l.method, l.url, l.statusCode])).toEqual([
      ['GET', '/ok?q=1', 200],
      ['GET', '/missing', 404],
      ['GET', '/fails', 500],
    ]);
    for (const l of completed) {
      expect(typeof l.responseTime).toBe('number');
      expect(l.ip).toBe('127.0.0.1');
      expect(typeof l.reqId).toBe('string');
    }
    // Fastify's own two lines per request are off.
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
  });
});

/** Runs a script using the server's log destination; stdout and stderr in the order they came. */
function runWithLog(body: string): Promise<{ events: string[]; code: number | null }> {
  const script = `import pino from 'pino'; import { logDestination } from ${JSON.stringify(LOG_MODULE)}; const log = pino({}, logDestination()); ${body}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  const events: string[] = [];
  child.stdout.on('data', (d: Buffer) => {
    for (const line of d.toString().split('\n').filter(Boolean)) events.push(`out:${(JSON.parse(line) as { msg: string }).msg}`);
  });
  child.stderr.on('data', (d: Buffer) => {
    for (const line of d.toString().split('\n').filter(Boolean)) if (line.startsWith('mark:')) events.push(line);
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ events, code })));
}

describe('log destination', () => {
  it('writes a lone line within a second, and what is left on exit', async () => {
    // The mark on stderr comes three seconds after the first line: the line must be out by then.
    const { events, code } = await runWithLog(
      `log.info('first'); setTimeout(() => { console.error('mark:waited'); log.info('last'); process.exit(0); }, 3000);`,
    );
    expect(code).toBe(0);
    expect(events).toEqual(['out:first', 'mark:waited', 'out:last']);
  });

  it('writes what was logged before an uncaught exception ends the process', async () => {
    const { events, code } = await runWithLog(`log.info('before the crash'); setTimeout(() => { throw new Error('boom'); }, 10);`);
    expect(code).not.toBe(0);
    expect(events).toEqual(['out:before the crash']);
  });
});
