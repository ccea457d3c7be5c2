import { validationError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { enqueueMessage } from '../../services/messaging';
import { registerHooks } from '../hooks';

/**
 * 咨询: what a visitor asked is theirs and cannot be changed by staff. Saving an answer to a question still waiting (status '0') marks it answered, with who
 * answered and when, so the public list and the statistics need no second step. A new or
 * changed answer to a visitor's question is sent to the asker through the outbox, in the
 * transaction of the save (keyed by the record's version: a repeated save sends nothing new).
 */
/** What a visitor wrote when asking: staff answer a visitor's question but never rewrite it. */
const ASKED_FIELDS = ['title', 'category', 'content', 'askerName', 'askerPhone', 'sqdw', 'visitorId'] as const;

const same = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

registerHooks('tProblem', {
  beforeSave(values, { existing, actorId, def }) {
    // Asked on the public site: by a signed-in visitor, or by a guest (no staff creator).
    if (existing && (existing.visitorId || !existing.createdBy)) {
      const changed = ASKED_FIELDS.find((name) => name in values && !same(values[name], existing[name]));
      if (changed) {
        const label = def.fields.find((f) => f.name === changed)?.label ?? changed;
        throw validationError(changed, `${label}由访客填写，不能修改`);
      }
    }
    const answer = values.answer;
    if (typeof answer !== 'string' || answer.trim() === '') return values;
    const sentStatus = values.status;
    const status = typeof sentStatus === 'string' && sentStatus !== '' ? sentStatus : (existing?.status ?? '0');
    if (status !== '0') return values;
    return { ...values, status: '1', answeredAt: nowIso(), answeredBy: actorId };
  },
  async afterSave(record, { db, existing, actorId }) {
    const answer = typeof record.answer === 'string' ? record.answer.trim() : '';
    const visitorId = typeof record.visitorId === 'string' ? record.visitorId : '';
    if (!answer || !visitorId || record.status !== '1') return;
    if (existing && (existing.answer ?? '') === record.answer) return;
    const title = String(record.title ?? '');
    const updated = existing?.answer ? '有新的回复' : '已有回复';
    await enqueueMessage(db, {
      kind: 'consultReply',
      type: 'consultReply',
      title: '咨询回复通知',
      content: `您咨询的“${title}”${updated}：${answer}`,
      sourceId: record.id as string,
      senderId: actorId,
      idempotencyKey: `consultReply:${record.id as string}:${String(record.version ?? '')}`,
      values: [title, String(record.answeredAt ?? nowIso()).slice(0, 16).replace('T', ' '), answer],
      recipients: [{ visitorId }],
    });
  },
});
