import { queryOptions } from '@tanstack/react-query';
import type { PageResult, PagedQuery } from '@land/shared';
import { post } from '../../lib/request';

export type UserRole = 'admin' | 'editor' | 'reviewer' | 'readonly';
/** '1' enabled, '0' disabled. */
export type UserStatus = '1' | '0';

export interface User {
  id: string;
  userAccount: string;
  userName: string;
  /** Sent to administrators only. */
  phone?: string | null;
  email?: string | null;
  company: string | null;
  status: UserStatus;
  role: UserRole;
  mustChangePassword: boolean;
  createdAt: string;
  updatedAt: string;
  lastLoginAt: string | null;
}

export interface NewUser {
  userAccount: string;
  userName: string;
  password: string;
  phone?: string;
  email?: string;
  company?: string;
  role: UserRole;
  status: UserStatus;
}

export interface UserChanges {
  id: string;
  userName: string;
  phone?: string;
  email?: string;
  company?: string;
  role: UserRole;
  status: UserStatus;
}

const BASE = '/api/tUser';

export const userKeys = {
  all: ['users'] as const,
  page: (query: PagedQuery) => [...userKeys.all, 'page', query] as const,
};

export function userPageQuery(query: PagedQuery) {
  return queryOptions({
    queryKey: userKeys.page(query),
    queryFn: async ({ signal }) => (await post<PageResult<User>>(`${BASE}/selectByPage`, query, { signal })).data,
  });
}

export async function findUserByAccount(userAccount: string, signal?: AbortSignal): Promise<User | null> {
  return (await post<User | null>(`${BASE}/selectByUserName`, { userAccount }, { signal })).data;
}

export async function addUser(user: NewUser): Promise<void> {
  await post(`${BASE}/addUser`, user);
}

export async function updateUser(changes: UserChanges): Promise<void> {
  await post(`${BASE}/updateUser`, changes);
}

/** An administrator sets another user's password. */
export async function resetPassword(id: string, newPassword: string): Promise<void> {
  await post(`${BASE}/updatePassword`, { id, newPassword });
}

export async function updateStatus(id: string, status: UserStatus): Promise<void> {
  await post(`${BASE}/updateStatus`, { id, status });
}

export async function deleteUsers(ids: readonly string[]): Promise<void> {
  await post(`${BASE}/batchDelete`, { ids: ids.join(',') });
}
