/**
 * Sending messages: every send is one t_message_send row plus one t_message_outbox row per
 * recipient and channel (the visitor's inbox always; a WeChat subscribe message when WeChat is
 * configured, the recipient has an openid and a template of the message's type exists), written
 * in the caller's transaction. Delivery happens later, from the outbox (services/outbox.ts), so
 * a send either happens completely or not at all, and is delivered once.
 */
import { createHash } from 'node:crypto';
import { TEMPLATE_KEYWORD_RE } from '@land/shared/validation';
import type { AnyDb } from '../entities/repository';
import { notFound, validationError } from '../lib/errors';
import { writeAudit } from './audit';
import { newId } from '../lib/ids';
import { nowIso } from '../lib/time';
import type { OutboxChannel } from './messagingTables';
import './messagingTables';

export type SendKind = 'manual' | 'template' | 'batchAdd' | 'reminder' | 'consultReply' | 'system';

export interface Recipient {
  visitorId?: string | null;
  openid?: string | null;
  /** Per-recipient text (batchAddMessage rows); the message's otherwise. */
  title?: string | null;
  content?: string | null;
  type?: string | null;
  sourceId?: string | null;
}

export interface NewMessage {
  kind: SendKind;
  title: string;
  content?: string | null;
  /** MESSAGE_TYPES value. */
  type: string;
  sourceId?: string | null;
  senderId?: string | null;
  /** The same key again is the same send: nothing new is written or delivered. */
  idempotencyKey?: string | null;
  /** t_message (subscription-message template) id; default the enabled template of `type`. */
  templateId?: string | null;
  /** Keyword values for the template, in its placeholder order or by keyword name. */
  values?: string[] | Record<string, string>;
  recipients: Recipient[];
}

export interface Enqueued {
  messageId: string;
  /** True when the idempotency key named an earlier send: nothing was written. */
  duplicate: boolean;
  recipients: number;
  inbox: number;
  wechat: number;
}

/**
 * Whether WeChat subscribe messages are planned. Set once from the configuration when the app
 * is built (entity hooks that send, such as the consultation answer, have no configuration).
 */
let wechatChannel = false;
export function setWechatChannel(enabled: boolean): void {
  wechatChannel = enabled;
}
export function wechatChannelEnabled(): boolean {
  return wechatChannel;
}

/** Column limits of t_messageuser (title 60, content 2000). */
const TITLE_MAX = 60;
const CONTENT_MAX = 2000;

const clip = (s: string | null | undefined, max: number) => (s ?? '').slice(0, max);

/** The keywords of a template text, in order: "{{thing1.DATA}} … {{date2.DATA}}" → thing1, date2. */
export function templateKeys(content: string | null | undefined): string[] {
  return [...new Set([...(content ?? '').matchAll(TEMPLATE_KEYWORD_RE)].map((m) => m[1]))];
}

/** WeChat's length limit per keyword kind (thing 20, phrase 5, name 10…); other kinds 32. */
function keywordLimit(key: string): number {
  const kind = key.replace(/\d+$/, '');
  return { thing: 20, phrase: 5, name: 10, character_string: 32, letter: 32, symbol: 5 }[kind] ?? 32;
}

/** The keyword values of a template: given in order or by name; missing ones from the message itself. */
export function templateData(keys: string[], values: NewMessage['values'], fallback: { title: string; content: string }): Record<string, string> {
  const today = nowIso().slice(0, 10);
  const data: Record<string, string> = {};
  keys.forEach((key, i) => {
    let v = Array.isArray(values) ? values[i] : values?.[key];
    if (v === undefined || v === null || v === '') {
      const kind = key.replace(/\d+$/, '');
      v = kind === 'date' || kind === 'time' ? today : i === 0 ? fallback.title : fallback.content || fallback.title;
    }
    data[key] = String(v).slice(0, keywordLimit(key));
  });
  return data;
}

/** The template text with its keywords filled in, for the inbox copy of a template message. */
export function renderTemplate(content: string, data: Record<string, string>): string {
  return content.replace(TEMPLATE_KEYWORD_RE, (_m, key: string) => data[key] ?? '');
}

interface TemplateRow {
  id: string;
  templateId: string;
  title: string;
  type: string;
  content: string | null;
  page: string | null;
}

async function findTemplate(trx: AnyDb, id: string | null | undefined, type: string): Promise<TemplateRow | undefined> {
  let q = trx.selectFrom('t_message').select(['id', 'templateId', 'title', 'type', 'content', 'page']).where('status', '=', '1');
  q = id ? q.where('id', '=', id) : q.where('type', '=', type).orderBy('createdAt', 'asc').orderBy('id', 'asc');
  return (await q.executeTakeFirst()) as TemplateRow | undefined;
}

/** Fills in the openid of recipients that name only a visitor signed in through WeChat. */
async function withOpenids(trx: AnyDb, recipients: Recipient[]): Promise<Recipient[]> {
  const missing = [...new Set(recipients.filter((r) => r.visitorId && !r.openid).map((r) => r.visitorId as string))];
  if (missing.length === 0) return recipients;
  const rows = await trx.selectFrom('t_wxuser').select(['visitorId', 'openid']).where('visitorId', 'in', missing).execute();
  const byVisitor = new Map(rows.map((r) => [r.visitorId as string, r.openid as string]));
  return recipients.map((r) => (r.visitorId && !r.openid ? { ...r, openid: byVisitor.get(r.visitorId) ?? null } : r));
}

function uniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || /UNIQUE constraint failed/i.test(e?.message ?? '');
}

async function existingSend(trx: AnyDb, key: string): Promise<Enqueued | undefined> {
  const send = await trx.selectFrom('t_message_send').select(['id', 'recipients']).where('idempotencyKey', '=', key).executeTakeFirst();
  if (!send) return undefined;
  const counts = await trx.selectFrom('t_message_outbox').select(['channel']).where('messageId', '=', send.id as string).execute();
  return {
    messageId: send.id as string,
    duplicate: true,
    recipients: Number(send.recipients),
    inbox: counts.filter((c) => c.channel === 'inbox').length,
    wechat: counts.filter((c) => c.channel === 'wechat').length,
  };
}

/**
 * Writes a message and its outbox rows in the caller's transaction. A recipient without a
 * visitor account gets only the WeChat message; one with neither channel is left out. With an
 * idempotency key already used, the earlier send is answered and nothing is written.
 */
export async function enqueueMessage(trx: AnyDb, message: NewMessage): Promise<Enqueued> {
  const key = message.idempotencyKey?.trim() || null;
  if (key) {
    const earlier = await existingSend(trx, key);
    if (earlier) return earlier;
  }
  const recipients = await withOpenids(trx, message.recipients);
  const template = wechatChannel || message.templateId ? await findTemplate(trx, message.templateId, message.type) : undefined;
  if (message.templateId && !template) throw notFound('消息模板不存在或已停用');
  const keys = templateKeys(template?.content);
  const data = templateData(keys, message.values, { title: message.title, content: message.content ?? '' });
  // A template message's inbox copy reads like the WeChat one when no text of its own was given.
  const content = message.content || (template?.content && keys.length ? renderTemplate(template.content, data) : '');

  const messageId = newId();
  const now = nowIso();
  const rows: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  let counted = 0;
  for (const r of recipients) {
    const title = clip(r.title || message.title, TITLE_MAX);
    const text = clip(r.content ?? content, CONTENT_MAX);
    const base = { messageId, title, content: text, type: r.type || message.type, sourceId: r.sourceId || message.sourceId || null, status: 'pending', attempts: 0, nextAttemptAt: now, createdAt: now, updatedAt: now };
    let planned = false;
    if (r.visitorId && !seen.has(`inbox:${r.visitorId}`)) {
      seen.add(`inbox:${r.visitorId}`);
      rows.push({ ...base, id: newId(), channel: 'inbox' satisfies OutboxChannel, recipientKey: r.visitorId, visitorId: r.visitorId, openid: r.openid ?? null, payload: null });
      planned = true;
    }
    if (wechatChannel && template && r.openid && !seen.has(`wechat:${r.openid}`)) {
      seen.add(`wechat:${r.openid}`);
      const payload = JSON.stringify({ templateId: template.templateId, page: template.page || undefined, data });
      rows.push({ ...base, id: newId(), channel: 'wechat' satisfies OutboxChannel, recipientKey: r.openid, visitorId: r.visitorId ?? null, openid: r.openid, payload });
      planned = true;
    }
    if (planned) counted++;
  }
  try {
    await trx
      .insertInto('t_message_send')
      .values({
        id: messageId,
        idempotencyKey: key,
        kind: message.kind,
        title: clip(message.title, 200),
        content: content || null,
        type: message.type,
        templateId: template?.id ?? null,
        sourceId: message.sourceId || null,
        senderId: message.senderId ?? null,
        recipients: counted,
        createdAt: now,
      })
      .execute();
  } catch (err) {
    // The same key sent twice at once: the other send won; this transaction is rolled back by the caller.
    if (key && uniqueViolation(err)) throw validationError('idempotencyKey', '该消息正在发送，请勿重复提交');
    throw err;
  }
  for (let i = 0; i < rows.length; i += 200) await trx.insertInto('t_message_outbox').values(rows.slice(i, i + 200)).execute();
  await writeAudit(trx, {
    action: 'create',
    entity: 't_message_send',
    recordId: messageId,
    summary: `发送消息“${clip(message.title, 60)}”给 ${counted} 位用户`,
    after: { kind: message.kind, title: message.title, type: message.type, templateId: template?.id ?? null, recipients: counted },
  });
  return {
    messageId,
    duplicate: false,
    recipients: counted,
    inbox: rows.filter((r) => r.channel === 'inbox').length,
    wechat: rows.filter((r) => r.channel === 'wechat').length,
  };
}

export interface RecipientQuery {
  /** Visitor ids; every one must exist. */
  userIds?: string[];
  /** Holders of this enabled, unexpired WeChat-user permission. */
  permission?: string | null;
}

/**
 * Recipients by visitor id, or the holders of a WeChat-user permission: each permission row
 * gives its openid and the visitor signed in with that openid or registered with its phone.
 */
export async function resolveRecipients(trx: AnyDb, query: RecipientQuery): Promise<Recipient[]> {
  if (query.userIds?.length) {
    const ids = [...new Set(query.userIds)];
    const found = await trx.selectFrom('t_visitor').select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw notFound('部分接收人不存在，未发送任何消息');
    return ids.map((visitorId) => ({ visitorId }));
  }
  if (query.permission) return permissionHolders(trx, query.permission);
  throw validationError('userIds', '请选择接收人');
}

/** Enabled, unexpired holders of a permission, with their visitor account where one is known. */
export async function permissionHolders(trx: AnyDb, permission: string, filter?: { company?: string }): Promise<Recipient[]> {
  const today = nowIso().slice(0, 10);
  let q = trx
    .selectFrom('t_wxuserpermission')
    .select(['openid', 'phone', 'company'])
    .where('permission', '=', permission)
    .where('status', '=', '1')
    .where((eb) => eb.or([eb('expiryDate', 'is', null), eb('expiryDate', '=', ''), eb('expiryDate', '>=', today)]));
  if (filter?.company !== undefined) q = q.where('company', '=', filter.company);
  const rows = (await q.orderBy('id', 'asc').execute()) as { openid: string | null; phone: string | null }[];
  if (rows.length === 0) return [];
  const openids = rows.map((r) => r.openid).filter((o): o is string => !!o);
  const phones = rows.map((r) => r.phone).filter((p): p is string => !!p);
  const [wx, visitors] = await Promise.all([
    openids.length ? trx.selectFrom('t_wxuser').select(['openid', 'visitorId']).where('openid', 'in', openids).execute() : [],
    phones.length ? trx.selectFrom('t_visitor').select(['id', 'userAccount']).where('status', '=', '1').where('userAccount', 'in', phones).execute() : [],
  ]);
  const visitorByOpenid = new Map(wx.map((w) => [w.openid as string, w.visitorId as string]));
  const visitorByPhone = new Map(visitors.map((v) => [v.userAccount as string, v.id as string]));
  const out: Recipient[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const visitorId = (r.openid && visitorByOpenid.get(r.openid)) || (r.phone && visitorByPhone.get(r.phone)) || null;
    const id = visitorId ?? `openid:${r.openid ?? ''}`;
    if (seen.has(id) || (!visitorId && !r.openid)) continue;
    seen.add(id);
    out.push({ visitorId, openid: r.openid || null });
  }
  return out;
}

/** A short stable digest for idempotency keys built from free text. */
export function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}
