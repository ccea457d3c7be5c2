/** The personal centre's account forms: profile and password, with the SPEC §5 rules (kit controls). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@land/shared/helpers';
import { notify } from '../../../lib/notify';
import { showError } from '../../../lib/request';
import { BlockError, Button, Descriptions, Field, Input, SkeletonLines } from '../../../public-ui';
import { changePassword, profileQuery, updateProfile, visitorKeys, type VisitorProfile } from '../../visitor/api';
import { confirmField, useSpecForm, type FieldSpec } from '../../visitor/form-rules';
import { updateVisitor } from '../../visitor/session';
import styles from './PersonalCenterPage.module.css';
import { PASSWORD_HINT } from '@land/shared/constants';

type ProfileField = 'userName' | 'sqdw' | 'email';
const PROFILE_FIELDS: Record<ProfileField, FieldSpec<ProfileField>> = {
  userName: { rules: ['notBlank', 'len60'], required: '姓名' },
  sqdw: { rules: ['notBlank', 'len200'], required: '申请单位' },
  email: { rules: ['email'] },
};

function ProfileForm({ profile }: { profile: VisitorProfile }) {
  const form = useSpecForm(PROFILE_FIELDS, { userName: profile.userName ?? '', sqdw: profile.sqdw ?? '', email: profile.email ?? '' });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: updateProfile,
    meta: { ownErrors: true },
    onSuccess: (saved) => {
      notify.success('资料已保存');
      updateVisitor({ userName: saved.userName, sqdw: saved.sqdw });
      queryClient.setQueryData(visitorKeys.profile, saved);
    },
    onError: (e) => {
      if (!form.applyServerErrors(e)) showError(e);
    },
  });
  return (
    <div className={styles.forms}>
      <form noValidate aria-label="个人资料" data-testid="profile-form" onSubmit={(e) => void form.onSubmit((v) => save.mutate(v))(e)}>
        <Field label="手机号（登录账号）">{(a) => <Input {...a} value={profile.userAccount} disabled readOnly />}</Field>
        <Field label="姓名" required error={form.errors.userName}>
          {(a) => <Input {...a} {...form.input('userName')} autoComplete="name" />}
        </Field>
        <Field label="申请单位" required error={form.errors.sqdw}>
          {(a) => <Input {...a} {...form.input('sqdw')} autoComplete="organization" />}
        </Field>
        <Field label="电子邮箱" error={form.errors.email}>
          {(a) => <Input {...a} {...form.input('email')} type="email" autoComplete="email" />}
        </Field>
        <Button submit kind="primary" loading={save.isPending}>
          保存
        </Button>
      </form>
      <Descriptions
        columns={1}
        items={[
          { key: 'type', label: '注册方式', children: profile.registerType === 'phone' ? '手机号注册' : profile.registerType },
          { key: 'created', label: '注册时间', children: formatDateTime(profile.createdAt) },
          { key: 'last', label: '最近登录', children: profile.lastLoginAt ? formatDateTime(profile.lastLoginAt) : '—' },
        ]}
      />
    </div>
  );
}

export function Profile() {
  const q = useQuery(profileQuery);
  if (q.isError) return <BlockError label="个人资料" error={q.error} onRetry={() => void q.refetch()} />;
  if (q.isPending) return <SkeletonLines rows={6} />;
  return <ProfileForm profile={q.data} />;
}

type PasswordField = 'oldPassword' | 'newPassword' | 'confirmPassword';
const PASSWORD_FIELDS: Record<PasswordField, FieldSpec<PasswordField>> = {
  oldPassword: { requiredMessage: '请输入原密码' },
  newPassword: { rules: ['password'], required: '新密码' },
  confirmPassword: confirmField<PasswordField>('newPassword', '请再次输入新密码'),
};

export function Password() {
  const form = useSpecForm(PASSWORD_FIELDS, { oldPassword: '', newPassword: '', confirmPassword: '' });
  const change = useMutation({
    mutationFn: (v: Record<PasswordField, string>) => changePassword(v.oldPassword, v.newPassword),
    meta: { ownErrors: true },
    onSuccess: () => {
      notify.success('密码已修改，其他设备上的登录已退出');
      form.reset();
    },
    onError: (e) => {
      if (!form.applyServerErrors(e)) showError(e);
    },
  });
  return (
    <form noValidate aria-label="修改密码" className={styles.passwordForm} data-testid="password-form" onSubmit={(e) => void form.onSubmit((v) => change.mutate(v))(e)}>
      <Field label="原密码" required error={form.errors.oldPassword}>
        {(a) => <Input {...a} {...form.input('oldPassword')} type="password" autoComplete="current-password" />}
      </Field>
      <Field label="新密码" required error={form.errors.newPassword} hint={PASSWORD_HINT}>
        {(a) => <Input {...a} {...form.input('newPassword')} type="password" autoComplete="new-password" />}
      </Field>
      <Field label="确认新密码" required error={form.errors.confirmPassword}>
        {(a) => <Input {...a} {...form.input('confirmPassword')} type="password" autoComplete="new-password" />}
      </Field>
      <Button submit kind="primary" loading={change.isPending}>
        修改密码
      </Button>
    </form>
  );
}
