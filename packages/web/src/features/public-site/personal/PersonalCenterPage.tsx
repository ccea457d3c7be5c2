/**
 * 个人中心 (personalCenter): the visitor's collections, saved searches, messages, consultations
 * with their answers, profile and password. The server has no visitor token, so it renders the
 * page's frame with a box of fixed size; the visitor's data loads after mount inside it, and a
 * visitor who is not signed in sees the sign-in prompt there.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '@land/shared/helpers';
import { notify } from '../../../lib/notify';
import { PageHead } from '../../../public/head';
import { BlockError, Button, buttonClass, Empty, Pagination, Segmented, SkeletonLines, Tabs, Tag, useConfirm } from '../../../public-ui';
import { BellOutlined } from '../../../public-ui/icons/BellOutlined';
import { CheckOutlined } from '../../../public-ui/icons/CheckOutlined';
import { DeleteOutlined } from '../../../public-ui/icons/DeleteOutlined';
import { EnvironmentOutlined } from '../../../public-ui/icons/EnvironmentOutlined';
import { LockOutlined } from '../../../public-ui/icons/LockOutlined';
import { MessageOutlined } from '../../../public-ui/icons/MessageOutlined';
import { SaveOutlined } from '../../../public-ui/icons/SaveOutlined';
import { StarOutlined } from '../../../public-ui/icons/StarOutlined';
import { UserOutlined } from '../../../public-ui/icons/UserOutlined';
import { MARKET_STATE_TEXT_COLORS } from '../../public-map/colors';
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
import { collectionsQuery, deleteCollection, deleteMessages, markMessagesRead, messagesQuery, myProblemsQuery, visitorKeys } from '../../visitor/api';
import { openVisitorAuth } from '../../visitor/auth-prompt';
import { CompareButton } from '../../visitor/CompareButton';
import { useVisitorLogout } from '../../visitor/logout';
import { useVisitor } from '../../visitor/session';
import { PageBanner, Panel } from '../ui';
import { Password, Profile } from './AccountForms';
import { SavedSearches, UnsubscribeResult } from './SavedSearches';
import styles from './PersonalCenterPage.module.css';

const PAGE_SIZE = 10;
const DESCRIPTION = '收藏地块、保存搜索并接收提醒、查看消息与咨询答复，管理个人资料。';

/** False on the server and while hydrating, true once the page runs in the browser. */
const subscribeNothing = () => () => {};
function useInBrowser(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

function Pager({ total, pageNo, onChange }: { total: number; pageNo: number; onChange: (pageNo: number) => void }) {
  if (total <= PAGE_SIZE) return null;
  return (
    <div className={styles.pager}>
      <Pagination current={pageNo} pageSize={PAGE_SIZE} total={total} onChange={onChange} />
    </div>
  );
}

/**
 * A page a removal left empty (the last row of the last page) turns to the last page there is,
 * rather than saying there is nothing: true while it does.
 */
function useEmptiedPage(pageNo: number, setPageNo: (pageNo: number) => void, data: { list: unknown[]; total: number } | undefined): boolean {
  const emptied = pageNo > 1 && data !== undefined && data.list.length === 0 && data.total > 0;
  const last = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  useEffect(() => {
    if (emptied) setPageNo(Math.min(pageNo - 1, last));
  }, [emptied, pageNo, last, setPageNo]);
  return emptied;
}

function Collections() {
  const [pageNo, setPageNo] = useState(1);
  const q = useQuery({ ...collectionsQuery(pageNo, PAGE_SIZE), placeholderData: keepPreviousData });
  const emptied = useEmptiedPage(pageNo, setPageNo, q.data);
  const queryClient = useQueryClient();
  const [confirm, confirmDialog] = useConfirm();
  const remove = useMutation({
    mutationFn: (id: string) => deleteCollection({ id }),
    onSuccess: () => {
      notify.success('已取消收藏');
      void queryClient.invalidateQueries({ queryKey: visitorKeys.all });
    },
  });
  if (q.isError) return <BlockError label="收藏列表" error={q.error} onRetry={() => void q.refetch()} />;
  if (q.isPending || emptied) return <SkeletonLines rows={6} />;
  const list = q.data.list;
  if (list.length === 0)
    return (
      <div data-testid="collections-empty">
        <Empty text="还没有收藏的地块">
          <Link to="/index" className={buttonClass('primary')}>
            去地图找地
          </Link>
        </Empty>
      </div>
    );
  return (
    <div data-testid="collections">
      <ul className={styles.list}>
        {list.map((c) => {
          const p = c.parcel ?? { id: c.dkid };
          const state = marketState(p.tradeState);
          const name = text(p.dkmc) || text(p.dkbh) || '（未命名地块）';
          return (
            <li key={c.id} className={styles.row} data-testid="collection-item">
              <div className={styles.rowMain}>
                <Link to={parcelDetailPath(c.dkid, p.tradeState)} className={styles.rowTitle}>
                  {name}
                </Link>
                <Tag color={MARKET_STATE_TEXT_COLORS[state]}>{MARKET_STATE_LABELS[state]}</Tag>
                <div className={styles.rowMeta}>
                  <EnvironmentOutlined /> {text(p.areaname) || '—'} · {text(p.dlname) || text(p.dlcode) || '—'} · {muText(p.landArea, p.landAreaMu)} · 起始价 {wanText(p.startingPrice)}
                </div>
                <div className={styles.rowDate}>收藏于 {dateText(c.collectedAt ?? c.createdAt)}</div>
              </div>
              <div className={styles.actions}>
                <CompareButton size="small" parcel={{ id: c.dkid, name }} />
                <Button
                  size="small"
                  kind="danger"
                  icon={<DeleteOutlined />}
                  loading={remove.isPending && remove.variables === c.id}
                  onClick={async () => {
                    if (await confirm(`确定取消收藏“${name}”吗？`, { danger: true })) remove.mutate(c.id);
                  }}
                >
                  取消收藏
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <Pager total={q.data.total} pageNo={pageNo} onChange={setPageNo} />
      {confirmDialog}
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
  const [confirm, confirmDialog] = useConfirm();
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
  const unread = q.data?.unread;
  const emptied = useEmptiedPage(pageNo, setPageNo, q.data);

  const toggle = (id: string, isRead: boolean) => {
    setOpen(open === id ? null : id);
    if (!isRead) read.mutate([id]);
  };
  const onKey = (e: KeyboardEvent, id: string, isRead: boolean) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    toggle(id, isRead);
  };

  return (
    <div data-testid="messages" className={styles.touchTargets}>
      <div className={styles.toolbar}>
        <Segmented
          label="消息筛选"
          value={filter}
          onChange={(v) => {
            setFilter(v);
            setPageNo(1);
            setSelected([]);
          }}
          options={[
            { value: '', label: '全部' },
            { value: '0', label: `未读${typeof unread === 'number' ? `（${unread}）` : ''}` },
            { value: '1', label: '已读' },
          ]}
          testId="message-filter"
        />
        <div className={styles.actions}>
          <Button size="small" icon={<CheckOutlined />} onClick={() => read.mutate('all')} disabled={unread === 0} loading={read.isPending && read.variables === 'all'}>
            全部标为已读
          </Button>
          <Button size="small" icon={<CheckOutlined />} disabled={selected.length === 0} onClick={() => read.mutate(selected)}>
            标为已读
          </Button>
          <Button
            size="small"
            kind="danger"
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            loading={remove.isPending}
            onClick={async () => {
              if (await confirm(`确定删除选中的 ${selected.length} 条消息吗？`, { danger: true })) remove.mutate(selected);
            }}
          >
            删除
          </Button>
        </div>
      </div>
      {q.isError ? (
        <BlockError label="消息列表" error={q.error} onRetry={() => void q.refetch()} />
      ) : q.isPending || emptied ? (
        <SkeletonLines rows={6} />
      ) : list.length === 0 ? (
        <Empty text={filter === '0' ? '没有未读消息' : '暂无消息'} />
      ) : (
        <ul className={styles.list}>
          {list.map((m) => {
            const isRead = m.isRead === 1 || m.isRead === true;
            const content = text(m.content);
            return (
              <li key={m.id} className={`${styles.message} ${isRead ? '' : styles.unread}`} data-testid="message-item">
                {/* The label is the box's tap area (44 px on a phone); the box keeps its own name. */}
                <label className={styles.checkTarget}>
                  <input
                    type="checkbox"
                    className={styles.check}
                    checked={selected.includes(m.id)}
                    onChange={(e) => setSelected(e.target.checked ? [...selected, m.id] : selected.filter((x) => x !== m.id))}
                    aria-label={`选择“${text(m.title)}”`}
                  />
                </label>
                <div className={styles.messageCol}>
                  <div className={styles.messageMain} onClick={() => toggle(m.id, isRead)} onKeyDown={(e) => onKey(e, m.id, isRead)} role="button" tabIndex={0} aria-expanded={open === m.id}>
                    <div className={styles.messageHead}>
                      {!isRead && <span className={styles.dot} aria-label="未读" role="img" />}
                      <span className={styles.messageTitle}>{text(m.title)}</span>
                      <Tag>{text(m.typeLabel) || optionLabel(MESSAGE_TYPE_LABELS, m.type)}</Tag>
                      <span className={styles.rowDate}>{formatDateTime(text(m.createdAt))}</span>
                    </div>
                    {(open === m.id || (content.length <= 60 && content)) && <div className={styles.messageBody}>{content || '（无正文）'}</div>}
                  </div>
                  {/* What the message is about, one tap away: the parcel's page, the notice, or the answered question. */}
                  {m.parcel ? (
                    <Link to={parcelDetailPath(m.parcel.id, m.parcel.tradeState)} className={styles.messageLink} onClick={() => !isRead && read.mutate([m.id])} data-testid="message-parcel-link">
                      查看地块：{text(m.parcel.dkmc) || '地块详情'}
                    </Link>
                  ) : m.notice ? (
                    <Link to={`/tzggDetail/${encodeURIComponent(m.notice.id)}`} className={styles.messageLink} onClick={() => !isRead && read.mutate([m.id])} data-testid="message-notice-link">
                      查看公告：{text(m.notice.title) || '公告详情'}
                    </Link>
                  ) : m.type === 'consultReply' ? (
                    <Link to="/personalCenter?tab=problems" className={styles.messageLink} onClick={() => !isRead && read.mutate([m.id])}>
                      查看我的咨询
                    </Link>
                  ) : null}
                </div>
                <Button
                  size="small"
                  kind="text"
                  className={styles.dangerText}
                  icon={<DeleteOutlined />}
                  aria-label={`删除“${text(m.title)}”`}
                  onClick={async () => {
                    if (await confirm('确定删除这条消息吗？', { danger: true })) remove.mutate([m.id]);
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
      <Pager total={q.data?.total ?? 0} pageNo={pageNo} onChange={setPageNo} />
      {confirmDialog}
    </div>
  );
}

const PROBLEM_STATUS_COLORS: Record<string, string> = { '0': 'orange', '1': 'green', '2': 'default' };

function Problems() {
  const [pageNo, setPageNo] = useState(1);
  const q = useQuery({ ...myProblemsQuery(pageNo, PAGE_SIZE), placeholderData: keepPreviousData });
  const emptied = useEmptiedPage(pageNo, setPageNo, q.data);
  if (q.isError) return <BlockError label="咨询记录" error={q.error} onRetry={() => void q.refetch()} />;
  if (q.isPending || emptied) return <SkeletonLines rows={6} />;
  const list = q.data.list;
  if (list.length === 0)
    return (
      <Empty text="还没有提交过咨询">
        <Link to="/consultingServices" className={buttonClass('primary')}>
          我要咨询
        </Link>
      </Empty>
    );
  return (
    <div data-testid="my-problems">
      <div className={styles.toolbar}>
        <span />
        <Link to="/consultingServices" className={buttonClass('ghost', 'small')}>
          <MessageOutlined /> 继续咨询
        </Link>
      </div>
      <ul className={styles.list}>
        {list.map((p) => (
          <li key={p.id} className={styles.problem} data-testid="problem-item">
            <div className={styles.messageHead}>
              <span className={styles.messageTitle}>{text(p.title)}</span>
              <Tag>{text(p.categoryLabel) || optionLabel(PROBLEM_CATEGORY_LABELS, p.category)}</Tag>
              <Tag color={PROBLEM_STATUS_COLORS[text(p.status)]}>{text(p.statusLabel) || optionLabel(PROBLEM_STATUS_LABELS, p.status)}</Tag>
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
          </li>
        ))}
      </ul>
      <Pager total={q.data.total} pageNo={pageNo} onChange={setPageNo} />
    </div>
  );
}

const TABS = ['collections', 'searches', 'messages', 'problems', 'profile', 'password'] as const;

/** What a visitor who is not signed in sees, in the box the centre takes once signed in. */
function SignInPrompt() {
  return (
    <div className={styles.prompt} data-testid="center-sign-in">
      <span className={styles.promptIcon} aria-hidden>
        <UserOutlined />
      </span>
      <h2 className={styles.promptTitle}>登录后查看个人中心</h2>
      <p className={styles.promptText}>收藏地块、保存搜索并接收提醒、查看咨询答复</p>
      <div className={styles.promptActions}>
        <Button kind="primary" onClick={() => openVisitorAuth({ mode: 'login' })} data-testid="center-login">
          登录
        </Button>
        <Button onClick={() => openVisitorAuth({ mode: 'register' })}>注册</Button>
      </div>
    </div>
  );
}

function Centre() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') ?? '';
  const tab = (TABS as readonly string[]).includes(asked) ? asked : 'collections';
  return (
    <Tabs
      label="个人中心"
      activeKey={tab}
      onChange={(k) => setParams({ tab: k }, { replace: true })}
      items={[
        { key: 'collections', label: <><StarOutlined /> 我的收藏</>, children: <Collections /> },
        { key: 'searches', label: <><SaveOutlined /> 我的订阅</>, children: <SavedSearches /> },
        { key: 'messages', label: <><BellOutlined /> 我的消息</>, children: <Messages /> },
        { key: 'problems', label: <><MessageOutlined /> 我的咨询</>, children: <Problems /> },
        { key: 'profile', label: <><UserOutlined /> 个人资料</>, children: <Profile /> },
        { key: 'password', label: <><LockOutlined /> 修改密码</>, children: <Password /> },
      ]}
    />
  );
}

export function PersonalCenterPage() {
  const inBrowser = useInBrowser();
  const visitor = useVisitor();
  const [params] = useSearchParams();
  const logout = useVisitorLogout();
  const [confirm, confirmDialog] = useConfirm();
  const unsubscribeToken = params.get('unsubscribe');

  // The unsubscribe link of a saved search's digest: signed, so no sign-in is needed. It pauses
  // the search, so it runs in the browser only (never when a chat app fetches the link's preview).
  if (unsubscribeToken) {
    return (
      <div>
        <PageHead title="退订搜索提醒" description="退订保存的搜索的提醒。" />
        <PageBanner title="退订搜索提醒" crumbs={[{ title: '个人中心', to: '/personalCenter' }, { title: '退订搜索提醒' }]} />
        <Panel className={styles.box}>{inBrowser ? <UnsubscribeResult token={unsubscribeToken} /> : <SkeletonLines rows={3} />}</Panel>
      </div>
    );
  }

  return (
    <div data-testid={visitor ? 'personal-center' : undefined}>
      <PageHead title="个人中心" description={DESCRIPTION} />
      <PageBanner
        title="个人中心"
        crumbs={[{ title: '个人中心' }]}
        subtitle={
          <span className={styles.who} data-testid="center-who">
            {visitor ? (
              <>
                <UserOutlined /> {visitor.userName} · {visitor.userAccount}
                {visitor.sqdw ? ` · ${visitor.sqdw}` : ''}
              </>
            ) : (
              DESCRIPTION
            )}
          </span>
        }
        extra={
          visitor ? (
            <Button
              className={styles.onBanner}
              onClick={async () => {
                if (await confirm('确定退出登录吗？')) void logout();
              }}
              data-testid="center-logout"
            >
              退出登录
            </Button>
          ) : undefined
        }
      />
      <Panel className={styles.box}>{!inBrowser ? <SkeletonLines rows={6} label="正在读取登录状态" /> : visitor ? <Centre /> : <SignInPrompt />}</Panel>
      {confirmDialog}
    </div>
  );
}
