import type { CaptchaResult, LoginRequest, LoginResult } from '@land/shared/api';
import { get, post } from '../../lib/request';

export async function login(request: LoginRequest): Promise<LoginResult> {
  const body = await post<LoginResult>('/openApi/login', request);
  return body.data;
}

/** A fresh login captcha (each one is good for one attempt). */
export async function fetchCaptcha(): Promise<CaptchaResult> {
  const body = await get<CaptchaResult>('/openApi/captcha');
  return body.data;
}

/** 继续使用: the session's idle limit starts again; answers its limits. */
export async function continueSession(): Promise<{ idleMinutes: number; expiresAt: string }> {
  return (await post<{ idleMinutes: number; expiresAt: string }>('/api/session/continue')).data;
}

export async function logout(): Promise<void> {
  await post<null>('/api/logout');
}

export interface ChangeOwnPasswordRequest {
  oldPassword: string;
  newPassword: string;
}

/** The server revokes the user's other sessions and keeps this one. */
export async function changeOwnPassword(request: ChangeOwnPasswordRequest): Promise<void> {
  await post<null>('/api/tUser/updatePassword', request);
}
