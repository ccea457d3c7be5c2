/**
 * The visitor's own calls (SPEC §7): register and login, collections, messages, consultations,
 * profile and password. Everything past login goes through the visitor client (request.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { PageResult, VisitorProfile } from '@land/shared/api';
import { post } from '../../lib/request';
import { visitorPost } from './request';
import type { VisitorLoginResult } from './session';

export type { VisitorProfile };

export interface RegisterRequest {
  userAccount: string;
  password: string;
  userName: string;
  sqdw: string;
  email?: string;
}

export interface LoginRequest {
  userAccount: string;
  password: string;
}

/** Registration answers like a login: the visitor is signed in at once. */
export async function registerVisitor(request: RegisterRequest): Promise<VisitorLoginResult> {
  return (await post<VisitorLoginResult>('/openApi/register', request)).data;
}

export async function loginVisitor(request: LoginRequest): Promise<VisitorLoginResult> {
  return (await post<VisitorLoginResult>('/openApi/visitorLogin', request)).data;
}

export async function logoutVisitor(): Promise<void> {
  await visitorPost('/openApi/visitorLogout', {}, undefined, { quiet: true });
}

export const visitorKeys = {
  all: ['visitor'] as const,
  profile: ['visitor', 'profile'] as const,
  collections: (pageNo: number, pageSize: number) => ['visitor', 'collections', pageNo, pageSize] as const,
  collected: (dkid: string) => ['visitor', 'collected', dkid] as const,
  messages: (pageNo: number, pageSize: number, isRead: string) => ['visitor', 'messages', pageNo, pageSize, isRead] as const,
  unread: ['visitor', 'unread'] as const,
  problems: (pageNo: number, pageSize: number) => ['visitor', 'problems', pageNo, pageSize] as const,
};

export const profileQuery = queryOptions({
  queryKey: visitorKeys.profile,
  queryFn: async ({ signal }) => (await visitorPost<VisitorProfile>('/openApi/visitor/getInfo', {}, signal)).data,
});

export async function updateProfile(changes: { userName: string; sqdw?: string; email?: string }): Promise<VisitorProfile> {
  return (await visitorPost<VisitorProfile>('/openApi/visitor/updateInfo', changes)).data;
}

export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await visitorPost('/openApi/visitor/updatePassword', { oldPassword, newPassword });
}

// ------------------------------------------------------------------ collections

export interface CollectedParcel {
  id: string;
  dkmc?: string;
  dkbh?: string;
  areacode?: string;
  areaname?: string | null;
  dlcode?: string;
  dlname?: string | null;
  landArea?: number | null;
  landAreaMu?: number | null;
  startingPrice?: number | null;
  tradeState?: string;
  location?: string;
  photo?: string | null;
  [key: string]: unknown;
}

/** One collection: its id, the parcel and when (parcels taken down since drop out of the list). */
export interface CollectionRow {
  id: string;
  dkid: string;
  collectedAt?: string;
  createdAt?: string;
  parcel?: CollectedParcel | null;
  [key: string]: unknown;
}

export const collectionsQuery = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: visitorKeys.collections(pageNo, pageSize),
    queryFn: async ({ signal }) => (await visitorPost<PageResult<CollectionRow>>('/openApi/tCollection/selectInfosByPage', { pageNo, pageSize }, signal)).data,
  });

export const collectedQuery = (dkid: string) =>
  queryOptions({
    queryKey: visitorKeys.collected(dkid),
    queryFn: async ({ signal }) => Boolean((await visitorPost<unknown>('/openApi/tCollection/getBooleanByDkid', { dkid }, signal)).data),
  });

export async function addCollection(dkid: string): Promise<void> {
  await visitorPost('/openApi/tCollection/addCollection', { dkid });
}

export async function deleteCollection(request: { id?: string; dkid?: string }): Promise<void> {
  await visitorPost('/openApi/tCollection/deleteCollectionByID', request);
}

// ------------------------------------------------------------------ messages

export interface MessageRow {
  id: string;
  title: string;
  content?: string;
  type?: string;
  isRead?: number | boolean;
  readAt?: string | null;
  sourceId?: string | null;
  /** The published parcel the message is about (null when it is about none, or no longer public). */
  parcel?: { id: string; dkmc: string | null; tradeState: string | null } | null;
  /** The published notice (通知公告) the message is about, likewise. */
  notice?: { id: string; title: string | null } | null;
  createdAt: string;
  [key: string]: unknown;
}

export const messagesQuery = (pageNo: number, pageSize: number, isRead: string) =>
  queryOptions({
    queryKey: visitorKeys.messages(pageNo, pageSize, isRead),
    queryFn: async ({ signal }) =>
      (await visitorPost<PageResult<MessageRow> & { unread?: number }>('/openApi/tMessage/selectDetailByPage', { pageNo, pageSize, isRead }, signal)).data,
  });

/** The number of unread messages (selectByPage answers it beside the page). */
export const unreadQuery = queryOptions({
  queryKey: visitorKeys.unread,
  queryFn: async ({ signal }) => {
    const data = (await visitorPost<PageResult<MessageRow> & { unread?: number }>('/openApi/tMessage/selectByPage', { pageNo: 1, pageSize: 1, isRead: '0' }, signal)).data;
    return typeof data.unread === 'number' ? data.unread : data.total;
  },
  // No polling: a timer would keep an idle visitor's session alive for ever. A new look is enough.
  refetchOnWindowFocus: true,
  staleTime: 60_000,
});

/** Marks the given messages read, or all of them when `ids` is 'all'. */
export async function markMessagesRead(ids: string[] | 'all'): Promise<void> {
  await visitorPost('/openApi/tMessage/readMessage', ids === 'all' ? { all: 1 } : { ids: ids.join(',') });
}

export async function deleteMessages(ids: string[]): Promise<void> {
  await visitorPost('/openApi/tMessage/deleteMessage', { ids: ids.join(',') });
}

// ------------------------------------------------------------------ consultations

export interface ProblemRow {
  id: string;
  title: string;
  category?: string;
  content: string;
  askerName?: string;
  status?: string;
  answer?: string | null;
  answeredAt?: string | null;
  createdAt: string;
  [key: string]: unknown;
}

/** The visitor's own questions with their answers. */
export const myProblemsQuery = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: visitorKeys.problems(pageNo, pageSize),
    queryFn: async ({ signal }) => (await visitorPost<PageResult<ProblemRow>>('/openApi/getMyProblemList', { pageNo, pageSize }, signal)).data,
  });
