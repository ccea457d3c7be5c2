import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Space } from 'antd';
import type { TablePaginationConfig } from 'antd';
import type { ReactNode } from 'react';
import { PAGE_SIZE_OPTIONS } from './use-list-state';

/** The 查询 / 重置 pair that ends a list screen's search form (and any more buttons after them). */
export function SearchActions({ onReset, children }: { onReset: () => void; children?: ReactNode }) {
  return (
    <Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          查询
        </Button>
        <Button icon={<ReloadOutlined />} onClick={onReset}>
          重置
        </Button>
        {children}
      </Space>
    </Form.Item>
  );
}

/** Table paging for a list screen that lays out its own table: a new page size starts at page 1. */
export function pagingOf(
  query: { pageNo: number; pageSize: number },
  total: number,
  setPage: (pageNo: number, pageSize: number) => void,
): TablePaginationConfig {
  return {
    current: query.pageNo,
    pageSize: query.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showTotal: (count) => `共 ${count} 条`,
    onChange: (pageNo, pageSize) => setPage(pageSize === query.pageSize ? pageNo : 1, pageSize),
  };
}
