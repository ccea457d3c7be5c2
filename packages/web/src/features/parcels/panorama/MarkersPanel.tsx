/**
 * 全景标注: the parcel's panorama with its markers beside an editable list. Click the panorama
 * to add a marker there, drag a marker to move it, edit its title and text in the list; 保存标注
 * replaces the parcel's whole set (addListTphotoSphereMarkers).
 */
import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Empty, Input, List, Row, Skeleton, Space, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { photoSphereMarkerEntity } from '@land/shared/entities/photoSphereMarker';
import { fieldSchema } from '@land/shared/entity';
import type { Draft } from '../../../lib/drafts';
import { useDraftSource } from '../../../lib/drafts';
import { fileUrl, toFileList } from '../../../lib/files';
import { notify } from '../../../lib/notify';
import { ApiError } from '../../../lib/request';
import type { MarkerRecord } from '../api';
import { markersKey, markersQuery, saveMarkers } from '../api';
import type { ViewerMarker } from './PanoramaViewer';

const PanoramaViewer = lazy(() => import('./PanoramaViewer'));

interface EditableMarker extends ViewerMarker {
  /** Fields this screen does not edit, kept as stored. */
  image?: unknown;
  icon?: unknown;
}

interface MarkersPanelProps {
  dkid: string;
  /** The parcel's 全景照片 value (as in the form). */
  panorama: unknown;
  readOnly?: boolean;
  onDirty?: (dirty: boolean) => void;
  /** Where the unsaved markers are kept if the session ends, and those kept last time. */
  draftKey?: string;
  draft?: Draft;
}

const FIELDS = ['title', 'content', 'yaw', 'pitch'] as const;

function fromRecord(m: MarkerRecord): EditableMarker {
  return { markerId: m.markerId, title: m.title, content: m.content ?? '', yaw: Number(m.yaw), pitch: Number(m.pitch), image: m.image, icon: m.icon };
}

/** The first problem of a marker by the shared field rules, e.g. 请输入标注标题. */
function problemOf(m: EditableMarker): string | null {
  for (const name of FIELDS) {
    const field = photoSphereMarkerEntity.fields.find((f) => f.name === name);
    if (!field) continue;
    const result = fieldSchema(field).safeParse(m[name]);
    if (!result.success) return result.error.issues[0]?.message ?? '输入格式不正确';
  }
  return null;
}

export function MarkersPanel({ dkid, panorama, readOnly, onDirty, draftKey, draft }: MarkersPanelProps) {
  const queryClient = useQueryClient();
  const stored = useQuery(markersQuery(dkid));
  const kept = Array.isArray(draft?.values.markers) ? (draft.values.markers as EditableMarker[]) : null;
  const [markers, setMarkers] = useState<EditableMarker[] | null>(kept);
  const [selected, setSelected] = useState<string | null>(null);
  const [dirty, setDirty] = useState(kept !== null);
  // Markers placed but not saved when the session ends come back after signing in.
  useDraftSource(useCallback(() => (draftKey && dirty && markers ? { key: draftKey, recordId: dkid, values: { markers } } : null), [draftKey, dirty, markers, dkid]));
  const image = toFileList(panorama)[0];

  // The stored list, until the user changes something.
  const list = markers ?? (stored.data ?? []).map(fromRecord);

  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);

  const change = (next: EditableMarker[]) => {
    setMarkers(next);
    setDirty(true);
  };

  const save = useMutation({
    mutationFn: () =>
      saveMarkers(
        dkid,
        list.map((m, i) => ({ markerId: m.markerId, title: m.title.trim(), content: m.content || null, yaw: m.yaw, pitch: m.pitch, image: m.image, icon: m.icon, displayorder: i + 1 })),
      ),
    meta: { ownErrors: true },
    onSuccess: async (saved) => {
      notify.success(`已保存 ${saved.length} 个全景标注`);
      setMarkers(saved.map(fromRecord));
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: markersKey(dkid) });
    },
  });

  const problems = list.map(problemOf);
  const firstProblem = problems.findIndex((p) => p !== null);

  const add = (yaw: number, pitch: number) => {
    const markerId = `m${Date.now().toString(36)}`;
    change([...list, { markerId, title: `标注${list.length + 1}`, content: '', yaw, pitch }]);
    setSelected(markerId);
  };
  const update = (markerId: string, patch: Partial<EditableMarker>) => change(list.map((m) => (m.markerId === markerId ? { ...m, ...patch } : m)));
  const remove = (markerId: string) => {
    change(list.filter((m) => m.markerId !== markerId));
    if (selected === markerId) setSelected(null);
  };

  if (!image) {
    return <Empty description={readOnly ? '该地块没有全景照片' : '该地块还没有全景照片：请在“图片与文件”中上传全景照片并保存后再标注'} />;
  }
  if (stored.isPending) return <Skeleton active />;

  const saveError = save.error instanceof ApiError && save.error.handled ? null : save.error?.message;

  return (
    <Row gutter={16} data-testid="markers-panel">
      <Col xs={24} xl={15}>
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 420 }} />}>
          <PanoramaViewer
            url={fileUrl(image.url)}
            markers={list}
            selectedId={selected}
            onSelect={setSelected}
            onAdd={readOnly ? undefined : add}
            onMove={readOnly ? undefined : (id, yaw, pitch) => update(id, { yaw, pitch })}
          />
        </Suspense>
        {!readOnly && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            单击全景添加标注，拖动标注调整位置；拖动空白处旋转视角，Ctrl+滚轮缩放。
          </Typography.Text>
        )}
      </Col>
      <Col xs={24} xl={9}>
        <Space orientation="vertical" style={{ width: '100%' }} size={12}>
          {!readOnly && (
            <Space>
              <Button
                type="primary"
                icon={<SaveOutlined />}
                disabled={!dirty || firstProblem !== -1}
                loading={save.isPending}
                onClick={() => save.mutate()}
                data-testid="markers-save"
              >
                保存标注
              </Button>
              {dirty && <Typography.Text type="warning">有未保存的修改</Typography.Text>}
            </Space>
          )}
          {firstProblem !== -1 && <Alert type="error" showIcon title={`第${firstProblem + 1}个标注：${problems[firstProblem]}`} />}
          {saveError && <Alert type="error" showIcon title={saveError} />}
          <List
            size="small"
            bordered
            locale={{ emptyText: readOnly ? '暂无标注' : '暂无标注，单击全景添加' }}
            dataSource={list}
            style={{ maxHeight: 420, overflow: 'auto' }}
            renderItem={(m, index) => (
              <List.Item
                key={m.markerId}
                onClick={() => setSelected(m.markerId)}
                style={{ background: m.markerId === selected ? '#fff7e6' : undefined, cursor: 'pointer', display: 'block' }}
                data-testid="marker-item"
              >
                {readOnly ? (
                  <>
                    <Typography.Text strong>{m.title}</Typography.Text>
                    {m.content && <Typography.Paragraph style={{ margin: 0 }}>{m.content}</Typography.Paragraph>}
                  </>
                ) : (
                  <Space orientation="vertical" style={{ width: '100%' }} size={4}>
                    <Space.Compact block>
                      <Input
                        value={m.title}
                        placeholder="请输入标注标题"
                        aria-label={`第${index + 1}个标注标题`}
                        onChange={(e) => update(m.markerId, { title: e.target.value })}
                        status={problems[index] ? 'error' : undefined}
                      />
                      <Button danger icon={<DeleteOutlined />} aria-label="删除标注" onClick={() => remove(m.markerId)} />
                    </Space.Compact>
                    <Input.TextArea
                      value={m.content ?? ''}
                      autoSize={{ minRows: 1, maxRows: 4 }}
                      placeholder="标注说明（选填）"
                      aria-label={`第${index + 1}个标注说明`}
                      onChange={(e) => update(m.markerId, { content: e.target.value })}
                    />
                  </Space>
                )}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  水平角 {m.yaw.toFixed(2)}°，俯仰角 {m.pitch.toFixed(2)}°
                </Typography.Text>
              </List.Item>
            )}
          />
        </Space>
      </Col>
    </Row>
  );
}
