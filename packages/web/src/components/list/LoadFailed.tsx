import { Button, Result } from 'antd';
import { useState, type Key } from 'react';

interface LoadFailedProps {
  query: { error: unknown; refetch: () => unknown };
  testId?: string;
  /** A way out beside 重试, where the failure fills a view that has no other (the parcel editor). */
  back?: { label: string; onClick: () => void };
}

/** A list (or a record) that could not load: the reason and 重试. */
export function LoadFailed({ query, testId, back }: LoadFailedProps) {
  return (
    <Result
      status="error"
      title="数据加载失败"
      subTitle={query.error instanceof Error ? query.error.message : undefined}
      extra={[
        <Button key="retry" type="primary" onClick={() => void query.refetch()}>
          重试
        </Button>,
        back && (
          <Button key="back" onClick={back.onClick}>
            {back.label}
          </Button>
        ),
      ]}
      data-testid={testId}
    />
  );
}

/** Rows checked on one page of one search: another page or search starts with none checked. */
export function usePageSelection(queryKey: string) {
  const [selection, setSelection] = useState<{ query: string; ids: string[] }>({ query: '', ids: [] });
  const selectedIds = selection.query === queryKey ? selection.ids : [];
  return {
    selectedIds,
    select: (keys: readonly Key[]) => setSelection({ query: queryKey, ids: keys.map(String) }),
    clear: () => setSelection({ query: '', ids: [] }),
    /** Unchecks rows that are gone (moved on, deleted). */
    drop: (ids: string[]) => setSelection((s) => ({ ...s, ids: s.ids.filter((id) => !ids.includes(id)) })),
  };
}
