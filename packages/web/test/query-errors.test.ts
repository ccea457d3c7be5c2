import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { SHOWN_IN_PLACE, shownInPlace } from '../src/lib/query-client';

/** A query that fails once asked, after `first` answers (a list that loaded, then failed to refresh). */
async function failedQuery(options: { meta?: typeof SHOWN_IN_PLACE; suspense?: boolean; answersFirst?: boolean }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const queryKey = ['list', Math.random()];
  if (options.answersFirst) await client.fetchQuery({ queryKey, queryFn: () => ['a row'] });
  await client
    .fetchQuery({
      queryKey,
      queryFn: () => Promise.reject(new Error('数据加载失败')),
      meta: options.meta,
      staleTime: 0,
      ...(options.suspense ? { suspense: true } : {}),
    })
    .catch(() => undefined);
  const query = client.getQueryCache().find({ queryKey });
  if (!query || query.state.status !== 'error') throw new Error('the query did not fail');
  return query;
}

describe('a failed query is toasted unless it is already said where its data would be', () => {
  it('a list that says its failed first load in place (LoadFailed, 重试) is not toasted as well', async () => {
    expect(shownInPlace(await failedQuery({ meta: SHOWN_IN_PLACE }))).toBe(true);
  });

  it('a suspense query with no data yet goes to its boundary (the page\'s or the block\'s error), not a toast', async () => {
    expect(shownInPlace(await failedQuery({ suspense: true }))).toBe(true);
  });

  it('a failed refresh of data still on screen is toasted: nothing else says it', async () => {
    expect(shownInPlace(await failedQuery({ meta: SHOWN_IN_PLACE, answersFirst: true }))).toBe(false);
    expect(shownInPlace(await failedQuery({ suspense: true, answersFirst: true }))).toBe(false);
  });

  it('any other query is toasted', async () => {
    expect(shownInPlace(await failedQuery({}))).toBe(false);
  });
});
