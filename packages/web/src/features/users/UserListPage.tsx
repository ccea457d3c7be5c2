import { DeleteOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { Button, Form, Input, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatDateTime } from '@land/shared';
import { ScreenCard } from '../../components/ScreenCard';
import { LoadFailed } from '../../components/list/LoadFailed';
import { urlPaging, useListState } from '../../components/list/use-list-state';
import { useConfirm } from '../../components/use-confirm';
import { notify } from '../../lib/notify';
import { buildPagedQuery } from '../../lib/paged-query';
import { getSession } from '../../lib/session';
import type { User, UserStatus } from './api';
import { deleteUsers, updateStatus, userKeys, userPageQuery } from './api';
import { ROLE_LABELS, STATUS_LABELS, STATUS_OPTIONS } from './labels';
import type { UserFormTarget } from './UserFormModal';
import { UserFormModal } from './UserFormModal';
import { ResetPasswordModal } from './ResetPasswordModal';
import { zhRowSelection } from '../../components/list/row-selection';
import { SHOWN_IN_PLACE } from '../../lib/query-client';

const FILTERS = ['userAccount', 'userName', 'status'] as const;
type Filter = (typeof FILTERS)[number];

const FILTER_TYPES = { userAccount: 'like', userName: 'like', status: 'eq' } as const;

type SearchValues = Partial<Record<Filter, string>>;

export function UserListPage() {
  const list = useListState<Filter>(FILTERS);
  const { state } = list;
  const query = useMemo(() => buildPagedQuery(state, FILTER_TYPES), [state]);
  const queryKeyText = JSON.stringify(query);
  const users = useQuery({ ...userPageQuery(query), placeholderData: keepPreviousData, meta: SHOWN_IN_PLACE });
  const { data, isFetching, isPending } = users;
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [searchForm] = Form.useForm<SearchValues>();
  const [formTarget, setFormTarget] = useState<UserFormTarget | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  // Selection belongs to one result page; a new query starts with nothing selected.
  const [selection, setSelection] = useState<{ query: string; ids: string[] }>({ query: '', ids: [] });
  const selectedIds = selection.query === queryKeyText ? selection.ids : [];
  const session = getSession();
  const selfId = session?.userId ?? '';
  // The server sends staff phone and e-mail to administrators only.
  const showContact = session?.role === 'admin';

  const rows = data?.list ?? [];
  const total = data?.total ?? 0;

  const statusMutation = useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserStatus }) => updateStatus(id, status),
    onSuccess: async (_result, { status }) => {
      notify.success(status === '1' ? '已启用' : '已停用');
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });

  const deleteMutation = useMutation({
    mutationFn: deleteUsers,
    onSuccess: async (_result, ids) => {
      notify.success('删除成功');
      setSelection({ query: '', ids: [] });
      // Deleting the whole last page would leave an empty page behind.
      if (ids.length >= rows.length && state.pageNo > 1) list.setPage(state.pageNo - 1);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });

  const toggleStatus = async (user: User, enabled: boolean) => {
    const action = enabled ? '启用' : '停用';
    if (!(await confirm(`确定要${action}用户“${user.userName}”吗？`, { danger: !enabled }))) return;
    statusMutation.mutate({ id: user.id, status: enabled ? '1' : '0' });
  };

  const deleteSelected = async () => {
    if (selectedIds.length === 0) return;
    if (!(await confirm(`确定要删除选中的 ${selectedIds.length} 个用户吗？删除后无法恢复。`, { danger: true }))) return;
    deleteMutation.mutate(selectedIds);
  };

  const sortOrderOf = (key: string) => (state.sortField === key ? state.sortOrder : null);

  const columns: TableColumnsType<User> = [
    { title: '账号', dataIndex: 'userAccount', key: 'userAccount', sorter: true, sortOrder: sortOrderOf('userAccount'), width: 130 },
    { title: '姓名', dataIndex: 'userName', key: 'userName', sorter: true, sortOrder: sortOrderOf('userName'), width: 110 },
    ...(showContact
      ? [
          { title: '手机号', dataIndex: 'phone', key: 'phone', sorter: true, sortOrder: sortOrderOf('phone'), width: 130 },
          { title: '邮箱', dataIndex: 'email', key: 'email', sorter: true, sortOrder: sortOrderOf('email'), ellipsis: true },
        ]
      : []),
    {
      title: '所属单位',
      dataIndex: 'company',
      key: 'company',
      sorter: true,
      sortOrder: sortOrderOf('company'),
      ellipsis: true,
    },
    {
      title: '角色',
      dataIndex: 'role',
      key: 'role',
      sorter: true,
      sortOrder: sortOrderOf('role'),
      width: 90,
      render: (role: User['role']) => <Tag color={role === 'admin' ? 'blue' : undefined}>{ROLE_LABELS[role] ?? role}</Tag>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      sortOrder: sortOrderOf('status'),
      width: 100,
      render: (status: UserStatus, user) => (
        <Switch
          checked={status === '1'}
          checkedChildren={STATUS_LABELS['1']}
          unCheckedChildren={STATUS_LABELS['0']}
          loading={statusMutation.isPending && statusMutation.variables?.id === user.id}
          disabled={user.id === selfId}
          onChange={(checked) => void toggleStatus(user, checked)}
          aria-label={`${user.userAccount} 状态`}
        />
      ),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      sortOrder: sortOrderOf('createdAt'),
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_value, user) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setFormTarget({ mode: 'edit', user })}>
            编辑
          </Button>
          {/* One's own password is changed from the header menu, which asks for the old one. */}
          {user.id !== selfId && (
            <Button type="link" size="small" onClick={() => setResetting(user)}>
              重置密码
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ScreenCard title="用户管理">
      <Form<SearchValues>
        form={searchForm}
        name="userSearch"
        layout="inline"
        // '' would show as an empty choice in the status select instead of its placeholder.
        initialValues={Object.fromEntries(Object.entries(state.filters).map(([k, v]) => [k, v || undefined]))}
        onFinish={(values) => list.setFilters(values)}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item label="账号" name="userAccount">
          <Input placeholder="请输入账号" allowClear />
        </Form.Item>
        <Form.Item label="姓名" name="userName">
          <Input placeholder="请输入姓名" allowClear />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Select placeholder="全部" allowClear options={STATUS_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                searchForm.resetFields();
                // resetFields restores the values the form mounted with; clear them outright.
                searchForm.setFieldsValue({ userAccount: undefined, userName: undefined, status: undefined });
                list.resetFilters();
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>

      <Space style={{ marginBottom: 16 }} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormTarget({ mode: 'add' })}>
          新增
        </Button>
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={selectedIds.length === 0}
          loading={deleteMutation.isPending}
          onClick={() => void deleteSelected()}
        >
          批量删除
        </Button>
        {selectedIds.length > 0 && <Typography.Text type="secondary">已选择 {selectedIds.length} 项</Typography.Text>}
      </Space>

      {users.isError && !data ? (
        <LoadFailed query={users} testId="user-load-error" />
      ) : (
        <Table<User>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={isPending || isFetching}
          scroll={{ x: 1150 }}
          onChange={list.onTableChange}
          rowSelection={zhRowSelection({
            selectedRowKeys: selectedIds,
            onChange: (keys) => setSelection({ query: queryKeyText, ids: keys.map(String) }),
            getCheckboxProps: (user) => ({ disabled: user.id === selfId }),
          })}
          pagination={urlPaging(state, total, (count) => `共 ${count} 条`)}
          data-testid="user-table"
        />
      )}

      <UserFormModal target={formTarget} onClose={() => setFormTarget(null)} />
      <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />
    </ScreenCard>
  );
}
