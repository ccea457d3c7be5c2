import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { OK_CODE, type Envelope } from '@land/shared/api';
import { READ_ONLY_MESSAGE, WRITER_ROLES, type Permission } from '@land/shared/roles';
import { forbidden, validationError } from './errors';

z.config(z.locales.zhCN());

export interface CallSpec<I extends z.ZodType> {
  summary: string;
  input: I;
  /** Shape of `data` in the envelope, for the OpenAPI description. */
  output?: z.ZodType;
  tags?: string[];
  /** Changes data: staff with a read-only role are refused (one check for every write call). */
  write?: boolean;
  /** What a staff caller needs on /api (the permission hook); default `write` for write calls, else read off the path. */
  permission?: Permission;
  /** Extra route options (preHandler for roles, bodyLimit…). */
  options?: Pick<RouteShorthandOptions, 'preHandler' | 'bodyLimit' | 'config'>;
}

export type CallHandler<I extends z.ZodType> = (
  input: z.output<I>,
  req: FastifyRequest,
  reply: FastifyReply,
) => Promise<unknown> | unknown;

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  try {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    delete json.$schema;
    return json;
  } catch {
    return {};
  }
}

function envelopeSchema(data: z.ZodType | undefined): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      code: { type: 'string', example: OK_CODE },
      msg: { type: 'string' },
      data: data ? toJsonSchema(data, 'output') : {},
    },
  };
}

/** Staff with a read-only role may look but not change anything. */
export function assertWriter(req: FastifyRequest): void {
  if (req.staff && !(WRITER_ROLES as readonly string[]).includes(req.staff.role)) throw forbidden(READ_ONLY_MESSAGE);
}

/** PostgreSQL text cannot hold U+0000 (it answers with an error); no field of the platform needs it. */
export function nulMessage(field: string): string {
  return `${field ? `字段“${field}”` : '请求内容'}包含非法字符（空字符 U+0000），请删除后重试`;
}

interface NulNode {
  value: unknown;
  key: string;
  parent?: NulNode;
}

function nodePath(node: NulNode | undefined, last?: string): string {
  const parts: string[] = last === undefined ? [] : [last];
  for (let n = node; n?.parent; n = n.parent) parts.unshift(n.key);
  return parts.join('.');
}

/**
 * The path (`a.b.0`) of the first string or key holding U+0000 in parsed input, or undefined.
 * Walks without recursion (a deeply nested JSON body must not overflow the stack) and builds a
 * path only for a hit (a large GeoJSON body costs one pass over its values).
 */
export function findNul(value: unknown): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : undefined;
  const stack: NulNode[] = [{ value, key: '' }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const v = node.value;
    if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) continue;
    for (const [key, child] of Object.entries(v)) {
      if (key.includes('\u0000')) return nodePath(node, key);
      if (typeof child === 'string') {
        if (child.includes('\u0000')) return nodePath(node, key);
      } else if (child !== null && typeof child === 'object') {
        stack.push({ value: child, key, parent: node });
      }
    }
  }
  return undefined;
}

/** Refuses input holding U+0000 with A0400 naming the field. */
export function assertNoNul(value: unknown): void {
  const field = findNul(value);
  if (field !== undefined) throw validationError(field || 'body', nulMessage(field));
}

/**
 * preValidation hook for every route (defineCall and hand-written ones: tiles, files, uploads):
 * the query string, path parameters and parsed body are refused when any string holds U+0000.
 */
export function refuseNulInput(req: FastifyRequest): void {
  assertNoNul(req.params);
  assertNoNul(req.query);
  assertNoNul(req.body);
}

/** Parses untrusted input with a zod schema; the problems become one Chinese A0400 error, as does U+0000. */
export function parseInput<I extends z.ZodType>(schema: I, raw: unknown): z.output<I> {
  const result = schema.safeParse(raw);
  if (result.success) {
    // Also after parsing: a JSON-encoded field (params, ids…) or a multipart field may carry it.
    assertNoNul(result.data);
    return result.data;
  }
  const errors = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    msg: issue.message,
  }));
  throw validationError(errors[0].field, errors[0].msg, errors);
}

function mergeInput(req: FastifyRequest): unknown {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const body = req.body;
  const merged: Record<string, unknown> = { ...query };
  delete merged._t;
  if (body === undefined || body === null || body === '') return merged;
  if (typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) {
    throw validationError('body', '请求体必须是对象');
  }
  return { ...merged, ...(body as Record<string, unknown>) };
}

export function ok<T>(data: T, msg = '成功'): Envelope<T> {
  return { code: OK_CODE, data, msg };
}

/**
 * Registers one SPEC §7 call: reachable as GET (query string) and as POST with a JSON or a
 * form-encoded body, validated by one zod schema, answering with the envelope.
 */
export function defineCall<I extends z.ZodType>(
  app: FastifyInstance,
  url: string,
  spec: CallSpec<I>,
  handler: CallHandler<I>,
): void {
  const input = toJsonSchema(spec.input, 'input');
  const permission = spec.permission ?? (spec.write ? 'write' : undefined);
  const common = {
    url,
    ...spec.options,
    config: { ...spec.options?.config, ...(permission && { permission }) },
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      if (spec.write) assertWriter(req);
      // U+0000 was refused before (refuseNulInput, a preValidation hook for every route).
      const parsed = parseInput(spec.input, mergeInput(req));
      const data = await handler(parsed, req, reply);
      // A handler that answers with a file (Excel export) sends it and returns the reply.
      if (reply.sent || data === reply) return reply;
      return ok(data === undefined ? null : data);
    },
  };
  const docs = { summary: spec.summary, tags: spec.tags, response: { 200: envelopeSchema(spec.output) } };
  app.route({ ...common, method: 'POST', schema: { ...docs, body: input, consumes: ['application/json', 'application/x-www-form-urlencoded'] } });
  app.route({ ...common, method: 'GET', schema: { ...docs, querystring: input } });
}
