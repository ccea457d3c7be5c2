import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerNotification, type NotificationApi } from '../src/lib/notify';
import { createQueryClient } from '../src/lib/query-client';
import { get, post } from '../src/lib/request';
import { countVisit } from '../src/features/public-site/parcel/api';

/** The toasts shown, by their text. */
function collectToasts(): string[] {
  const shown: string[] = [];
  const record = (config: { description: string }) => void shown.push(config.description);
  const api: NotificationApi = { success: record, info: record, warning: record, error: record, destroy: () => undefined };
  registerNotification(api);
  return shown;
}

/** Long enough for a toast that waits for the promise chain to have been shown. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

// A phone page whose call did not reach the server showed its error page (网络连接失败) and,
// over it, a toast saying the same.
describe('a call that does not reach the server is toasted unless its failure is shown in its place', () => {
  let toasts: string[];
  beforeEach(() => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    toasts = collectToasts();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    registerNotification(null);
  });

  it('a page\'s data (a suspense query going to the error page) is not toasted', async () => {
    const client = createQueryClient();
    // useSuspenseQuery builds its query with `suspense: true`.
    await client.fetchQuery({ queryKey: ['parcel'], queryFn: () => get('/openApi/parcel'), ...{ suspense: true } }).catch(() => undefined);
    await settle();
    expect(toasts).toEqual([]);
  });

  it('a query nothing else shows, an action (收藏, 提交) and a call outside the query cache are', async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['badge'], queryFn: () => get('/openApi/badge') }).catch(() => undefined);
    await settle();
    expect(toasts).toEqual(['网络连接失败！']);
    await client.getMutationCache().build(client, { mutationFn: () => post('/openApi/collect') }).execute(undefined).catch(() => undefined);
    await settle();
    expect(toasts).toEqual(['网络连接失败！', '网络连接失败！']);
    await post('/openApi/submit').catch(() => undefined);
    await settle();
    expect(toasts).toHaveLength(3);
  });

  it('a page view the counter could not send is not toasted (the count is not worth a message)', async () => {
    await countVisit('dk1');
    await settle();
    expect(toasts).toEqual([]);
  });
});
