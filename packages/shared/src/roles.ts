/** Staff roles (issue "Trust" extends them with per-screen permissions). */
export const ROLES = ['admin', 'editor', 'reviewer', 'readonly'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: '管理员',
  editor: '编辑',
  reviewer: '审核员',
  readonly: '只读',
};

/** May change data. */
export const WRITER_ROLES: readonly Role[] = ['editor', 'reviewer', 'admin'];
/** May pass reviews and publish. */
export const REVIEWER_ROLES: readonly Role[] = ['reviewer', 'admin'];

export const READ_ONLY_MESSAGE = '只读用户不能修改数据';
