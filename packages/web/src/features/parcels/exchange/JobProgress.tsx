/**
 * The progress of a background import or export job: a bar and processed/total rows; for an
 * import, the rows read, checked and saved so far.
 */
import { Progress, Space, Typography } from 'antd';
import type { JobStatus } from './api';

interface JobProgressProps {
  status: JobStatus | undefined;
  /** What is being done, e.g. 正在导出地块. */
  label: string;
  /** Before the job exists (uploading the file): the upload's fraction. */
  upload?: number | null;
}

const count = (n: number) => n.toLocaleString('zh-CN');

/** 已读取 10,000 行 · 已检查 10,000 行 · 已保存 2,300 / 10,000 行 (stages finished show their total). */
function stageText({ stage, processed, total }: JobStatus): string {
  const read = stage === 'read' ? processed : total;
  const parts = [`已读取 ${count(read)} 行`];
  if (stage === 'check') parts.push(`已检查 ${count(processed)} / ${count(total)} 行`);
  if (stage === 'save') parts.push(`已检查 ${count(total)} 行`, `已保存 ${count(processed)} / ${count(total)} 行`);
  return parts.join(' · ');
}

export function JobProgress({ status, label, upload }: JobProgressProps) {
  const done = status?.state === 'done';
  const failed = status?.state === 'failed';
  const fraction = status ? (done ? 1 : status.progress) : 0;
  const percent = Math.floor(fraction * 100);
  let text: string;
  if (!status && upload !== undefined && upload !== null) text = `正在上传文件… ${Math.floor(upload * 100)}%`;
  else if (!status || (status.state === 'running' && status.total === 0)) text = `${label}，正在准备…`;
  // Small jobs may finish before reporting any count.
  else if (status.total === 0) text = done ? '已完成' : '已中止';
  else if (status.stage && !done) text = `${failed ? '已中止：' : ''}${stageText(status)}`;
  else text = `${done ? '已完成' : failed ? '已中止' : label}：${status.processed} / ${status.total} 条`;
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }} data-testid="job-progress">
      <Progress
        percent={percent}
        status={failed ? 'exception' : done ? 'success' : 'active'}
        format={(p) => `${p ?? 0}%`}
        data-testid="job-progress-bar"
        data-percent={percent}
      />
      <Typography.Text type="secondary" data-testid="job-progress-text">
        {text}
      </Typography.Text>
    </Space>
  );
}
