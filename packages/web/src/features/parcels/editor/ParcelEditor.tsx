/**
 * The parcel editor of the entry screen (地块录入), in a large drawer: the definition's fields
 * in sections beside the map where the boundary is drawn, edited or imported; the computed
 * area against the entered one; once saved, the parcel's supporting data in tabs below. 保存
 * keeps the drawer open; 提交初审 saves what is unsaved and sends the parcel to first review.
 */
import { CloseOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Drawer, Form, Result, Row, Space, Spin, Tag, Tooltip } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatDateTime } from '@land/shared';
import type { ParcelGeometry } from '@land/shared/geo/types';
import { m2ToMu, muToM2, round } from '@land/shared/helpers';
import type { ParcelAction, ParcelState } from '@land/shared/lifecycle';
import { PARCEL_STATE_LABELS, transitionFor } from '@land/shared/lifecycle';
import { LoadFailed } from '../../../components/list/LoadFailed';
import { useConfirm } from '../../../components/use-confirm';
import type { Draft } from '../../../lib/drafts';
import { forgetDraft, restoredText, useDraftSource } from '../../../lib/drafts';
import { getSession } from '../../../lib/session';
import { notify } from '../../../lib/notify';
import { isNotFound } from '../../../lib/request';
import type { EntityRecord } from '../../entities/api';
import { entityKeys, entityRecordQuery } from '../../entities/api';
import type { FormValues } from '../../entities/entity-form';
import { EntityFormFields, initialFormValues, toPayload, useSaveEntity } from '../../entities/entity-form';
import { PARCEL, districtsQuery, mapSettingsQuery, parcelLogQuery } from '../api';
import { geometryKey, sameValues } from '../../../components/form/form-dirty';
import type { RecordTabKey } from '../records/ParcelRecordsTabs';
import { ParcelRecordsTabs } from '../records/ParcelRecordsTabs';
import { deniedReason } from '../screens';
import { MAP_FIELD, sectionFields, withFields } from '../sections';
import { useParcelTransition } from '../use-transition';
import { checkGeometry, farFromZoneQuestion, zonePlace } from './geometry-check';
import { GeometryPanel } from './GeometryPanel';
import { useUnsavedGuard } from '../../../components/form/use-unsaved-guard';
import styles from './ParcelEditor.module.css';
import { SHOWN_IN_PLACE } from '../../../lib/query-client';

/** The parcel to open; `drafts`: its unsaved edits kept when the session ended, to be put back. */
export type EditorTarget = { mode: 'add'; drafts?: Draft[] } | { mode: 'edit'; id: string; drafts?: Draft[] };

/** The draft key of a parcel's form, or of one of its tabs' records. */
export const parcelDraftKey = (id: string | null | undefined, tab?: RecordTabKey) => `${PARCEL.name}:${id ?? 'new'}${tab ? `/${tab}` : ''}`;

const RECORD_TAB_LABELS: Record<RecordTabKey, string> = {
  matching: '基础设施配套',
  distance: '距离',
  ydzb: '规划指标',
  zbpt: '周边配套',
  dkys: '地块优势',
  xq: '价格',
  pipe: '管网',
  zssc: '招商手册',
  markers: '全景标注',
  log: '流转记录',
};

const asGeometry = (v: unknown): ParcelGeometry | null => (v && typeof v === 'object' ? (v as ParcelGeometry) : null);

/** The latest 退回 of a parcel that is back in 录入中: what the reviewer asked to change. */
function ReturnNotice({ dkid }: { dkid: string }) {
  const { data } = useQuery(parcelLogQuery(dkid));
  const last = data?.filter((r) => r.action !== 'edit').at(-1);
  if (!last || (last.action !== 'reject' && last.action !== 'withdraw')) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={`${transitionFor(last.action as ParcelAction)?.label ?? '退回'}：${last.comment ?? '（未填写意见）'}`}
      description={`${last.actorName ?? ''} ${formatDateTime(last.at)}`}
      data-testid="return-notice"
    />
  );
}

interface EditorContentProps {
  initial: EntityRecord | null;
  /** Unsaved edits kept when the session ended (the form's, its tabs'): they open again, still unsaved. */
  drafts?: Draft[];
  onClose: () => void;
}

const NO_DRAFTS: Draft[] = [];

function EditorContent({ initial, drafts = NO_DRAFTS, onClose }: EditorContentProps) {
  const draft = drafts.find((d) => d.key === parcelDraftKey(initial?.id));
  const tabDrafts = useMemo(() => {
    const byTab: Partial<Record<RecordTabKey, Draft>> = {};
    if (initial) {
      for (const tab of Object.keys(RECORD_TAB_LABELS) as RecordTabKey[]) {
        const d = drafts.find((x) => x.key === parcelDraftKey(initial.id, tab));
        if (d) byTab[tab] = d;
      }
    }
    return byTab;
  }, [drafts, initial]);
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const transition = useParcelTransition();
  const role = getSession()?.role ?? '';
  const mapCardRef = useRef<HTMLDivElement>(null);
  const recordsRef = useRef<HTMLDivElement>(null);

  // Edits kept from an ended session are saved against the version they were made on: a save
  // someone else made meanwhile is reported as a conflict, not overwritten.
  const [record, setRecord] = useState<EntityRecord | null>(initial && draft ? { ...initial, version: draft.version } : initial);
  const [geometry, setGeometry] = useState<ParcelGeometry | null>(asGeometry(draft ? draft.extra?.geometry : initial?.[MAP_FIELD]));
  /** What was loaded or last saved: the form differs from it, or the boundary does, means unsaved. */
  const [baseline, setBaseline] = useState(() => ({ values: initialFormValues(PARCEL, initial), geometry: geometryKey(initial?.[MAP_FIELD]) }));
  const [valuesDirty, setValuesDirty] = useState(() => draft !== undefined && !sameValues(draft.values, baseline.values));
  const formDirty = valuesDirty || geometryKey(geometry) !== baseline.geometry;
  const checkValues = () => setValuesDirty(!sameValues(form.getFieldsValue(true) as FormValues, baseline.values));
  const [tabDirty, setTabDirty] = useState<Partial<Record<RecordTabKey, boolean>>>({});
  const dirtyTabs = (Object.keys(tabDirty) as RecordTabKey[]).filter((k) => tabDirty[k]);
  const dirty = formDirty || dirtyTabs.length > 0;
  /** Tabs opened with restored edits, until they are saved (or typed back). */
  const restoredTabs = (Object.keys(tabDrafts) as RecordTabKey[]).filter((t) => tabDirty[t] !== false);
  useUnsavedGuard(dirty);
  // Once open with them, the drafts are here (and kept again if the session ends again).
  useEffect(() => {
    for (const d of drafts) forgetDraft(d.key);
  }, [drafts]);
  useDraftSource(
    useCallback(
      () =>
        formDirty
          ? { key: parcelDraftKey(record?.id), recordId: record?.id ?? null, version: record?.version, values: form.getFieldsValue(true) as FormValues, extra: { geometry } }
          : null,
      [formDirty, form, record, geometry],
    ),
  );
  /** Puts the form and the boundary back to what is saved, leaving the restored edits. */
  const discardRestored = () => {
    form.setFieldsValue(baseline.values);
    setGeometry(asGeometry(record?.[MAP_FIELD] ?? null));
    setValuesDirty(false);
  };

  const sections = useMemo(() => sectionFields(PARCEL).map(({ section, fields }) => ({ section, def: withFields(PARCEL, fields) })), []);
  const check = useMemo(() => checkGeometry(geometry), [geometry]);
  const landArea = Form.useWatch<number | null | undefined>('landArea', form);
  const areacode = Form.useWatch<string | null | undefined>('areacode', form);
  const panorama = Form.useWatch<unknown>('panorama', form);
  // Where the zone is (the map shows the same): a new boundary far from it is asked about.
  const districts = useQuery(districtsQuery());
  const mapSettings = useQuery(mapSettingsQuery());

  const save = useSaveEntity(
    PARCEL,
    form,
    (saved) => {
      queryClient.setQueryData(entityKeys.record(PARCEL.name, saved.id), saved);
      const values = initialFormValues(PARCEL, saved);
      setRecord(saved);
      form.setFieldsValue(values);
      setGeometry(asGeometry(saved[MAP_FIELD]));
      setBaseline({ values, geometry: geometryKey(saved[MAP_FIELD]) });
      setValuesDirty(false);
    },
    {
      // Until restored edits are saved, they were made on an older parcel: no base to merge from.
      base: () => (draft && record?.version === draft.version ? undefined : { ...baseline.values, [MAP_FIELD]: record?.[MAP_FIELD] ?? null }),
      takeOther: (name, value) => {
        if (name !== MAP_FIELD) return false;
        setGeometry(asGeometry(value));
        return true;
      },
    },
  );

  const takeGeometryArea = (m2: number, mu: number) => {
    form.setFieldsValue({ landArea: m2, landAreaMu: mu });
    void form.validateFields(['landArea', 'landAreaMu']).catch(() => undefined);
    checkValues();
  };

  /** Keeps 土地面积 and 折合亩数 in step while typing (1 亩 = 666.67 ㎡). */
  const onValuesChange = (changed: FormValues) => {
    if ('landArea' in changed) {
      const v = changed.landArea;
      form.setFieldValue('landAreaMu', typeof v === 'number' ? round(m2ToMu(v), 2) : undefined);
    } else if ('landAreaMu' in changed) {
      const v = changed.landAreaMu;
      form.setFieldValue('landArea', typeof v === 'number' ? round(muToM2(v), 2) : undefined);
    }
    checkValues();
  };

  /** Validates and saves; the saved parcel, or null when something stopped it (already shown). */
  const saveNow = async (): Promise<EntityRecord | null> => {
    if (check.state === 'invalid') {
      notify.warning(`地块边界不正确：${check.message}`);
      mapCardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      return null;
    }
    try {
      await form.validateFields();
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { behavior: 'smooth', block: 'center' });
      notify.warning('请先修正表单中标红的内容');
      return null;
    }
    if (check.state === 'ok' && geometryKey(geometry) !== baseline.geometry) {
      const centre = mapSettings.data ? ([mapSettings.data.mapCenterLon, mapSettings.data.mapCenterLat] as [number, number]) : null;
      const question = farFromZoneQuestion(check.geometry, zonePlace(districts.data, centre));
      const asked = (
        <>
          <p data-testid="far-from-zone">{question}</p>
          <p style={{ marginBottom: 0 }}>确定按此边界保存吗？</p>
        </>
      );
      if (question && !(await confirm(asked))) {
        mapCardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        return null;
      }
    }
    const values = form.getFieldsValue(true) as FormValues;
    try {
      return await save.mutateAsync({ ...toPayload(PARCEL, values, record), [MAP_FIELD]: geometry });
    } catch {
      return null;
    }
  };

  const submitTransition = transitionFor('submit')!;
  const submitDenied = deniedReason(submitTransition, role);

  const submit = async () => {
    if (dirtyTabs.length > 0) {
      notify.warning(`${dirtyTabs.map((k) => RECORD_TAB_LABELS[k]).join('、')}中有未保存的修改，请先保存`);
      return;
    }
    if (!geometry) {
      notify.warning('请先绘制或导入地块边界后再提交初审');
      mapCardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      return;
    }
    let current = record;
    if (!current || formDirty) current = await saveNow();
    if (!current) return;
    await transition.run('submit', [current], { onDone: onClose });
  };

  const requestClose = async () => {
    if (dirty && !(await confirm('当前地块有未保存的修改，关闭后这些修改将丢失。确定关闭吗？', { danger: true }))) return;
    onClose();
  };

  const onParcelChanged = useCallback(
    async (fields: string[]) => {
      if (!record) return;
      const fresh = await queryClient.fetchQuery({ ...entityRecordQuery(PARCEL, record.id), staleTime: 0 });
      if (!fresh) return;
      const changed = Object.fromEntries(fields.map((f) => [f, initialFormValues(PARCEL, fresh)[f]]));
      form.setFieldsValue(changed);
      // The server's new values are the saved state, not an edit of the clerk's.
      setBaseline((b) => ({ ...b, values: { ...b.values, ...changed } }));
      setRecord((r) => (r ? { ...r, ...Object.fromEntries(fields.map((f) => [f, fresh[f]])), version: fresh.version } : r));
    },
    [form, queryClient, record],
  );

  const onTabDirty = useCallback((tab: RecordTabKey, d: boolean) => setTabDirty((prev) => (prev[tab] === d ? prev : { ...prev, [tab]: d })), []);

  const status = (record?.status as ParcelState | undefined) ?? 'draft';

  return (
    <>
      <div className={styles.header}>
        <h2 className={styles.title} data-testid="parcel-editor-title">
          {record ? `编辑地块：${String(record.dkmc ?? '')}` : '新增地块'}
        </h2>
        <Tag color={status === 'draft' ? 'default' : 'blue'}>{PARCEL_STATE_LABELS[status]}</Tag>
        {dirty && <Tag color="warning">未保存</Tag>}
        <Space>
          <Button icon={<CloseOutlined />} onClick={() => void requestClose()}>
            关闭
          </Button>
          <Button type="primary" ghost icon={<SaveOutlined />} loading={save.isPending} onClick={() => void saveNow()} data-testid="parcel-save">
            保存
          </Button>
          <Tooltip title={submitDenied ?? '保存并提交初审'}>
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={submitDenied !== null}
              loading={transition.running === 'submit'}
              onClick={() => void submit()}
              data-testid="parcel-submit"
            >
              {submitTransition.label}
            </Button>
          </Tooltip>
        </Space>
      </div>
      <div className={styles.body}>
        {((draft && formDirty) || restoredTabs.length > 0) && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            // The parts are named when a tab's records are among them (the form alone is plain to see).
            title={restoredText(
              draft ?? tabDrafts[restoredTabs[0]!]!,
              restoredTabs.length > 0 ? [...(draft && formDirty ? ['地块信息'] : []), ...restoredTabs.map((t) => `配套信息中的“${RECORD_TAB_LABELS[t]}”`)] : [],
            )}
            action={
              draft && formDirty ? (
                <Button size="small" onClick={discardRestored} data-testid="draft-discard">
                  {restoredTabs.length > 0 ? '放弃地块信息的修改' : '放弃这些修改'}
                </Button>
              ) : (
                <Button size="small" onClick={() => recordsRef.current?.scrollIntoView({ block: 'start' })}>
                  查看
                </Button>
              )
            }
            data-testid="draft-restored"
          />
        )}
        {record && <ReturnNotice dkid={record.id} />}
        <Row gutter={16}>
          <Col xs={24} xl={13} xxl={14}>
            <Form<FormValues>
              form={form}
              name="parcelEditor"
              layout="vertical"
              initialValues={draft?.values ?? baseline.values}
              onValuesChange={onValuesChange}
              autoComplete="off"
              data-testid="parcel-form"
            >
              {sections.map(({ section, def }) => (
                <Card key={section.key} size="small" title={section.title} className={styles.section} data-testid={`parcel-section-${section.key}`}>
                  <EntityFormFields def={def} columns={2} />
                </Card>
              ))}
            </Form>
          </Col>
          <Col xs={24} xl={11} xxl={10}>
            <div className={styles.sticky} ref={mapCardRef}>
              <Card size="small" title="地块边界" className={styles.section}>
                <GeometryPanel
                  geometry={geometry}
                  check={check}
                  onChange={setGeometry}
                  parcelId={record?.id}
                  areacode={areacode}
                  entered={landArea}
                  onUseArea={takeGeometryArea}
                />
              </Card>
            </div>
          </Col>
        </Row>
        <Card size="small" title="配套信息" className={styles.records} ref={recordsRef}>
          {record ? (
            <ParcelRecordsTabs
              dkid={record.id}
              panorama={panorama}
              onDirty={onTabDirty}
              onParcelChanged={(f) => void onParcelChanged(f)}
              draftKeyOf={(tab) => parcelDraftKey(record.id, tab)}
              drafts={tabDrafts}
            />
          ) : (
            <Alert
              type="info"
              showIcon
              title="保存地块后，可在这里维护基础设施配套、距离、规划指标、周边配套、地块优势、价格、管网、招商手册和全景标注。"
            />
          )}
        </Card>
      </div>
      {transition.element}
    </>
  );
}

interface ParcelEditorProps {
  target: EditorTarget | null;
  onClose: () => void;
}

export function ParcelEditor({ target, onClose }: ParcelEditorProps) {
  const editId = target?.mode === 'edit' ? target.id : undefined;
  const recordQuery = useQuery({ ...entityRecordQuery(PARCEL, editId ?? ''), enabled: editId !== undefined, meta: SHOWN_IN_PLACE });

  // Edits kept for a parcel deleted meanwhile have nowhere to go.
  const gone = editId !== undefined && ((recordQuery.isSuccess && !recordQuery.data) || (recordQuery.isError && isNotFound(recordQuery.error)));
  const drafts = target?.drafts;
  useEffect(() => {
    if (gone) for (const d of drafts ?? []) forgetDraft(d.key);
  }, [gone, drafts]);

  let content = null;
  if (target?.mode === 'add') content = <EditorContent key="new" initial={null} drafts={target.drafts} onClose={onClose} />;
  else if (editId !== undefined && recordQuery.data) content = <EditorContent key={editId} initial={recordQuery.data} drafts={target?.drafts} onClose={onClose} />;
  else if (editId !== undefined && recordQuery.isPending) content = <Spin size="large" style={{ display: 'block', padding: 96 }} />;
  // A call that failed for another reason (the network, the server) is not a deleted parcel.
  else if (editId !== undefined && recordQuery.isError && !isNotFound(recordQuery.error)) content = <LoadFailed query={recordQuery} testId="record-load-error" back={{ label: '返回列表', onClick: onClose }} />;
  else if (editId !== undefined)
    content = (
      <Result
        status="warning"
        title="地块不存在或已删除"
        subTitle={drafts?.length ? '登录失效前对它未保存的修改无法恢复。' : undefined}
        extra={
          <Button type="primary" onClick={onClose}>
            返回列表
          </Button>
        }
      />
    );

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      size="min(1680px, 96vw)"
      destroyOnHidden
      styles={{ body: { padding: 0 } }}
      data-testid="parcel-editor"
    >
      {content}
    </Drawer>
  );
}
