import type { UserRole, UserStatus } from './api';

export const ROLE_LABELS: Record<UserRole, string> = {
  admin: '管理员',
  editor: '编辑',
  reviewer: '审核员',
  readonly: '只读',
};

export const STATUS_LABELS: Record<UserStatus, string> = {
  '1': '启用',
  '0': '停用',
};

export const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as UserRole[]).map((value) => ({ value, label: ROLE_LABELS[value] }));

// Listed explicitly: Object.keys would put '0' (禁用) before '1' (启用).
export const STATUS_OPTIONS = (['1', '0'] as const).map((value) => ({ value, label: STATUS_LABELS[value] }));
