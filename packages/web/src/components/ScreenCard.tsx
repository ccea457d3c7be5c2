import { Card, Empty } from 'antd';
import type { ReactNode } from 'react';
import styles from './ScreenCard.module.css';

interface ScreenCardProps {
  title: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
}

/** The frame every back-office and public screen sits in: a card titled with the screen name. */
export function ScreenCard({ title, extra, children }: ScreenCardProps) {
  return (
    // The page's h1 is the screen title in the layout; a card's title is the section under it.
    <Card className={styles.card} title={<h2 style={{ font: 'inherit', margin: 0 }}>{title}</h2>} extra={extra} variant="borderless" data-testid="screen-card">
      {children}
    </Card>
  );
}

/** A screen whose content arrives with a later issue: its title and an empty state. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <ScreenCard title={title}>
      <Empty description="暂无数据" />
    </ScreenCard>
  );
}
