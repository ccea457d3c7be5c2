import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@land/shared/api';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { tokenOf } from '../../plugins/auth';
import { NOT_LOGGED_IN_MESSAGE, accountDisabledError, resolveSession } from '../../services/sessions';
import { findVisitor, visitorSessionPolicy } from '../../services/visitors';

export interface VisitorIdentity {
  sessionId: string;
  userId: string;
  userAccount: string;
  userName: string;
  sqdw: string;
}

/**
 * Who may call a public route: 'required' a signed-in visitor (A0006/A0007, or A0203 for a
 * disabled account, otherwise),
 * 'optional' anyone, with `req.visitor` set when a live visitor token came along.
 */
export type VisitorAccess = 'required' | 'optional';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the visitor hook of the public tree; identity comes only from the token header. */
    visitor?: VisitorIdentity;
  }
  interface FastifyContextConfig {
    visitor?: VisitorAccess;
  }
}

/** Route options of a call for signed-in visitors. */
export const VISITOR_ONLY = { config: { visitor: 'required' as const } };
/** Route options of a public call that knows the visitor when one is signed in. */
export const VISITOR_OPTIONAL = { config: { visitor: 'optional' as const } };

/**
 * The one onRequest hook of the public tree: reads the route's `visitor` flag and resolves the
 * visitor session. Handlers never check tokens themselves; they read `req.visitor` (through
 * requireVisitor where the route is visitor-only).
 */
export function registerVisitorGuard(open: FastifyInstance, ctx: AppContext): void {
  const policy = visitorSessionPolicy(ctx.config);
  open.decorateRequest('visitor', undefined);
  const resolve = async (req: FastifyRequest, access: VisitorAccess, token: string | undefined): Promise<void> => {
    try {
      const session = await resolveSession(ctx.db, token, 'visitor', policy);
      const visitor = await findVisitor(ctx.db, session.userId);
      if (!visitor) throw new AppError(ERROR_CODES.NOT_LOGGED_IN, NOT_LOGGED_IN_MESSAGE, 401);
      if (visitor.status !== '1') throw accountDisabledError();
      req.visitor = {
        sessionId: session.id,
        userId: visitor.id,
        userAccount: visitor.userAccount,
        userName: visitor.userName,
        sqdw: visitor.sqdw ?? '',
      };
    } catch (err) {
      // A stale or staff token on a call anyone may make: answer as to a guest.
      if (access === 'optional' && err instanceof AppError) return;
      throw err;
    }
  };
  // Callback style: a guest on a public call (most requests) passes without a promise.
  open.addHook('onRequest', (req, _reply, done) => {
    const access = req.routeOptions.config?.visitor;
    if (!access) return done();
    const token = tokenOf(req);
    if (access === 'optional' && !token) return done();
    resolve(req, access, token).then(() => done(), done);
  });
}

/** The signed-in visitor of a visitor-only route (the hook has already refused guests). */
export function requireVisitor(req: FastifyRequest): VisitorIdentity {
  if (!req.visitor) throw new AppError(ERROR_CODES.NOT_LOGGED_IN, NOT_LOGGED_IN_MESSAGE, 401);
  return req.visitor;
}
