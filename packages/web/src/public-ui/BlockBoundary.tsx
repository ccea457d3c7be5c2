import { Component, type ReactNode } from 'react';
import { isChunkLoadError } from '../lib/lazy-routes';
import { Button } from './Button';
import styles from './kit.module.css';

interface BlockBoundaryProps {
  /** What the block is, for the message: 地图, 全景, 图表. */
  label: string;
  /** The block's box (its reserved size), kept by the message. */
  className?: string;
  /** Shown instead of the message, when the block has a still picture of itself (a chart's server drawing). */
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * Around a block whose code loads after the page (the maps, the panorama, a chart): if that code
 * does not arrive (a phone losing its network, a release replacing the files), the block says so
 * in its own box and the page around it stays. Without it the error reached the route's boundary
 * and the whole page, already read by the visitor, gave way to 页面加载失败. A lazily loaded module
 * that failed stays failed until the page is loaded again, hence 刷新页面. Only a file that did
 * not arrive is blamed on the network; an error of the block's own code says the block could not
 * be shown (the network was fine, and checking it would send the visitor the wrong way).
 */
/** What went wrong: the block's file did not arrive, or its code failed. */
type Failure = 'notLoaded' | 'failed' | null;

export class BlockBoundary extends Component<BlockBoundaryProps, { failure: Failure }> {
  override state: { failure: Failure } = { failure: null };

  static getDerivedStateFromError(error: unknown): { failure: Failure } {
    return { failure: isChunkLoadError(error) ? 'notLoaded' : 'failed' };
  }

  override render(): ReactNode {
    if (!this.state.failure) return this.props.children;
    if (this.props.fallback) return this.props.fallback;
    const { label } = this.props;
    return (
      <div className={[styles.blockError, this.props.className].filter(Boolean).join(' ')} role="alert" data-testid="block-error">
        <div>{this.state.failure === 'notLoaded' ? `${label}加载失败，请检查网络后刷新页面` : `${label}显示出错，请刷新页面重试`}</div>
        <Button size="small" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      </div>
    );
  }
}
