import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, HEADERS } from '@land/shared/api';
import { PERMISSION_MESSAGES, apiPermission, roleMay, type Permission } from '@land/shared/roles';
import type { Db } from '../db/schema';
import { AppError, forbidden } from '../lib/errors';
import { accountDisabledError, resolveSession, type ActiveSession, type SessionPolicy } from '../services/sessions';

export interface StaffIdentity {
  sessionId: string;
  userId: string;
  userAccount: string;
  userName: string;
  role: string;
}

export const PASSWORD_CHANGE_MESSAGE = '请先修改密码后再使用系统';

/**
 * The answer to every call but the session ones (own profile, password change, logout) while
 * the user must change a password an administrator set (the initial admin, new and reset users).
 */
export function passwordChangeRequired(): AppError {
  return new AppError(ERROR_CODES.FORBIDDEN, PASSWORD_CHANGE_MESSAGE, 403, { mustChangePassword: true });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the call needs (defineCall sets it from `write`/`permission`); else read off the path. */
    permission?: Permission;
  }
  interface FastifyRequest {
    /** Set by the staff hook on every /api route; identity comes only from the token header. */
    staff?: StaffIdentity;
    session?: ActiveSession;
  }
}

export function tokenOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[HEADERS.token] ?? req.headers.identitytoken;
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value?.trim() || undefined;
}

/**
 * onRequest hook for the /api tree (and the staff calls under /openApi): a live staff session of
 * an enabled user, or A0006/A0007 (A0203 for a disabled account); a user who must change the password gets only the session calls.
 */
export function staffGuard(db: Db, policy: SessionPolicy) {
  return async (req: FastifyRequest): Promise<void> => {
    // Several /api subtrees add this hook as well as the root guard; resolve once.
    if (req.staff) return;
    const session = await resolveSession(db, tokenOf(req), 'staff', policy);
    const user = await db
      .selectFrom('t_user')
      .select(['id', 'userAccount', 'userName', 'role', 'status', 'mustChangePassword'])
      .where('id', '=', session.userId)
      .executeTakeFirst();
    // A deleted or disabled user's sessions are revoked; this is the belt to those braces.
    if (!user) {
      await resolveSession(db, undefined, 'staff', policy);
      return;
    }
    if (user.status !== '1') throw accountDisabledError();
    if (Number(user.mustChangePassword) === 1 && routePermission(req) !== 'session') throw passwordChangeRequired();
    req.session = session;
    req.staff = {
      sessionId: session.id,
      userId: user.id,
      userAccount: user.userAccount,
      userName: user.userName,
      role: user.role,
    };
  };
}

/** What the /api route of this request needs: its declared permission and its path (and screen). */
export function routePermission(req: FastifyRequest): Permission {
  return apiPermission(req.routeOptions.url ?? req.url.split('?')[0], req.routeOptions.config?.permission);
}

/**
 * preHandler hook for the whole /api tree, after staffGuard: the one place where a role's
 * permissions (ROLE_PERMISSIONS in @land/shared/roles) are enforced for every call.
 */
export async function permissionGuard(req: FastifyRequest): Promise<void> {
  const staff = requireStaff(req);
  const needed = routePermission(req);
  if (!roleMay(staff.role, needed)) throw forbidden(PERMISSION_MESSAGES[needed]);
}

/**
 * Root onRequest hook: every route registered under /api — whichever plugin registered it —
 * needs a live staff session and the permission its call needs. Unknown /api paths fall
 * through to the JSON 404.
 */
export function apiGuard(db: Db, policy: SessionPolicy) {
  const guard = staffGuard(db, policy);
  // Callback style: every request of every tree passes here, and only /api ones need a promise.
  return (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void => {
    const url = req.routeOptions.url;
    if (!url?.startsWith('/api/')) return done();
    guard(req)
      .then(() => permissionGuard(req))
      .then(() => done(), done);
  };
}

export function requireStaff(req: FastifyRequest): StaffIdentity {
  if (!req.staff) throw forbidden('需要后台用户登录');
  return req.staff;
}

/** preHandler: only these roles may call the route. */
export function requireRole(...roles: string[]) {
  return async (req: FastifyRequest): Promise<void> => {
    const staff = requireStaff(req);
    if (!roles.includes(staff.role)) throw forbidden();
  };
}

export function registerAuthDecorations(app: FastifyInstance): void {
  app.decorateRequest('staff', undefined);
  app.decorateRequest('session', undefined);
}
