import { nowIso } from '../../lib/time';
import { registerHooks } from '../hooks';

/**
 * 咨询: saving an answer to a question still waiting (status '0') marks it answered, with who
 * answered and when, so the public list and the statistics need no second step.
 */
registerHooks('tProblem', {
  beforeSave(values, { existing, actorId }) {
    const answer = values.answer;
    if (typeof answer !== 'string' || answer.trim() === '') return values;
    const sentStatus = values.status;
    const status = typeof sentStatus === 'string' && sentStatus !== '' ? sentStatus : (existing?.status ?? '0');
    if (status !== '0') return values;
    return { ...values, status: '1', answeredAt: nowIso(), answeredBy: actorId };
  },
});
