import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADERS } from '@land/shared/api';
import type { Db } from '../db/schema';
import { forbidden } from '../lib/errors';
import { resolveSession, type ActiveSession, type SessionPolicy } from '../services/sessions';

export interface StaffIdentity {
  sessionId: string;
  userId: string;
  userAccount: string;
  userName: string;
  role: string;
}

declare module 'fastify' {
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

/** onRequest hook for the /api tree: a live staff session of an enabled user, or A0006/A0007. */
export function staffGuard(db: Db, policy: SessionPolicy) {
  return async (req: FastifyRequest): Promise<void> => {
    const session = await resolveSession(db, tokenOf(req), 'staff', policy);
    const user = await db
      .selectFrom('t_user')
      .select(['id', 'userAccount', 'userName', 'role', 'status'])
      .where('id', '=', session.userId)
      .executeTakeFirst();
    if (!user || user.status !== '1') {
      // A deleted or disabled user's sessions are revoked; this is the belt to those braces.
      await resolveSession(db, undefined, 'staff', policy);
      return;
    }
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
