import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDeferredValue, useMemo, useState, type CSSProperties } from 'react';
import { recipientPageQuery, type Recipient } from './api';

/** What a visitor id that names no active account is shown as. */
export const GONE_VISITOR = '已停用或注销的用户';

/** A visitor as staff name them: the name (a WeChat user's nickname) and the mobile number. */
export function recipientLabel(r: Pick<Recipient, 'userName' | 'userAccount' | 'nickname'>): string {
  const name = r.nickname || r.userName || r.userAccount;
  return r.userAccount && r.userAccount !== name ? `${name}（${r.userAccount}）` : name;
}

/** The active visitor with this id, if any (cached: a column of names costs one request each). */
export function useRecipient(id: string) {
  return useQuery({
    ...recipientPageQuery({ pageNo: 1, pageSize: 1, params: [{ column: 'id', type: 'eq', val: id }] }),
    enabled: id !== '',
    staleTime: 300_000,
    select: (page) => page.list[0] ?? null,
  });
}

interface VisitorSelectProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  style?: CSSProperties;
  placeholder?: string;
}

/**
 * Picks a registered visitor by name or mobile number (as typed: digits search the number), the
 * way staff know them; the value is the visitor's id, which nobody is asked to type.
 */
export function VisitorSelect({ id, value, onChange, style, placeholder = '按姓名或手机号查找' }: VisitorSelectProps) {
  const [typed, setTyped] = useState('');
  // The choices are asked for once the list is opened, not by every search form and drawer shown.
  const [open, setOpen] = useState(false);
  const keyword = useDeferredValue(typed.trim());
  const params = keyword ? [{ column: /^\d+$/.test(keyword) ? 'userAccount' : 'userName', type: 'like' as const, val: keyword }] : [];
  const found = useQuery({ ...recipientPageQuery({ pageNo: 1, pageSize: 20, params }), placeholderData: keepPreviousData, enabled: open });
  const current = useRecipient(value ?? '');
  const options = useMemo(() => {
    const list = found.data?.list ?? [];
    const chosen = current.data && !list.some((r) => r.id === current.data!.id) ? [current.data] : [];
    return [...chosen, ...list].map((r) => ({ value: r.id, label: recipientLabel(r), title: r.sqdw ? `${recipientLabel(r)} · ${r.sqdw}` : recipientLabel(r) }));
  }, [found.data, current.data]);
  // A value that names nobody (a visitor since disabled) is shown as what it is, not as a raw id.
  const missing = Boolean(value) && current.isSuccess && !current.data;
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={(v: string | undefined) => onChange?.(v)}
      options={missing ? [{ value: value!, label: GONE_VISITOR }, ...options] : options}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTyped('');
      }}
      loading={found.isFetching}
      notFoundContent={found.isError ? '公众用户加载失败，请稍后重试' : found.isPending ? '加载中…' : '没有找到该姓名或手机号的公众用户'}
      placeholder={placeholder}
      allowClear
      style={style}
      popupMatchSelectWidth={false}
    />
  );
}
