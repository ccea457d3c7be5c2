/**
 * 我的订阅 (保存的搜索) in the personal centre: rename, pause or resume the alerts, delete; and
 * the page the unsubscribe link of a digest opens, which works without signing in.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@land/shared/helpers';
import { notify } from '../../../lib/notify';
import { showError } from '../../../lib/request';
import { BlockError, Button, buttonClass, Empty, Modal, SkeletonLines, Tag, useConfirm } from '../../../public-ui';
import { CheckCircleFilled } from '../../../public-ui/icons/CheckCircleFilled';
import { DeleteOutlined } from '../../../public-ui/icons/DeleteOutlined';
import { EditOutlined } from '../../../public-ui/icons/EditOutlined';
import { ExclamationCircleFilled } from '../../../public-ui/icons/ExclamationCircleFilled';
import { SearchOutlined } from '../../../public-ui/icons/SearchOutlined';
import {
  deleteSavedSearch,
  describeFilter,
  renameSavedSearch,
  savedSearchesQuery,
  savedSearchLink,
  savedSearchKeys,
  setSavedSearchPaused,
  unsubscribeSavedSearch,
  useFilterNames,
  type SavedSearch,
} from '../../visitor/savedSearches';
import { SearchNameField, searchNameOk } from '../../visitor/SearchNameField';
import styles from './PersonalCenterPage.module.css';

function RenameDialog({ search, onClose }: { search: SavedSearch | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<SavedSearch | null>(null);
  // A new search to rename starts from its current name.
  if (search !== editing) {
    setEditing(search);
    setName(search?.name ?? '');
  }
  const rename = useMutation({
    mutationFn: () => renameSavedSearch(search!.id, name.trim()),
    onSuccess: () => {
      notify.success('已重命名');
      onClose();
      void queryClient.invalidateQueries({ queryKey: savedSearchKeys.list });
    },
    onError: showError,
  });
  const submit = () => {
    if (searchNameOk(name) && !rename.isPending) rename.mutate();
  };
  return (
    <Modal
      open={search !== null}
      title="重命名"
      onClose={onClose}
      testId="rename-search-dialog"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button kind="primary" disabled={!searchNameOk(name)} loading={rename.isPending} onClick={submit} data-testid="rename-search-ok">
            保存
          </Button>
        </>
      }
    >
      <SearchNameField value={name} onChange={setName} onEnter={submit} testId="rename-search-name" />
    </Modal>
  );
}

export function SavedSearches() {
  const q = useQuery(savedSearchesQuery);
  const queryClient = useQueryClient();
  const [confirm, confirmDialog] = useConfirm();
  const names = useFilterNames();
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

  if (q.isError) return <BlockError label="保存的搜索" error={q.error} onRetry={() => void q.refetch()} />;
  if (q.isPending) return <SkeletonLines rows={4} />;
  const list = q.data;
  if (list.length === 0)
    return (
      <div data-testid="saved-searches-empty">
        <Empty text="还没有保存的搜索：在地图找地或挂牌地块中设置条件后点“保存搜索”，有符合条件的地块更新时会通知您">
          <Link to="/index" className={buttonClass('primary')}>
            <SearchOutlined /> 去地图找地
          </Link>
        </Empty>
      </div>
    );
  return (
    <div data-testid="saved-searches">
      <ul className={styles.list}>
        {list.map((s) => {
          const active = s.status === 'active';
          const busy = pause.isPending && pause.variables?.id === s.id;
          return (
            <li key={s.id} className={styles.row} data-testid="saved-search-item">
              <div className={styles.rowMain}>
                <span className={styles.rowTitle} data-testid="saved-search-name">
                  {s.name}
                </span>
                {active ? <Tag color="blue">提醒中</Tag> : <Tag>已暂停</Tag>}
                <div className={styles.rowMeta}>{describeFilter(s.filter, names)}</div>
                <div className={styles.rowDate}>
                  保存于 {formatDateTime(s.createdAt)}
                  {s.lastDigestAt ? ` · 最近提醒 ${formatDateTime(s.lastDigestAt)}` : ''}
                </div>
              </div>
              <div className={styles.actions}>
                <Link {...savedSearchLink(s.filter)} className={buttonClass('default', 'small')} aria-label={`查看“${s.name}”的地块`} data-testid="saved-search-open">
                  <SearchOutlined /> 查看
                </Link>
                <label className={styles.switch}>
                  <input
                    type="checkbox"
                    role="switch"
                    checked={active}
                    disabled={busy}
                    onChange={(e) => pause.mutate({ id: s.id, paused: !e.target.checked })}
                    data-testid="saved-search-toggle"
                  />
                  提醒
                </label>
                <Button size="small" icon={<EditOutlined />} onClick={() => setRenaming(s)} data-testid="saved-search-rename">
                  重命名
                </Button>
                <Button
                  size="small"
                  kind="danger"
                  icon={<DeleteOutlined />}
                  loading={remove.isPending && remove.variables === s.id}
                  onClick={async () => {
                    if (await confirm(`确定删除保存的搜索“${s.name}”吗？`, { danger: true })) remove.mutate(s.id);
                  }}
                  data-testid="saved-search-delete"
                >
                  删除
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <RenameDialog search={renaming} onClose={() => setRenaming(null)} />
      {confirmDialog}
    </div>
  );
}

/** What the unsubscribe link of a digest shows: the search named by the signed token is paused. */
export function UnsubscribeResult({ token }: { token: string }) {
  const q = useQuery({ queryKey: ['savedSearchUnsubscribe', token], queryFn: () => unsubscribeSavedSearch(token), retry: false, staleTime: Infinity });
  if (q.isPending) return <SkeletonLines rows={3} />;
  if (q.isError)
    return (
      <div className={styles.result} data-testid="unsubscribe-result">
        <ExclamationCircleFilled className={`${styles.resultIcon} ${styles.resultWarning}`} />
        <h2 className={styles.resultTitle}>退订链接无效</h2>
        {q.error instanceof Error && <p className={styles.resultText}>{q.error.message}</p>}
      </div>
    );
  return (
    <div className={styles.result} data-testid="unsubscribe-result">
      <CheckCircleFilled className={`${styles.resultIcon} ${styles.resultSuccess}`} />
      <h2 className={styles.resultTitle}>已退订</h2>
      <p className={styles.resultText}>保存的搜索“{q.data.name}”不再提醒；登录后可在个人中心的“我的订阅”中恢复。</p>
      <Link to="/index" className={buttonClass('primary')}>
        去地图找地
      </Link>
    </div>
  );
}
