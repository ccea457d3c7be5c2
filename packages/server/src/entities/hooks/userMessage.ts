import { nowIso } from '../../lib/time';
import { registerHooks } from '../hooks';

/** 用户消息: marking a message read stamps when; marking it unread clears that. */
registerHooks('tMessageuser', {
  beforeSave(values, { existing }) {
    if (values.isRead === 1 && !values.readAt && !existing?.readAt) return { ...values, readAt: nowIso() };
    if (values.isRead === 0) return { ...values, readAt: null };
    return values;
  },
});
