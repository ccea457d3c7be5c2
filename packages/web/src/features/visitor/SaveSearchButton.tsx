import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Typography } from 'antd';
import type { ButtonProps } from 'antd';
import { useState } from 'react';
import type { ParcelQueryFilters } from '../public-map/api';
import { showError } from '../../lib/request';
import { openVisitorAuth } from './auth-prompt';
import { addSavedSearch, describeFilter, savedSearchKeys } from './savedSearches';
import { useVisitor } from './session';

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
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const description = describeFilter(filter);
  const [name, setName] = useState('');
  const save = useMutation({
    mutationFn: () => addSavedSearch(name.trim(), filter),
    onSuccess: () => {
      setOpen(false);
      message.success('已保存，有符合条件的地块更新时会通知您（个人中心 › 我的订阅）');
      void queryClient.invalidateQueries({ queryKey: savedSearchKeys.list });
    },
    onError: showError,
  });

  const start = () => {
    setName((defaultName || description).slice(0, 30));
    setOpen(true);
  };
  const onClick = () => {
    if (!visitor) {
      openVisitorAuth({ mode: 'login', reason: '保存搜索需要先登录', onSuccess: start });
      return;
    }
    start();
  };

  return (
    <>
      <Button {...props} icon={<SaveOutlined />} onClick={onClick} data-testid="save-search">
        保存搜索
      </Button>
      <Modal
        open={open}
        title="保存搜索"
        okText="保存"
        cancelText="取消"
        onOk={() => save.mutate()}
        okButtonProps={{ disabled: name.trim() === '', loading: save.isPending, 'data-testid': 'save-search-ok' } as ButtonProps}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">条件：{description}</Typography.Paragraph>
        <Input
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={30}
          showCount
          placeholder="搜索名称"
          aria-label="搜索名称"
          data-testid="save-search-name"
          onPressEnter={() => name.trim() && save.mutate()}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          有符合条件的地块发布、交易状态或价格变化时，每天最多提醒一次，消息发到“我的消息”（已授权的微信也会收到）。
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
