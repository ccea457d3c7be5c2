/** The signed-in visitor's name in the public header, with their menu (a menu button, no antd). */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { BellOutlined } from '../../public-ui/icons/BellOutlined';
import { DownOutlined } from '../../public-ui/icons/DownOutlined';
import { LogoutOutlined } from '../../public-ui/icons/LogoutOutlined';
import { StarOutlined } from '../../public-ui/icons/StarOutlined';
import { UserOutlined } from '../../public-ui/icons/UserOutlined';
import { unreadQuery } from './api';
import { useVisitorLogout } from './logout';
import type { VisitorSession } from './session';
import styles from './VisitorAccountMenu.module.css';

export function VisitorAccountMenu({ visitor }: { visitor: VisitorSession }) {
  const navigate = useNavigate();
  const logout = useVisitorLogout();
  const unread = useQuery(unreadQuery);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const count = typeof unread.data === 'number' ? unread.data : 0;

  const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const away = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const pick = (key: string) => {
    setOpen(false);
    if (key === 'logout') void logout();
    else navigate(key === 'center' ? '/personalCenter' : `/personalCenter?tab=${key}`);
  };
  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLButtonElement);
    let next = -1;
    if (e.key === 'ArrowDown') next = (index + 1) % list.length;
    else if (e.key === 'ArrowUp') next = (index - 1 + list.length) % list.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = list.length - 1;
    else if (e.key === 'Escape' || e.key === 'Tab') {
      setOpen(false);
      if (e.key === 'Escape') buttonRef.current?.focus();
      return;
    }
    if (next < 0) return;
    e.preventDefault();
    list[next]?.focus();
  };

  const entry = (key: string, icon: ReactNode, label: ReactNode, danger = false) => (
    <li role="none">
      <button type="button" role="menuitem" tabIndex={-1} className={`${styles.item} ${danger ? styles.danger : ''}`} onClick={() => pick(key)}>
        {icon}
        {label}
      </button>
    </li>
  );

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`${visitor.userName || visitor.userAccount}的账号菜单${count > 0 ? `，${count} 条未读消息` : ''}`}
        onClick={() => setOpen((o) => !o)}
        data-testid="visitor-menu"
      >
        <span className={styles.avatar} aria-hidden>
          <UserOutlined />
          {count > 0 && <span className={styles.dot} />}
        </span>
        <span data-testid="visitor-name" className={styles.name}>
          {visitor.userName || visitor.userAccount}
        </span>
        <DownOutlined className={styles.arrow} />
      </button>
      {open && (
        <ul role="menu" aria-label="账号菜单" className={styles.menu} onKeyDown={onMenuKey} data-testid="visitor-menu-list">
          {entry('center', <UserOutlined />, '个人中心')}
          {entry('collections', <StarOutlined />, '我的收藏')}
          {entry(
            'messages',
            <BellOutlined />,
            <>
              我的消息
              {count > 0 && (
                <span className={styles.count} data-testid="unread-count">
                  {count > 99 ? '99+' : count}
                </span>
              )}
            </>,
          )}
          <li role="separator" className={styles.divider} />
          {entry('logout', <LogoutOutlined />, '退出登录', true)}
        </ul>
      )}
    </div>
  );
}
