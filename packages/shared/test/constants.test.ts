import { describe, it, expect } from 'vitest';
import {
  ALL_DISTRICTS_LABEL,
  CHART_PALETTE,
  CHUNK_LOAD_TIMEOUT_MS,
  CONFIRM,
  MAPS_REQUEST_DELAY_MS,
  NETWORK_ERROR_MESSAGE,
  NOTIFY_DURATION_MS,
  NOTIFY_TITLES,
  TOKEN_STORAGE_KEY,
  UPLOAD_LABELS,
  YUAN_LIMIT,
  deleteAttachmentConfirm,
} from '../src/constants';

describe('constants (SPEC §8, §9)', () => {
  it('limits and timings', () => {
    expect(MAPS_REQUEST_DELAY_MS).toBe(350);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    expect(NOTIFY_DURATION_MS).toBe(2000);
    expect(TOKEN_STORAGE_KEY).toBe('token');
    expect(YUAN_LIMIT).toBe(1e15);
  });

  it('chart palette: 20 distinct hex colours starting with antd blue', () => {
    expect(CHART_PALETTE).toHaveLength(20);
    expect(CHART_PALETTE[0]).toBe('#1677ff');
    expect(new Set(CHART_PALETTE.map((c) => c.toLowerCase())).size).toBe(20);
    for (const c of CHART_PALETTE) expect(c).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('UI wording', () => {
    expect(NOTIFY_TITLES).toEqual({ success: '成功', warning: '温馨提示', info: '消息', error: '错误' });
    expect(CONFIRM).toEqual({ title: '提示', ok: '确定', cancel: '取消' });
    expect(NETWORK_ERROR_MESSAGE).toBe('网络连接失败！');
    expect(ALL_DISTRICTS_LABEL).toBe('全部片区');
    expect(UPLOAD_LABELS).toEqual({ button: '点击上传', drag: '将文件拖到此处，或点击上传', select: '选取文件' });
    expect(deleteAttachmentConfirm('规划图.pdf')).toBe('您确定要删除附件[规划图.pdf]吗？');
  });
});
