import { Card, Empty } from 'antd';
import type { ReactNode } from 'react';

interface ScreenCardProps {
  title: ReactNode;
  extra?: ReactNode;
  children?: ReactNode;
}

/** The frame every back-office and public screen sits in: a card titled with the screen name. */
export function ScreenCard({ title, extra, children }: ScreenCardProps) {
  return (
    <Card title={title} extra={extra} variant="borderless" data-testid="screen-card">
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
