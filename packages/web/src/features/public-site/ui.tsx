/** Building blocks the public pages share: banner, sections, states, files, rich text. */
import { useEffect, useRef, useState } from 'react';
import type { HTMLAttributes, Key, ReactNode } from 'react';
import { Link } from 'react-router';
import { fileUrl, toFileList } from '../../lib/files';
import { dateText } from '../public-map/format';
import { Empty, SkeletonLines } from '../../public-ui';
import { FileExcelOutlined } from '../../public-ui/icons/FileExcelOutlined';
import { FileImageOutlined } from '../../public-ui/icons/FileImageOutlined';
import { FileOutlined } from '../../public-ui/icons/FileOutlined';
import { FilePdfOutlined } from '../../public-ui/icons/FilePdfOutlined';
import { FileWordOutlined } from '../../public-ui/icons/FileWordOutlined';
import { FileZipOutlined } from '../../public-ui/icons/FileZipOutlined';
import { HomeOutlined } from '../../public-ui/icons/HomeOutlined';
import styles from './ui.module.css';

/** Class of a ghost button on a banner (PageBanner's extra). */
export const onBannerClass = styles.onBanner;

export interface Crumb {
  title: string;
  to?: string;
}

/** The title band of a content page: breadcrumb, title, one line of introduction. */
export function PageBanner({ title, subtitle, crumbs = [], extra, tone = 'blue' }: { title: ReactNode; subtitle?: ReactNode; crumbs?: Crumb[]; extra?: ReactNode; tone?: 'blue' | 'teal' | 'indigo' }) {
  return (
    <section className={`${styles.banner} ${styles[tone]}`}>
      {/* Plain markup: antd's Breadcrumb brings Dropdown and Menu (about 20 KiB gzipped). */}
      <nav className={styles.crumbs} aria-label="面包屑">
        <ol>
          <li>
            <Link to="/home">
              <HomeOutlined /> 首页
            </Link>
          </li>
          {crumbs.map((c, i) => (
            <li key={i} aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
              {c.to ? <Link to={c.to}>{c.title}</Link> : c.title}
            </li>
          ))}
        </ol>
      </nav>
      <div className={styles.bannerRow}>
        <div>
          <h1 className={styles.bannerTitle}>{title}</h1>
          {subtitle && <p className={styles.bannerText}>{subtitle}</p>}
        </div>
        {extra && <div className={styles.bannerExtra}>{extra}</div>}
      </div>
    </section>
  );
}

/**
 * A white panel with a title bar, in the look of a borderless antd Card. Plain markup: antd's
 * Card brings Tabs (and with them Dropdown and Menu) to every page that shows a section.
 */
export function Panel({ id, title, extra, children, className, testId }: { id?: string; title?: ReactNode; extra?: ReactNode; children: ReactNode; className?: string; testId?: string }) {
  return (
    <section id={id} className={`${styles.panel} ${className ?? ''}`} data-testid={testId}>
      {(title || extra) && (
        <header className={styles.panelHead}>
          <h2 className={styles.panelTitle}>{title}</h2>
          {extra && <div className={styles.panelExtra}>{extra}</div>}
        </header>
      )}
      <div className={styles.panelBody}>{children}</div>
    </section>
  );
}

export function Section({ id, title, extra, children, className }: { id?: string; title: ReactNode; extra?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <Panel id={id} title={title} extra={extra} className={`${styles.section} ${className ?? ''}`} testId={id ? `section-${id}` : undefined}>
      {children}
    </Panel>
  );
}

export function Loading({ rows = 6 }: { rows?: number }) {
  return (
    <Panel>
      <SkeletonLines rows={rows} />
    </Panel>
  );
}

export function NoData({ text = '暂无数据' }: { text?: string }) {
  return <Empty text={text} />;
}

export interface SimpleColumn<T> {
  title: ReactNode;
  dataIndex: keyof T & string;
  align?: 'left' | 'right' | 'center';
  render?: (value: T[keyof T & string], row: T) => ReactNode;
}

/**
 * A small read-only table (a few rows, no sorting or paging) in the look of antd's small
 * Table, without its 70 KiB of selection, filter and pagination code on the public pages.
 */
export function SimpleTable<T extends { id?: unknown }>({
  columns,
  dataSource,
  rowKey = 'id',
  onRow,
  className,
  minWidth,
  'data-testid': testId,
}: {
  columns: SimpleColumn<T>[];
  dataSource: T[] | undefined;
  rowKey?: keyof T & string;
  onRow?: (row: T) => HTMLAttributes<HTMLTableRowElement>;
  className?: string;
  /** Scroll sideways below this width (px). */
  minWidth?: number;
  'data-testid'?: string;
}) {
  // A table wider than its box scrolls inside it (on phones): keyboard users reach it by Tab.
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className={`${styles.simpleTable} ${className ?? ''}`} tabIndex={scrolls ? 0 : undefined} data-testid={testId}>
      <table style={minWidth ? { minWidth } : undefined}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.dataIndex} style={{ textAlign: c.align ?? 'left' }}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(dataSource ?? []).map((row, i) => (
            <tr key={String((row[rowKey] as Key | undefined) ?? i)} {...onRow?.(row)}>
              {columns.map((c) => (
                // A right-aligned column holds figures: 18.1 公里 never breaks between number and unit.
                <td key={c.dataIndex} style={{ textAlign: c.align ?? 'left', whiteSpace: c.align === 'right' ? 'nowrap' : undefined }}>
                  {c.render ? c.render(row[c.dataIndex], row) : ((row[c.dataIndex] as ReactNode) ?? '')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function fileIcon(name: string): ReactNode {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  if (ext === 'pdf') return <FilePdfOutlined style={{ color: '#f5222d' }} />;
  if (ext === 'doc' || ext === 'docx') return <FileWordOutlined style={{ color: '#1061d6' }} />;
  if (ext === 'xls' || ext === 'xlsx') return <FileExcelOutlined style={{ color: '#52c41a' }} />;
  if (ext === 'zip' || ext === 'rar') return <FileZipOutlined style={{ color: '#fa8c16' }} />;
  if (['png', 'jpg', 'jpeg', 'gif', 'webp'].includes(ext)) return <FileImageOutlined style={{ color: '#13c2c2' }} />;
  return <FileOutlined />;
}

/** Uploaded files as download links. */
export function FileLinks({ value, empty = '暂无附件' }: { value: unknown; empty?: string | null }) {
  const files = toFileList(value);
  if (files.length === 0) return empty ? <NoData text={empty} /> : null;
  return (
    <ul className={styles.files}>
      {files.map((f) => (
        <li key={f.url}>
          <a href={fileUrl(f.url)} target="_blank" rel="noopener noreferrer" download={f.name}>
            {fileIcon(f.name)} {f.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Rich text that the server has already sanitised (entities' richText fields). */
export function RichText({ html, empty = '暂无内容' }: { html: unknown; empty?: string }) {
  const text = typeof html === 'string' ? html.trim() : '';
  const ref = useRef<HTMLDivElement>(null);
  // A table wider than the column scrolls inside it (on phones): keyboard users reach it by Tab.
  useEffect(() => {
    ref.current?.querySelectorAll('table').forEach((table) => {
      if (table.scrollWidth > table.clientWidth && !table.hasAttribute('tabindex')) table.setAttribute('tabindex', '0');
    });
  }, [text]);
  if (!text) return <NoData text={empty} />;
  return <div ref={ref} className={styles.rich} data-rich-text dangerouslySetInnerHTML={{ __html: text }} />;
}

/** Plain text with its line breaks. */
export function Paragraphs({ text }: { text: unknown }) {
  const s = typeof text === 'string' ? text.trim() : '';
  if (!s) return null;
  return (
    <div className={styles.paragraphs}>
      {s.split(/\n+/).map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

/** First image of an images field, or null. */
export function firstImage(value: unknown): string | null {
  const list = toFileList(value);
  return list.length ? fileUrl(list[0].url) : null;
}

/** A date kept on one line: a narrow cell or figure broke 2026-12- | 10 at its hyphen. */
export function DateText({ value }: { value: unknown }) {
  return <span className={styles.nowrap}>{dateText(value)}</span>;
}

/** A period of two dates, each kept on one line. */
export function DateRange({ from, to }: { from: unknown; to: unknown }) {
  return (
    <>
      <DateText value={from} /> 至 <DateText value={to} />
    </>
  );
}
