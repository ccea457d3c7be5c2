import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zOptionalString, zRequiredString } from '@land/shared/validation';
import type { AppContext } from '../context';
import { sessionPolicy } from '../context';
import { requireRole, requireStaff } from '../plugins/auth';
import { defineCall } from '../lib/call';
import { validationError } from '../lib/errors';
import { pagedQuerySchema, runPagedQuery, type QueryColumns } from '../lib/pagedQuery';
import { continueSession, revokeSession } from '../services/sessions';
import {
  ROLES,
  USER_CONTACT_COLUMNS,
  USER_PUBLIC_COLUMNS,
  addUser,
  changeOwnPassword,
  deleteUsers,
  findUserByAccount,
  findUserById,
  presentUser,
  resetPassword,
  setStatus,
  updateUser,
  type PublicUser,
} from '../services/users';

const role = z.enum(ROLES, { error: '角色不正确' });
const status = z.enum(['0', '1'], { error: '状态只能是启用或停用' });
const id = z.string({ error: '缺少用户编号' }).min(1, '缺少用户编号').max(32, '用户编号不正确');

/** ids arrive as an array (JSON) or comma-separated text (form). */
export const idList = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    // A form field carries a comma list or the JSON text of an array.
    if (v.trim().startsWith('[')) {
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    }
    return v.split(',').map((s) => s.trim()).filter(Boolean);
  },
  z.array(z.string().min(1).max(32), { error: '请选择要删除的记录' }).min(1, '请选择要删除的记录').max(500, '一次最多删除500条'),
);

const USER_QUERY_COLUMNS: QueryColumns = {
  id: 'text',
  userAccount: 'text',
  userName: 'text',
  phone: 'text',
  email: 'text',
  company: 'text',
  status: 'text',
  role: 'text',
  createdAt: 'date',
  updatedAt: 'date',
  lastLoginAt: 'date',
};

function withoutContact(columns: QueryColumns): QueryColumns {
  return Object.fromEntries(Object.entries(columns).filter(([name]) => !(USER_CONTACT_COLUMNS as readonly string[]).includes(name)));
}

const userFields = {
  userName: zRequiredString('姓名', 'notBlank', 'len60'),
  phone: zOptionalString('phone'),
  email: zOptionalString('email', 'len200'),
  company: zOptionalString('len200'),
};

const userOut = z.object({
  id: z.string(),
  userAccount: z.string(),
  userName: z.string(),
  // Only for administrators and the user themself.
  phone: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  company: z.string().nullable(),
  status: z.string(),
  role: z.string(),
  mustChangePassword: z.number(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Staff session calls and user management (SPEC §7 tUser). */
export function registerUserRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const adminOnly = { preHandler: requireRole('admin') };
  const tags = ['用户管理'];

  defineCall(api, '/logout', { summary: '退出登录', tags: ['认证'], input: z.object({}) }, async (_input, req) => {
    await revokeSession(db, requireStaff(req).sessionId);
    return null;
  });

  defineCall(
    api,
    '/session/continue',
    {
      summary: '继续使用：空闲时限从现在重新计算',
      tags: ['认证'],
      input: z.object({}),
      output: z.object({ idleMinutes: z.number(), expiresAt: z.string() }),
    },
    async (_input, req) => continueSession(db, requireStaff(req).sessionId, sessionPolicy(ctx.config)),
  );

  defineCall(
    api,
    '/currentUser',
    { summary: '当前登录用户', tags: ['认证'], input: z.object({}), output: userOut },
    async (_input, req) => presentUser((await findUserById(db, requireStaff(req).userId))!),
  );

  defineCall(
    api,
    '/tUser/selectByPage',
    { summary: '分页查询用户', tags, input: pagedQuerySchema, output: z.object({ list: z.array(userOut), total: z.number() }) },
    async (input, req) => {
      const staff = requireStaff(req);
      // Others may not find a colleague by phone or e-mail either.
      const columns = staff.role === 'admin' ? USER_QUERY_COLUMNS : withoutContact(USER_QUERY_COLUMNS);
      const page = await runPagedQuery<PublicUser>(db, ctx.dialect, { table: 't_user', select: [...USER_PUBLIC_COLUMNS], columns }, input);
      return { ...page, list: page.list.map((u) => presentUser(u, staff)) };
    },
  );

  defineCall(
    api,
    '/tUser/selectByUserName',
    { summary: '按账号查询用户（账号是否已存在）', tags, input: z.object({ userAccount: zRequiredString('账号').max(50) }), output: userOut.nullable() },
    async (input, req) => {
      const user = await findUserByAccount(db, input.userAccount.trim());
      return user ? presentUser(user, requireStaff(req)) : null;
    },
  );

  defineCall(
    api,
    '/tUser/addUser',
    {
      summary: '新增用户',
      tags,
      options: adminOnly,
      output: userOut,
      input: z.object({
        userAccount: zRequiredString('账号', 'username'),
        password: zRequiredString('密码', 'password'),
        ...userFields,
        role: role.default('editor'),
        status: status.default('1'),
      }),
    },
    async (input) => presentUser(await addUser(db, { ...input, mustChangePassword: true })),
  );

  defineCall(
    api,
    '/tUser/updateUser',
    {
      summary: '修改用户',
      tags,
      options: adminOnly,
      output: userOut,
      input: z.object({ id, ...userFields, role: role.optional(), status: status.optional() }),
    },
    async (input, req) => {
      const { id: userId, ...changes } = input;
      return presentUser(await updateUser(db, requireStaff(req).userId, userId, changes));
    },
  );

  defineCall(
    api,
    '/tUser/updateStatus',
    { summary: '启用或停用用户（停用即下线）', tags, options: adminOnly, output: userOut, input: z.object({ id, status }) },
    async (input, req) => presentUser(await setStatus(db, requireStaff(req).userId, input.id, input.status)),
  );

  defineCall(
    api,
    '/tUser/updatePassword',
    {
      summary: '修改密码：本人需原密码；管理员可重置他人密码',
      tags,
      input: z.object({
        id: id.optional(),
        oldPassword: z.string().max(100).optional(),
        newPassword: zRequiredString('新密码', 'password'),
      }),
    },
    async (input, req) => {
      const staff = requireStaff(req);
      if (!input.id || input.id === staff.userId) {
        if (!input.oldPassword) throw validationError('oldPassword', '请输入原密码');
        await changeOwnPassword(db, staff.userId, staff.sessionId, input.oldPassword, input.newPassword);
        return null;
      }
      await requireRole('admin')(req);
      await resetPassword(db, input.id, input.newPassword);
      return null;
    },
  );

  defineCall(
    api,
    '/tUser/batchDelete',
    { summary: '批量删除用户', tags, options: adminOnly, input: z.object({ ids: idList }) },
    async (input, req) => ({ deleted: await deleteUsers(db, requireStaff(req).userId, input.ids) }),
  );
}
