/**
 * 咨询 from the public site: a question from a signed-in visitor (who asked comes from the
 * session) or from a guest who leaves a name and a phone number. Only the fields a visitor may
 * fill are taken; status, answer and who answered are the office's.
 */
import type { AnyDb, Row } from '../entities/repository';
import { saveRecord } from '../entities/routes';
import { validationError } from '../lib/errors';
import { defOf, presentPublic } from './publicQuery';
import { OWN_PROBLEMS } from './publicContent';

export interface Asker {
  userId: string;
  userName: string;
  userAccount: string;
  sqdw: string;
}

export interface NewQuestion {
  title: string;
  content: string;
  category?: string | null;
  askerName?: string | null;
  askerPhone?: string | null;
  sqdw?: string | null;
  isPublic?: 0 | 1;
}

export async function askQuestion(trx: AnyDb, question: NewQuestion, visitor: Asker | undefined): Promise<Row> {
  const askerName = question.askerName?.trim() || visitor?.userName || '';
  const askerPhone = question.askerPhone?.trim() || visitor?.userAccount || '';
  if (!visitor) {
    if (!askerName) throw validationError('askerName', '请输入咨询人');
    if (!askerPhone) throw validationError('askerPhone', '请输入联系电话');
  }
  const record = await saveRecord(
    trx,
    defOf('tProblem'),
    {
      title: question.title,
      content: question.content,
      category: question.category || undefined,
      askerName,
      askerPhone,
      sqdw: question.sqdw?.trim() || visitor?.sqdw || undefined,
      visitorId: visitor?.userId,
      isPublic: question.isPublic ?? 1,
      status: '0',
    },
    null,
    'create',
  );
  return presentPublic('tProblem', OWN_PROBLEMS.list, record);
}
