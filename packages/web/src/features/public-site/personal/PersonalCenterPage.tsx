/**
 * 个人中心 (personalCenter): the visitor's collections, messages, consultations with their answers,
 * profile and password. Signed-out visitors are asked to log in.
 */
import {
  BellOutlined,
  CheckOutlined,
  DeleteOutlined,
  EnvironmentOutlined,
  LockOutlined,
  MessageOutlined,
  SaveOutlined,
  StarOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  Empty,
  Pagination,
  Result,
  Segmented,
  Skeleton,
  Space,
  Tabs,
  Tag,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { notify } from '../../../lib/notify';
import { useConfirm } from '../../../components/use-confirm';
import { MARKET_STATE_COLORS } from '../../public-map/colors';
import {
  dateText,
  MARKET_STATE_LABELS,
  MESSAGE_TYPE_LABELS,
  marketState,
  muText,
  optionLabel,
  parcelDetailPath,
  PROBLEM_CATEGORY_LABELS,
  PROBLEM_STATUS_LABELS,
  text,
  wanText,
} from '../../public-map/format';
import { formatDateTime } from '@land/shared/helpers';
import {
  collectionsQuery,
  deleteCollection,
  deleteMessages,
  markMessagesRead,
  messagesQuery,
  myProblemsQuery,
  visitorKeys,
} from '../../visitor/api';
import { openVisitorAuth } from '../../visitor/auth-prompt';
import { CompareButton } from '../../visitor/CompareButton';
import { useVisitor } from '../../visitor/session';
import { useVisitorLogout } from '../../visitor/VisitorMenu';
import { LoadError, PageBanner } from '../ui';
import { SavedSearches, UnsubscribeResult } from './SavedSearches';
import styles from './PersonalCenterPage.module.css';

const PAGE_SIZE = 10;

// The account forms bring the SPEC validators (and zod) with them: loaded when their tab opens.
const Profile = lazy(() => import('./AccountForms').then((m) => ({ default: m.Profile })));
const Password = lazy(() => import('./AccountForms').then((m) => ({ default: m.Password })));


function Collections() {
  const [pageNo, setPageNo] = useState(1);
  const q = useQuery({ ...collectionsQuery(pageNo, PAGE_SIZE), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const remove = useMutation({
    mutationFn: (id: string) => deleteCollection({ id }),
    onSuccess: () => {
      notify.success('已取消收藏');
      void queryClient.invalidateQueries({ queryKey: visitorKeys.all });
    },
  });
  const list = q.data?.list ?? [];
  if (q.isError) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (list.length === 0)
    return (
      <Empty description="还没有收藏的地块" data-testid="collections-empty">
        <Link to="/index">
          <Button type="primary">去地图找地</Button>
        </Link>
      </Empty>
    );
  return (
    <div data-testid="collections">
      {list.map((c) => {
        const p = c.parcel ?? { id: c.dkid };
        const state = marketState(p.tradeState);
        return (
          <div key={c.id} className={styles.row} data-testid="collection-item">
            <div className={styles.rowMain}>
              <Link to={parcelDetailPath(c.dkid, p.tradeState)} className={styles.rowTitle}>
                {text(p.dkmc) || text(p.dkbh) || c.dkid}
              </Link>
              <Tag color={MARKET_STATE_COLORS[state]}>{MARKET_STATE_LABELS[state]}</Tag>
              <div className={styles.rowMeta}>
                <EnvironmentOutlined /> {text(p.areaname) || '—'} · {text(p.dlname) || text(p.dlcode) || '—'} · {muText(p.landArea, p.landAreaMu)} · 起始价 {wanText(p.startingPrice)}
              </div>
              <div className={styles.rowDate}>收藏于 {dateText(c.collectedAt ?? c.createdAt)}</div>
            </div>
            <Space>
              <CompareButton size="small" parcel={{ id: c.dkid, name: text(p.dkmc) || c.dkid }} />
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                loading={remove.isPending && remove.variables === c.id}
                onClick={async () => {
                  if (await confirm(`确定取消收藏“${text(p.dkmc) || c.dkid}”吗？`, { danger: true })) remove.mutate(c.id);
                }}
              >
                取消收藏
              </Button>
            </Space>
          </div>
        );
      })}
      {(q.data?.total ?? 0) > PAGE_SIZE && <Pagination className={styles.pager} current={pageNo} pageSize={PAGE_SIZE} total={q.data?.total ?? 0} onChange={setPageNo} showSizeChanger={false} />}
    </div>
  );
}

function Messages() {
  const [filter, setFilter] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const q = useQuery({ ...messagesQuery(pageNo, PAGE_SIZE, filter), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const settle = () => void queryClient.invalidateQueries({ queryKey: visitorKeys.all });
  const read = useMutation({ mutationFn: markMessagesRead, onSuccess: settle });
  const remove = useMutation({
    mutationFn: deleteMessages,
    onSuccess: () => {
      notify.success('已删除');
      setSelected([]);
      settle();
    },
  });
  const list = q.data?.list ?? [];
  const unread = (q.data as { unread?: number } | undefined)?.unread;

  const toggle = (id: string, isRead: boolean) => {
    setOpen(open === id ? null : id);
    if (!isRead) read.mutate([id]);
  };

  return (
    <div data-testid="messages">
      <div className={styles.toolbar}>
        <Segmented
          value={filter}
          onChange={(v) => {
            setFilter(String(v));
            setPageNo(1);
            setSelected([]);
          }}
          options={[
            { value: '', label: '全部' },
            { value: '0', label: `未读${typeof unread === 'number' ? `（${unread}）` : ''}` },
            { value: '1', label: '已读' },
          ]}
        />
        <Space>
          <Button size="small" icon={<CheckOutlined />} onClick={() => read.mutate('all')} disabled={unread === 0} loading={read.isPending}>
            全部标为已读
          </Button>
          <Button size="small" icon={<CheckOutlined />} disabled={selected.length === 0} onClick={() => read.mutate(selected)}>
            标为已读
          </Button>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            loading={remove.isPending}
            onClick={async () => {
              if (await confirm(`确定删除选中的 ${selected.length} 条消息吗？`, { danger: true })) remove.mutate(selected);
            }}
          >
            删除
          </Button>
        </Space>
      </div>
      {q.isError ? (
        <LoadError error={q.error} retry={() => void q.refetch()} />
      ) : q.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.length === 0 ? (
        <Empty description={filter === '0' ? '没有未读消息' : '暂无消息'} />
      ) : (
        list.map((m) => {
          const isRead = m.isRead === 1 || m.isRead === true;
          return (
            <div key={m.id} className={`${styles.message} ${isRead ? '' : styles.unread}`} data-testid="message-item">
              <Checkbox checked={selected.includes(m.id)} onChange={(e) => setSelected(e.target.checked ? [...selected, m.id] : selected.filter((x) => x !== m.id))} aria-label="选择" />
              <div className={styles.messageMain} onClick={() => toggle(m.id, isRead)} role="button" tabIndex={0}>
                <div className={styles.messageHead}>
                  <Badge dot={!isRead} offset={[4, 0]}>
                    <span className={styles.messageTitle}>{text(m.title)}</span>
                  </Badge>
                  <Tag>{text(m.typeLabel) || optionLabel(MESSAGE_TYPE_LABELS, m.type)}</Tag>
                  <span className={styles.rowDate}>{formatDateTime(text(m.createdAt))}</span>
                </div>
                {(open === m.id || (text(m.content).length <= 60 && text(m.content))) && <div className={styles.messageBody}>{text(m.content) || '（无正文）'}</div>}
              </div>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label="删除"
                onClick={async () => {
                  if (await confirm('确定删除这条消息吗？', { danger: true })) remove.mutate([m.id]);
                }}
              />
            </div>
          );
        })
      )}
      {(q.data?.total ?? 0) > PAGE_SIZE && <Pagination className={styles.pager} current={pageNo} pageSize={PAGE_SIZE} total={q.data?.total ?? 0} onChange={setPageNo} showSizeChanger={false} />}
    </div>
  );
}

const STATUS_COLORS: Record<string, string> = { '0': 'orange', '1': 'green', '2': 'default' };

function Problems() {
  const [pageNo, setPageNo] = useState(1);
  const q = useQuery({ ...myProblemsQuery(pageNo, PAGE_SIZE), placeholderData: keepPreviousData });
  const list = q.data?.list ?? [];
  if (q.isError) return <LoadError error={q.error} retry={() => void q.refetch()} />;
  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (list.length === 0)
    return (
      <Empty description="还没有提交过咨询">
        <Link to="/consultingServices">
          <Button type="primary">我要咨询</Button>
        </Link>
      </Empty>
    );
  return (
    <div data-testid="my-problems">
      <div className={styles.toolbar}>
        <span />
        <Link to="/consultingServices">
          <Button size="small" type="primary" ghost icon={<MessageOutlined />}>
            继续咨询
          </Button>
        </Link>
      </div>
      {list.map((p) => (
        <div key={p.id} className={styles.problem} data-testid="problem-item">
          <div className={styles.messageHead}>
            <span className={styles.messageTitle}>{text(p.title)}</span>
            <Tag>{text(p.categoryLabel) || optionLabel(PROBLEM_CATEGORY_LABELS, p.category)}</Tag>
            <Tag color={STATUS_COLORS[text(p.status)]}>{text(p.statusLabel) || optionLabel(PROBLEM_STATUS_LABELS, p.status)}</Tag>
            <span className={styles.rowDate}>{formatDateTime(text(p.createdAt))}</span>
          </div>
          <p className={styles.problemContent}>{text(p.content)}</p>
          {text(p.answer) ? (
            <div className={styles.answer} data-testid="problem-answer">
              <b>答复：</b>
              {text(p.answer)}
              <div className={styles.rowDate}>{p.answeredAt ? `答复于 ${formatDateTime(text(p.answeredAt))}` : ''}</div>
            </div>
          ) : (
            <div className={styles.waiting}>等待答复中，工作人员答复后将显示在这里</div>
          )}
        </div>
      ))}
      {(q.data?.total ?? 0) > PAGE_SIZE && <Pagination className={styles.pager} current={pageNo} pageSize={PAGE_SIZE} total={q.data?.total ?? 0} onChange={setPageNo} showSizeChanger={false} />}
    </div>
  );
}

const TABS = ['collections', 'searches', 'messages', 'problems', 'profile', 'password'] as const;

export function PersonalCenterPage() {
  const visitor = useVisitor();
  const [params, setParams] = useSearchParams();
  const { modal } = App.useApp();
  const logout = useVisitorLogout();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as string) : 'collections';
  const unsubscribeToken = params.get('unsubscribe');

  // The unsubscribe link of a saved search's digest: signed, so no sign-in is needed.
  if (unsubscribeToken) {
    return (
      <div>
        <PageBanner title="退订搜索提醒" crumbs={[{ title: '个人中心' }, { title: '退订搜索提醒' }]} />
        <Card variant="borderless">
          <UnsubscribeResult token={unsubscribeToken} />
        </Card>
      </div>
    );
  }

  if (!visitor) {
    return (
      <div>
        <PageBanner title="个人中心" crumbs={[{ title: '个人中心' }]} />
        <Card variant="borderless">
          <Result
            icon={<UserOutlined style={{ color: '#1677ff' }} />}
            title="登录后查看个人中心"
            subTitle="收藏地块、保存搜索并接收提醒、查看咨询答复"
            extra={[
              <Button key="login" type="primary" onClick={() => openVisitorAuth({ mode: 'login' })} data-testid="center-login">
                登录
              </Button>,
              <Button key="register" onClick={() => openVisitorAuth({ mode: 'register' })}>
                注册
              </Button>,
            ]}
          />
        </Card>
      </div>
    );
  }

  return (
    <div data-testid="personal-center">
      <PageBanner
        title="个人中心"
        crumbs={[{ title: '个人中心' }]}
        subtitle={
          <span className={styles.who}>
            <Avatar size="small" icon={<UserOutlined />} /> {visitor.userName} · {visitor.userAccount}
            {visitor.sqdw ? ` · ${visitor.sqdw}` : ''}
          </span>
        }
        extra={
          <Button ghost onClick={() => modal.confirm({ title: '提示', content: '确定退出登录吗？', okText: '确定', cancelText: '取消', onOk: () => logout() })}>
            退出登录
          </Button>
        }
      />
      <Card variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={(k) => setParams({ tab: k }, { replace: true })}
          destroyOnHidden
          items={[
            { key: 'collections', label: <span><StarOutlined /> 我的收藏</span>, children: <Collections /> },
            { key: 'searches', label: <span><SaveOutlined /> 我的订阅</span>, children: <SavedSearches /> },
            { key: 'messages', label: <span><BellOutlined /> 我的消息</span>, children: <Messages /> },
            { key: 'problems', label: <span><MessageOutlined /> 我的咨询</span>, children: <Problems /> },
            { key: 'profile', label: <span><UserOutlined /> 个人资料</span>, children: <Suspense fallback={<Skeleton active />}><Profile /></Suspense> },
            { key: 'password', label: <span><LockOutlined /> 修改密码</span>, children: <Suspense fallback={<Skeleton active />}><Password /></Suspense> },
          ]}
        />
      </Card>
    </div>
  );
}
