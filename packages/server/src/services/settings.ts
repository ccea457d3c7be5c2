import {
  DEFAULT_SETTINGS,
  SECRET_SETTING_KEYS,
  SETTING_KEYS,
  settingsSchema,
  settingsShape,
  type SettingKey,
  type Settings,
} from '@land/shared/settings';
import type { Db, DbOrTrx } from '../db/schema';
import { parseInput } from '../lib/call';
import { validationError } from '../lib/errors';
import { nowIso } from '../lib/time';
import { writeAudit } from './audit';

/** Site settings share t_setting with markers such as demo.seeded; the prefix keeps them apart. */
const PREFIX = 'site.';

function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as string[]).includes(key);
}

/**
 * The current settings: stored values over the defaults. A stored value that no longer passes
 * the schema (a rule got stricter) falls back to its default rather than breaking the site.
 */
export async function loadSettings(db: DbOrTrx): Promise<Settings> {
  const rows = await db.selectFrom('t_setting').select(['key', 'value']).execute();
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if (!row.key.startsWith(PREFIX)) continue;
    const key = row.key.slice(PREFIX.length);
    if (!isSettingKey(key)) continue;
    let value: unknown;
    try {
      value = JSON.parse(row.value);
    } catch {
      continue;
    }
    const parsed = settingsShape[key].safeParse(value);
    if (parsed.success) out[key] = parsed.data;
  }
  const whole = settingsSchema.safeParse(out);
  return whole.success ? whole.data : DEFAULT_SETTINGS;
}

/**
 * Saves the keys present in `raw` (others keep their value). The result is validated as a
 * whole, so rules across keys hold; nothing is written if any key is refused.
 */
export async function saveSettings(db: Db, raw: Record<string, unknown>): Promise<Settings> {
  const unknown = Object.keys(raw).filter((k) => !isSettingKey(k));
  if (unknown.length) throw validationError(unknown[0], `不支持的设置项：${unknown.join('、')}`);
  const sent = Object.keys(raw) as SettingKey[];
  if (sent.length === 0) throw validationError('', '没有要保存的设置项');
  return db.transaction().execute(async (trx) => {
    const current = await loadSettings(trx);
    const merged = parseInput(settingsSchema, { ...current, ...raw });
    await writeAudit(trx, {
      action: 'settings',
      entity: 't_setting',
      summary: `修改配置：${sent.join('、')}`,
      // Service keys are secrets: the log says they changed, not what they are.
      before: Object.fromEntries(sent.map((k) => [k, SECRET_SETTING_KEYS.includes(k) ? '******' : current[k]])),
      after: Object.fromEntries(sent.map((k) => [k, SECRET_SETTING_KEYS.includes(k) ? '******' : merged[k]])),
    });
    const now = nowIso();
    for (const key of sent) {
      const value = JSON.stringify(merged[key]);
      await trx
        .insertInto('t_setting')
        .values({ key: `${PREFIX}${key}`, value, updatedAt: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now }))
        .execute();
    }
    return merged;
  });
}
