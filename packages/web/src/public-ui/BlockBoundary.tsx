import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { Component, type ContextType, type ReactNode } from 'react';
import { isChunkLoadError } from '../lib/lazy-routes';
import { pageErrorText } from '../lib/load-error';
import { ApiError } from '../lib/request';
import { Button } from './Button';
import styles from './kit.module.css';

interface BlockBoundaryProps {
  /** What the block is, for the message: 地图, 全景, 图表, 公告列表. */
  label: string;
  /** The block's box (its reserved size), kept by the message. */
  className?: string;
  /** Shown instead of the message, when the block has a still picture of itself (a chart's server drawing). */
  fallback?: ReactNode;
  /**
   * What the block shows (a list's page and filters): when it changes after a failure, the block
   * tries again with the new value, so a visitor who picks another page or filter is not stuck.
   */
  resetKey?: unknown;
  /** Where a failed load's message shows, when the block is not a box of the page (a drawer's frame). */
  frame?: (message: ReactNode) => ReactNode;
  children: ReactNode;
}

/** What went wrong: the block's file did not arrive, its code failed, or its data did not arrive. */
type Failure = { kind: 'notLoaded' } | { kind: 'failed' } | { kind: 'data'; error: unknown } | null;

/** A block whose data did not arrive: what failed, why (in the visitor's terms), and 重试. */
export function BlockError({ label, error, onRetry, className }: { label: string; error: unknown; onRetry: () => void; className?: string }) {
  return (
    <div className={[styles.blockError, styles.blockErrorData, className].filter(Boolean).join(' ')} role="alert" data-testid="block-error">
      <div>
        <strong className={styles.blockErrorTitle}>{label}加载失败</strong>
        <br />
        {pageErrorText(error).text}
      </div>
      <Button size="small" kind="primary" onClick={onRetry} data-testid="block-error-retry">
        重试
      </Button>
    </div>
  );
}

/** Failed queries start again when they are next read (as the page's own 重试 does). */
export function resetFailedQueries(queryClient: QueryClient | undefined): void {
  void queryClient?.resetQueries({ predicate: (query) => query.state.status === 'error' });
}

/**
 * Around a block of a page that may fail after the page is shown, so that the block says so in
 * its own box and the page around it stays:
 * - a block whose code loads after the page (the maps, the panorama, a chart) and does not
 *   arrive (a phone losing its network, a release replacing the files): a lazily loaded module
 *   that failed stays failed until the page is loaded again, hence 刷新页面. Only a file that did
 *   not arrive is blamed on the network; an error of the block's own code says the block could
 *   not be shown (the network was fine, and checking it would send the visitor the wrong way);
 * - a list whose next page or filter cannot be read (the call failed): the list says why, with
 *   重试, while the page's search box, filters and tabs keep what the visitor chose.
 * Without it the error reached the route's boundary and the whole page, already read by the
 * visitor, gave way to 页面加载失败.
 */
export class BlockBoundary extends Component<BlockBoundaryProps, { failure: Failure }> {
  static override contextType = QueryClientContext;
  declare context: ContextType<typeof QueryClientContext>;
  override state: { failure: Failure } = { failure: null };

  static getDerivedStateFromError(error: unknown): { failure: Failure } {
    if (isChunkLoadError(error)) return { failure: { kind: 'notLoaded' } };
    if (error instanceof ApiError) return { failure: { kind: 'data', error } };
    return { failure: { kind: 'failed' } };
  }

  override componentDidUpdate(previous: BlockBoundaryProps): void {
    if (this.state.failure?.kind === 'data' && !Object.is(previous.resetKey, this.props.resetKey)) this.retry();
  }

  private retry = () => {
    resetFailedQueries(this.context);
    this.setState({ failure: null });
  };

  override render(): ReactNode {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    if (this.props.fallback) return this.props.fallback;
    const { label } = this.props;
    if (failure.kind === 'data') {
      const message = <BlockError label={label} error={failure.error} onRetry={this.retry} className={this.props.className} />;
      return this.props.frame ? this.props.frame(message) : message;
    }
    return (
      <div className={[styles.blockError, this.props.className].filter(Boolean).join(' ')} role="alert" data-testid="block-error">
        <div>{failure.kind === 'notLoaded' ? `${label}加载失败，请检查网络后刷新页面` : `${label}显示出错，请刷新页面重试`}</div>
        <Button size="small" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      </div>
    );
  }
}
