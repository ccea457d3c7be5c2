/**
 * One parcel screen of the lifecycle (SPEC §2): the parcels in the screen's state, searched,
 * paged and sorted with the state in the URL; batch actions on the selected rows (only those
 * legal from the state, enabled by role); add/edit in the editor on the entry screen, a detail
 * drawer elsewhere.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { Button, Empty, Space, Table, Tooltip, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatDateTime } from '@land/shared';
import { RECYCLE_DAYS } from '@land/shared/audit';
import type { QueryCondition } from '@land/shared';
import { parcelTakeDownEntity } from '@land/shared/entities/parcelTakeDown';
import { landTransactionEntity } from '@land/shared/entities/landTransaction';
import type { EntityDef, FieldDef } from '@land/shared/entity';
import { isListedByDefault } from '@land/shared/entity';
import type { ParcelAction } from '@land/shared/lifecycle';
import { ScreenCard } from '../../components/ScreenCard';
import { LoadFailed, usePageSelection } from '../../components/list/LoadFailed';
import { urlPaging } from '../../components/list/use-list-state';
import { useConfirm } from '../../components/use-confirm';
import { useDraftsToRestore } from '../../lib/drafts';
import { getSession } from '../../lib/session';
import { notify } from '../../lib/notify';
import { totalText } from '../../lib/paged-query';
import type { EntityRecord } from '../entities/api';
import { deleteEntities, entityPageQuery } from '../entities/api';
import { EntitySearchForm, searchFieldsOf, useEntitySearch } from '../entities/entity-search';
import { COLUMN_ALIGN, TABLE_CELLS, columnTitle, columnWidth } from '../entities/table-cells';
import { PARCEL, parcelKeysAll, takeDownsOfParcelsQuery, transactionsOfParcelsQuery } from './api';
import { ParcelDetailDrawer } from './detail/ParcelDetailDrawer';
import type { EditorTarget } from './editor/ParcelEditor';
import { ParcelEditor } from './editor/ParcelEditor';
import { ParcelExcelActions } from './exchange/ParcelExcelActions';
import type { ParcelScreenConfig } from './screens';
import { WRITER_ROLES, offeredActions } from './screens';
import { useParcelTransition } from './use-transition';
import { STICKY_TABLE } from '../../components/list/sticky';
import { zhRowSelection } from '../../components/list/row-selection';
import { SHOWN_IN_PLACE } from '../../lib/query-client';

/** Fixed by the screen, so neither searched nor shown. */
const SCREEN_FIELDS = new Set(['status', 'tradeState']);
const SEARCH_FIELDS_SHOWN = 4;

const fieldOf = (def: EntityDef, name: string): FieldDef => def.fields.find((f) => f.name === name)!;

/** Columns that only say something in some states. */
function shownOnScreen(f: FieldDef, config: ParcelScreenConfig): boolean {
  if (SCREEN_FIELDS.has(f.name)) return f.name === 'tradeState' && config.state === 'published' && !config.tradeState;
  if (f.name === 'publishedAt' || f.name === 'visitcount') return config.state === 'published' || config.state === 'takenDown';
  return true;
}

interface ExtraColumn {
  key: string;
  title: string;
  width: number;
  align?: 'right';
  ellipsis?: boolean;
  render: (record: EntityRecord | undefined) => React.ReactNode;
}

const cell = (def: EntityDef, name: string) => (r: EntityRecord | undefined) =>
  r && r[name] !== null && r[name] !== undefined && r[name] !== '' ? TABLE_CELLS[fieldOf(def, name).type](r[name], fieldOf(def, name)) : null;

const EXTRA_COLUMNS: Record<NonNullable<ParcelScreenConfig['extra']>, ExtraColumn[]> = {
  takeDown: [
    { key: 'reasonType', title: '下架原因类型', width: 150, render: cell(parcelTakeDownEntity, 'reasonType') },
    {
      key: 'reason',
      title: '下架原因',
      width: 240,
      render: (r) => (r ? <Typography.Text ellipsis={{ tooltip: String(r.reason) }} data-testid="takedown-reason">{String(r.reason ?? '')}</Typography.Text> : null),
    },
    { key: 'takenDownAt', title: '下架时间', width: 170, render: (r) => (r?.takenDownAt ? formatDateTime(r.takenDownAt as string) : null) },
  ],
  listing: [
    { key: 'announcementNo', title: '公告编号', width: 200, ellipsis: true, render: cell(landTransactionEntity, 'announcementNo') },
    { key: 'transactionType', title: '交易方式', width: 100, render: cell(landTransactionEntity, 'transactionType') },
    { key: 'listingStart', title: '挂牌起始', width: 110, render: cell(landTransactionEntity, 'listingStart') },
    { key: 'listingEnd', title: '挂牌截止', width: 110, render: cell(landTransactionEntity, 'listingEnd') },
    { key: 'listingPrice', title: '挂牌起始价(万元)', width: 140, align: 'right', render: cell(landTransactionEntity, 'startingPrice') },
  ],
  deal: [
    { key: 'dealPrice', title: '成交价(万元)', width: 130, align: 'right', render: cell(landTransactionEntity, 'dealPrice') },
    { key: 'dealDate', title: '成交日期', width: 110, render: cell(landTransactionEntity, 'dealDate') },
    {
      key: 'winner',
      title: '竞得人',
      width: 220,
      render: (r) => (r?.winner ? <Typography.Text ellipsis={{ tooltip: String(r.winner) }}>{String(r.winner)}</Typography.Text> : null),
    },
    { key: 'contractNo', title: '出让合同编号', width: 170, ellipsis: true, render: cell(landTransactionEntity, 'contractNo') },
  ],
};

/** The latest supporting record of each parcel on the page (take-down reason, listing, deal). */
function useExtraRecords(config: ParcelScreenConfig, ids: string[]): Map<string, EntityRecord> {
  const takeDowns = useQuery({ ...takeDownsOfParcelsQuery(ids), enabled: config.extra === 'takeDown' && ids.length > 0 });
  const trades = useQuery({
    ...transactionsOfParcelsQuery(ids, config.extra === 'deal' ? 'dealt' : 'listing'),
    enabled: (config.extra === 'listing' || config.extra === 'deal') && ids.length > 0,
  });
  const rows = config.extra === 'takeDown' ? takeDowns.data : trades.data;
  return useMemo(() => {
    const byParcel = new Map<string, EntityRecord>();
    // Newest first from the server: the first one per parcel is the current one.
    for (const r of rows ?? []) if (typeof r.dkid === 'string' && !byParcel.has(r.dkid)) byParcel.set(r.dkid, r);
    return byParcel;
  }, [rows]);
}

interface ParcelScreenProps {
  config: ParcelScreenConfig;
  title: string;
}

export function ParcelScreen({ config, title }: ParcelScreenProps) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const transition = useParcelTransition({ restore: true });
  const role = getSession()?.role ?? '';
  const canWrite = WRITER_ROLES.includes(role);
  // A parcel being edited when the session ended opens again with its unsaved edits.
  // (the parcel's form and the supporting records of its tabs).
  const drafts = useDraftsToRestore(`${PARCEL.name}:`, config.entry === true && canWrite);
  const [editor, setEditor] = useState<EditorTarget | null>(() => {
    const parcelId = drafts[0]?.recordId;
    if (parcelId === undefined) return null;
    const mine = drafts.filter((d) => d.recordId === parcelId);
    return parcelId ? { mode: 'edit', id: parcelId, drafts: mine } : { mode: 'add', drafts: mine };
  });
  const [detailId, setDetailId] = useState<string | null>(null);

  const searchFields = useMemo(() => searchFieldsOf(PARCEL.fields.filter((f) => !SCREEN_FIELDS.has(f.name))), []);
  const { list, conditions, searchForm } = useEntitySearch(searchFields, SEARCH_FIELDS_SHOWN);
  const { state } = list;

  const filtering = conditions.length > 0;
  const query = useMemo(() => {
    const params: QueryCondition[] = [{ column: 'status', type: 'eq', val: config.state }];
    if (config.tradeState) params.push({ column: 'tradeState', type: 'eq', val: config.tradeState });
    params.push(...conditions);
    if (state.sortField && state.sortOrder) params.push({ column: state.sortField, type: state.sortOrder === 'ascend' ? 'orderAsc' : 'orderDesc' });
    return { pageNo: state.pageNo, pageSize: state.pageSize, params };
  }, [config.state, config.tradeState, conditions, state.pageNo, state.pageSize, state.sortField, state.sortOrder]);
  const queryKeyText = JSON.stringify(query);

  const page = useQuery({ ...entityPageQuery(PARCEL, query), placeholderData: keepPreviousData, meta: SHOWN_IN_PLACE });
  const rows = useMemo(() => page.data?.list ?? [], [page.data]);
  const ids = useMemo(() => rows.map((r) => r.id), [rows]);
  const extras = useExtraRecords(config, ids);

  const selection = usePageSelection(queryKeyText);
  const { selectedIds, clear: clearSelection } = selection;
  const selectedRows = rows.filter((r) => selectedIds.includes(r.id));

  const actions = useMemo(() => offeredActions(config.state, role), [config.state, role]);
  const usable = actions.filter((a) => a.denied === null);
  const deletable = Boolean(config.entry) && canWrite;
  const selectable = usable.length > 0 || deletable;

  const runAction = (action: ParcelAction, parcels: EntityRecord[], fromDetail = false) =>
    transition.run(action, parcels, {
      defaultReasonType: config.extra === 'deal' ? 'supplied' : undefined,
      onDone: (done) => {
        selection.drop(done.map((p) => p.id));
        if (fromDetail) setDetailId(null);
        // The page may now be empty: go back one.
        if (done.length >= rows.length && state.pageNo > 1) list.setPage(state.pageNo - 1);
      },
    });

  const deletion = useMutation({
    mutationFn: (targets: string[]) => deleteEntities(PARCEL, targets),
    onSuccess: async (_r, targets) => {
      notify.success(`已删除 ${targets.length} 个地块`);
      clearSelection();
      if (targets.length >= rows.length && state.pageNo > 1) list.setPage(state.pageNo - 1);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: parcelKeysAll }),
  });

  const deleteParcels = async (parcels: EntityRecord[]) => {
    const what = parcels.length === 1 ? `地块“${String(parcels[0].dkmc)}”` : `选中的 ${parcels.length} 个地块`;
    if (!(await confirm(`确定要删除${what}吗？地块及其配套信息、规划指标、全景标注等将一并移入回收站，可在回收站恢复（保留 ${RECYCLE_DAYS} 天）。`, { danger: true }))) return;
    deletion.mutate(parcels.map((p) => p.id));
  };

  const sortOrderOf = (key: string) => (state.sortField === key ? state.sortOrder : null);
  const listed = PARCEL.fields.filter((f) => isListedByDefault(f) && shownOnScreen(f, config));
  const columns: TableColumnsType<EntityRecord> = listed.map((f) => ({
    key: f.name,
    dataIndex: f.name,
    title: columnTitle(f),
    width: columnWidth(f, PARCEL.nameField),
    align: COLUMN_ALIGN[f.type],
    ellipsis: ['string', 'text', 'ref', 'tree'].includes(f.type) ? { showTitle: true } : undefined,
    sorter: f.sortable ? true : undefined,
    sortOrder: f.sortable ? sortOrderOf(f.name) : undefined,
    render: (value: unknown, record) =>
      f.name === 'dkmc' ? (
        <a onClick={() => (config.entry && canWrite ? setEditor({ mode: 'edit', id: record.id }) : setDetailId(record.id))}>{String(value ?? '')}</a>
      ) : (
        TABLE_CELLS[f.type](value, f)
      ),
  }));
  if (config.extra) {
    // What the screen is about (why it was taken down, the listing, the deal) comes right after the parcel's name.
    const at = columns.findIndex((c) => c.key === 'dkmc') + 1;
    columns.splice(
      at,
      0,
      ...EXTRA_COLUMNS[config.extra].map((c) => ({ key: c.key, title: c.title, width: c.width, align: c.align, ellipsis: c.ellipsis ? { showTitle: true } : undefined, render: (_v: unknown, record: EntityRecord) => c.render(extras.get(record.id)) })),
    );
  }
  if (!config.extra || config.extra === 'takeDown') {
    columns.push({
      key: 'updatedAt',
      dataIndex: 'updatedAt',
      title: '更新时间',
      width: 170,
      sorter: true,
      sortOrder: sortOrderOf('updatedAt'),
      render: (v: string) => formatDateTime(v),
    });
  }

  const rowActions = (record: EntityRecord) => (
    <Space size={0} wrap={false}>
      {config.entry && canWrite ? (
        <Button type="link" size="small" onClick={() => setEditor({ mode: 'edit', id: record.id })} data-testid="row-edit">
          编辑
        </Button>
      ) : (
        <Button type="link" size="small" onClick={() => setDetailId(record.id)} data-testid="row-detail">
          详情
        </Button>
      )}
      {usable.map(({ transition: t }) => (
        <Button
          key={t.action}
          type="link"
          size="small"
          danger={t.action === 'reject' || t.action === 'takeDown'}
          onClick={() => void runAction(t.action, [record])}
          data-testid={`row-${t.action}`}
        >
          {t.label}
        </Button>
      ))}
      {deletable && (
        <Button type="link" size="small" danger onClick={() => void deleteParcels([record])}>
          删除
        </Button>
      )}
    </Space>
  );
  const actionWidth = 24 + 48 + usable.reduce((w, a) => w + 14 * a.transition.label.length + 16, 0) + (deletable ? 48 : 0);
  columns.push({ key: 'actions', title: '操作', fixed: 'right', width: Math.max(actionWidth, 90), render: (_v, record) => rowActions(record) });
  const scrollX = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 120), 48);

  const loadFailed = page.isError && !page.data;

  return (
    <ScreenCard title={title}>
      <EntitySearchForm {...searchForm} name={`parcelSearch-${config.path}`} testId="parcel-search" />

      <Space style={{ marginBottom: 16 }} wrap>
        {config.entry && canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor({ mode: 'add' })} data-testid="parcel-add">
            新增
          </Button>
        )}
        {config.entry && <ParcelExcelActions params={query.params} canImport={canWrite} />}
        {actions.map(({ transition: t, denied }) => (
          <Tooltip key={t.action} title={denied ?? (selectedIds.length === 0 ? '请先勾选地块' : undefined)}>
            <Button
              type={config.entry ? 'default' : t.needsComment ? 'default' : 'primary'}
              danger={t.action === 'reject' || t.action === 'takeDown'}
              disabled={denied !== null || selectedIds.length === 0}
              loading={transition.running === t.action}
              onClick={() => void runAction(t.action, selectedRows)}
              data-testid={`batch-${t.action}`}
            >
              {config.entry ? `批量${t.label}` : t.label}
              {selectedIds.length > 0 ? `（${selectedIds.length}）` : ''}
            </Button>
          </Tooltip>
        ))}
        {deletable && (
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selectedIds.length === 0}
            loading={deletion.isPending}
            onClick={() => void deleteParcels(selectedRows)}
          >
            批量删除
          </Button>
        )}
        {selectedIds.length > 0 && (
          <Typography.Text type="secondary">
            已选择 {selectedIds.length} 项 <a onClick={clearSelection}>清除</a>
          </Typography.Text>
        )}
      </Space>

      {loadFailed ? (
        <LoadFailed query={page} />
      ) : (
        <Table<EntityRecord>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={page.isPending || page.isFetching}
          scroll={{ x: scrollX }}
          sticky={STICKY_TABLE}
          onChange={list.onTableChange}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtering ? '没有找到符合条件的地块' : config.emptyText} />,
          }}
          rowSelection={
            selectable
              ? zhRowSelection({ selectedRowKeys: selectedIds, onChange: selection.select, fixed: true })
              : undefined
          }
          pagination={urlPaging(state, page.data?.total ?? 0, (count) => totalText(count, page.data?.totalExact, '个地块'))}
          data-testid="parcel-table"
        />
      )}

      {config.entry && <ParcelEditor target={editor} onClose={() => setEditor(null)} />}
      <ParcelDetailDrawer
        parcelId={detailId}
        onClose={() => setDetailId(null)}
        actions={actions}
        busy={transition.running}
        onAction={(action, parcel) => void runAction(action, [parcel], true)}
      />
      {transition.element}
    </ScreenCard>
  );
}
