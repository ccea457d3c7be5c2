import { queryOptions } from '@tanstack/react-query';
import type { Settings } from '@land/shared/settings';
import { post, postJson } from '../../lib/request';

export const settingsKeys = { all: ['settings'] as const };

export function settingsQuery() {
  return queryOptions({
    queryKey: settingsKeys.all,
    queryFn: async ({ signal }) => (await post<Settings>('/api/config/get', {}, { signal })).data,
    staleTime: 0,
  });
}

/** Saves the given keys only (the server leaves the others as they are) and answers the whole set. */
export async function saveSettings(changes: Partial<Settings>): Promise<Settings> {
  return (await postJson<Settings>('/api/config/save', changes)).data;
}
