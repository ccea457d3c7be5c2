/**
 * 我的订阅 (保存的搜索) in the personal centre: rename, pause or resume the alerts, delete; and
 * the page the unsubscribe link of a digest opens, which works without signing in.
 */
import { BellOutlined, DeleteOutlined, EditOutlined, SearchOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Modal, Result, Skeleton, Space, Switch, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@land/shared/helpers';
import { useConfirm } from '../../../components/use-confirm';
import { notify } from '../../../lib/notify';
import { showError } from '../../../lib/request';
import { useDistrictOptions, useLandClasses } from '../../public-map/api';
import {
  deleteSavedSearch,
  describeFilter,
  renameSavedSearch,
  savedSearchesQuery,
  savedSearchKeys,
  setSavedSearchPaused,
  unsubscribeSavedSearch,
  type SavedSearch,
} from '../../visitor/savedSearches';
import { LoadError } from '../ui';
import styles from './PersonalCenterPage.module.css';

function RenameDialog({ search, onClose }: { search: SavedSearch | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  useEffect(() => setName(search?.name ?? ''), [search]);
  const rename = useMutation({
    mutationFn: () => renameSavedSearch(search!.id, name.trim()),
    onSuccess: () => {
      notify.success('已重命名');
      onClose();
      void queryClient.invalidateQueries({ queryKey: savedSearchKeys.list });
    },
    onError: showError,
  });
  return (
    <Modal
      open={search !== null}
      title="重命名"
      okText="保存"
      cancelText="取消"
      onOk={() => rename.mutate()}
      okButtonProps={{ disabled: name.trim() === '', loading: rename.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={30} showCount aria-label="搜索名称" data-testid="rename-search-name" onPressEnter={() => name.trim() && rename.mutate()} />
    </Modal>
  );
}

export function SavedSearches() {
  const q = useQuery(savedSearchesQuery);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const districts = useDistrictOptions();
  const classes = useLandClasses();
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const settle = () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.list });
  const pause = useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) => setSavedSearchPaused(id, paused),
    onSuccess: (_data, { paused }) => {
      notify.success(paused ? '已暂停提醒' : '已恢复提醒');
      settle();
    },
    onError: showError,
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteSavedSearch(id),
    onSuccess: () => {
      notify.success('已删除');
      settle();
    },
    onError: showError,
  });

  if (q.isError) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  if (q.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  const list = q.data ?? [];
  if (list.length === 0)
    return (
      <Empty description="还没有保存的搜索：在地图找地或挂牌地块中设置条件后点“保存搜索”，有符合条件的地块更新时会通知您" data-testid="saved-searches-empty">
        <Link to="/index">
          <Button type="primary" icon={<SearchOutlined />}>
            去地图找地
          </Button>
        </Link>
      </Empty>
    );
  const names = { district: (c: string) => districts.nameOf.get(c), landClass: (c: string) => classes.nameOf.get(c) };
  return (
    <div data-testid="saved-searches">
      {list.map((s) => (
        <div key={s.id} className={styles.row} data-testid="saved-search-item">
          <div className={styles.rowMain}>
            <span className={styles.rowTitle} data-testid="saved-search-name">
              {s.name}
            </span>
            {s.status === 'active' ? <Tag color="blue">提醒中</Tag> : <Tag>已暂停</Tag>}
            <div className={styles.rowMeta}>{describeFilter(s.filter, names)}</div>
            <div className={styles.rowDate}>
              保存于 {formatDateTime(s.createdAt)}
              {s.lastDigestAt ? ` · 最近提醒 ${formatDateTime(s.lastDigestAt)}` : ''}
            </div>
          </div>
          <Space wrap>
            <Switch
              size="small"
              checked={s.status === 'active'}
              checkedChildren={<BellOutlined />}
              loading={pause.isPending && pause.variables?.id === s.id}
              onChange={(on) => pause.mutate({ id: s.id, paused: !on })}
              aria-label={s.status === 'active' ? '暂停提醒' : '恢复提醒'}
              data-testid="saved-search-toggle"
            />
            <Button size="small" icon={<EditOutlined />} onClick={() => setRenaming(s)} data-testid="saved-search-rename">
              重命名
            </Button>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              loading={remove.isPending && remove.variables === s.id}
              onClick={async () => {
                if (await confirm(`确定删除保存的搜索“${s.name}”吗？`, { danger: true })) remove.mutate(s.id);
              }}
              data-testid="saved-search-delete"
            >
              删除
            </Button>
          </Space>
        </div>
      ))}
      <RenameDialog search={renaming} onClose={() => setRenaming(null)} />
    </div>
  );
}

/** What the unsubscribe link of a digest shows: the search named by the signed token is paused. */
export function UnsubscribeResult({ token }: { token: string }) {
  const q = useQuery({ queryKey: ['savedSearchUnsubscribe', token], queryFn: () => unsubscribeSavedSearch(token), retry: false, staleTime: Infinity });
  if (q.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (q.isError)
    return <Result status="warning" title="退订链接无效" subTitle={q.error instanceof Error ? q.error.message : undefined} data-testid="unsubscribe-result" />;
  return (
    <Result
      status="success"
      title="已退订"
      subTitle={`保存的搜索“${q.data.name}”不再提醒；登录后可在个人中心的“我的订阅”中恢复。`}
      extra={
        <Link to="/index">
          <Button type="primary">去地图找地</Button>
        </Link>
      }
      data-testid="unsubscribe-result"
    />
  );
}
