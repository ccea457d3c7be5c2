import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * Where the server's log goes: JSON lines on stdout, written in batches. A write per line cost
 * a system call (and a wake-up of whatever reads the pipe) twice per request; lines now wait in
 * memory until 4 KiB have gathered, at most one second, and what is left is written when the
 * process exits, an uncaught exception included (pino flushes on exit); only a SIGKILL loses
 * the last second. One destination per process, shared by every app built in it.
 */
let destination: pino.DestinationStream | undefined;
export function logDestination(): pino.DestinationStream {
  destination ??= pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
  return destination;
}

/**
 * One access-log line per request, when it has been answered: method, address, status, time
 * taken (ms) and the client's address (Fastify's own logging writes a second line when the
 * request comes in). Fastify's other lines (errors, routes not found) are kept as they are.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: request.url, statusCode: reply.statusCode, responseTime: Math.round(reply.elapsedTime * 100) / 100, ip: request.ip };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
