import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SAVED_SEARCH_NAME_MAX } from '@land/shared/constants';
import type { ParcelQueryFilters } from '../public-map/api';
import { notify } from '../../lib/notify';
import { showError } from '../../lib/request';
import { Button, Modal } from '../../public-ui';
import type { ButtonProps } from '../../public-ui';
import { SaveOutlined } from '../../public-ui/icons/SaveOutlined';
import { openVisitorAuth } from './auth-prompt';
import { addSavedSearch, describeFilter, savedSearchKeys, useFilterNames } from './savedSearches';
import { SearchNameField, searchNameOk } from './SearchNameField';
import { useVisitor } from './session';
import styles from './SaveSearchButton.module.css';

interface SaveSearchButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** The filters of the search as it is shown (applied, not being edited). */
  filter: ParcelQueryFilters;
  /** The name proposed in the dialog. */
  defaultName?: string;
}

/**
 * 保存搜索: asks for a name and saves the search's filters; a visitor who is not signed in is
 * asked to log in first and the dialog opens right after.
 */
export function SaveSearchButton({ filter, defaultName, ...props }: SaveSearchButtonProps) {
  const visitor = useVisitor();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // In names (临港物流园 · 工业用地 · 挂牌中), as the personal centre lists it, not codes.
  const description = describeFilter(filter, useFilterNames());
  const [name, setName] = useState('');
  const save = useMutation({
    mutationFn: () => addSavedSearch(name.trim(), filter),
    onSuccess: () => {
      setOpen(false);
      notify.success('已保存，有符合条件的地块更新时会通知您（个人中心 › 我的订阅）');
      void queryClient.invalidateQueries({ queryKey: savedSearchKeys.list });
    },
    onError: showError,
  });

  const start = () => {
    setName((defaultName || description).slice(0, SAVED_SEARCH_NAME_MAX));
    setOpen(true);
  };
  const onClick = () => {
    if (!visitor) {
      openVisitorAuth({ mode: 'login', reason: '保存搜索需要先登录', onSuccess: start });
      return;
    }
    start();
  };
  const submit = () => {
    if (searchNameOk(name) && !save.isPending) save.mutate();
  };

  return (
    <>
      <Button {...props} icon={<SaveOutlined />} onClick={onClick} data-testid="save-search">
        保存搜索
      </Button>
      <Modal
        open={open}
        title="保存搜索"
        onClose={() => setOpen(false)}
        testId="save-search-dialog"
        footer={
          <>
            <Button onClick={() => setOpen(false)}>取消</Button>
            <Button kind="primary" disabled={!searchNameOk(name)} loading={save.isPending} onClick={submit} data-testid="save-search-ok">
              保存
            </Button>
          </>
        }
      >
        <p className={styles.note}>条件：{description}</p>
        <SearchNameField value={name} onChange={setName} onEnter={submit} testId="save-search-name" />
        <p className={styles.note}>有符合条件的地块发布、交易状态或价格变化时，每天最多提醒一次，消息发到“我的消息”（已授权的微信也会收到）。</p>
      </Modal>
    </>
  );
}
