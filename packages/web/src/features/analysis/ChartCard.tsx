import { AimOutlined, CloseCircleFilled, FileExcelOutlined, FileImageOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton, Space, Spin, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useRef, useState } from 'react';
import { notify } from '../../lib/notify';
import { saveBlob, showError } from '../../lib/request';
import type { ExportSection, StatisticsFilter } from './api';
import { exportSection } from './api';
import type { ChartClick, ChartHandle } from './EChart';
import { EChart } from './EChart';
import { retryEcharts, useEchartsFailed } from './echarts-loader';
import type { ChartOption } from './echarts';
import styles from './AnalysisPage.module.css';

export interface ChartCardProps {
  /** Key of the chart: test id chart-<id>. */
  id: string;
  title: ReactNode;
  /** File names of the exports. */
  fileTitle: string;
  /** Server section whose figures the Excel export holds, with the chart's filters. */
  section: ExportSection;
  filter: StatisticsFilter;
  exportParams?: Record<string, string | undefined>;
  /** First load: a skeleton. */
  loading: boolean;
  /** New figures on the way: a spinner over the old chart. */
  refreshing: boolean;
  /** The figures could not load (and none are shown): the reason and 重试, not an empty chart. */
  failed: { error: unknown; refetch: () => unknown } | null;
  /** Text of the empty state, or false when there is something to draw. */
  empty: string | false;
  option: ChartOption | null;
  height?: number;
  onChartClick?: (event: ChartClick) => void;
  /** Controls beside the export buttons (drill-up, granularity). */
  tools?: ReactNode;
  /** A map: it pans and zooms (see EChart), with 放大, 缩小 and 复位 beside the exports. */
  roam?: boolean;
  /** Under the chart: a note on what it counts. */
  footer?: ReactNode;
}

function saveDataUrl(dataUrl: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** A chart in a card, with loading and empty states and its PNG and Excel exports. */
export function ChartCard(props: ChartCardProps) {
  const { id, title, fileTitle, section, filter, exportParams, loading, refreshing, failed, empty, option, height = 320, onChartClick, tools, roam = false, footer } = props;
  const chart = useRef<ChartHandle>(null);
  const [exporting, setExporting] = useState(false);
  const libraryFailed = useEchartsFailed();
  const canDraw = !failed && !libraryFailed && !loading && empty === false && option !== null;

  const exportPng = () => {
    const url = chart.current?.toPng();
    if (!url) {
      notify.warning('图表尚未绘制完成，请稍后再试');
      return;
    }
    saveDataUrl(url, `统计分析-${fileTitle}.png`);
  };

  const exportExcel = async () => {
    setExporting(true);
    try {
      saveBlob(await exportSection(section, filter, exportParams));
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card
      title={title}
      size="small"
      className={styles.chartCard}
      data-testid={`chart-${id}`}
      extra={
        <Space size={4}>
          {tools}
          {roam && (
            <>
              <Tooltip title="放大">
                <Button size="small" type="text" icon={<ZoomInOutlined />} aria-label="放大" disabled={!canDraw} onClick={() => chart.current?.zoom(1.5)} />
              </Tooltip>
              <Tooltip title="缩小">
                <Button size="small" type="text" icon={<ZoomOutOutlined />} aria-label="缩小" disabled={!canDraw} onClick={() => chart.current?.zoom(1 / 1.5)} />
              </Tooltip>
              <Tooltip title="复位">
                <Button size="small" type="text" icon={<AimOutlined />} aria-label="复位" disabled={!canDraw} onClick={() => chart.current?.resetView()} />
              </Tooltip>
            </>
          )}
          <Tooltip title="导出图片（PNG）">
            <Button size="small" type="text" icon={<FileImageOutlined />} aria-label="导出图片" disabled={!canDraw} onClick={exportPng} />
          </Tooltip>
          <Tooltip title="导出数据（Excel）">
            <Button size="small" type="text" icon={<FileExcelOutlined />} aria-label="导出Excel" loading={exporting} disabled={loading} onClick={() => void exportExcel()} />
          </Tooltip>
        </Space>
      }
    >
      {failed ? (
        <ChartFailed id={id} height={height} title="数据加载失败" reason={failed.error instanceof Error ? failed.error.message : undefined} onRetry={() => void failed.refetch()} />
      ) : libraryFailed ? (
        <ChartFailed id={id} height={height} title="图表加载失败" reason="图表组件未能下载，请检查网络后重试。" onRetry={retryEcharts} />
      ) : loading ? (
        <Skeleton active paragraph={{ rows: Math.round(height / 48) }} style={{ height }} />
      ) : empty !== false || option === null ? (
        <div className={styles.empty} style={{ height }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty || '暂无数据'} />
        </div>
      ) : (
        <Spin spinning={refreshing} delay={200}>
          <EChart ref={chart} option={option} height={height} onClick={onChartClick} label={fileTitle} roam={roam} />
        </Spin>
      )}
      {footer && <div className={styles.footnote}>{footer}</div>}
    </Card>
  );
}

/** In a chart's place (same height): why it is not drawn, and 重试. */
function ChartFailed({ id, height, title, reason, onRetry }: { id: string; height: number; title: string; reason?: string; onRetry: () => void }) {
  return (
    <div className={styles.empty} style={{ height }} role="alert" data-testid={`chart-${id}-failed`}>
      <Empty
        image={<CloseCircleFilled className={styles.failedIcon} aria-hidden />}
        styles={{ image: { height: 40 } }}
        description={
          <>
            <div className={styles.failedTitle}>{title}</div>
            {reason && <div>{reason}</div>}
          </>
        }
      >
        <Button size="small" onClick={onRetry}>
          重试
        </Button>
      </Empty>
    </div>
  );
}
