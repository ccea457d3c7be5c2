/** The body of LoadError (ui.tsx): antd's Result, whose illustrations load only with an error. */
import { Result } from 'antd';
import type { ReactNode } from 'react';

export default function LoadErrorResult({ notFound, title, subTitle, extra }: { notFound: boolean; title: string; subTitle: string; extra: ReactNode[] }) {
  return <Result status={notFound ? '404' : 'warning'} title={title} subTitle={subTitle} extra={extra} />;
}
