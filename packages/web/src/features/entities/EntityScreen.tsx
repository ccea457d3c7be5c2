import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import { Button, Empty, Space, Table, Typography } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComponentType, Key } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { roleMay } from '@land/shared/roles';
import type { QueryCondition } from '@land/shared';
import type { EntityDef } from '@land/shared/entity';
import { isListedByDefault, recordName } from '@land/shared/entity';
import { deleteOutcome } from '@land/shared/audit';
import { ScreenCard } from '../../components/ScreenCard';
import { LoadFailed, usePageSelection } from '../../components/list/LoadFailed';
import { urlPaging } from '../../components/list/use-list-state';
import { useConfirm } from '../../components/use-confirm';
import { forgetDraft, useDraftToRestore, type Draft } from '../../lib/drafts';
import { notify } from '../../lib/notify';
import { totalText } from '../../lib/paged-query';
import type { EntityRecord } from './api';
import { canDelete, canSave, entityKeys, entityPageQuery, entityRecordQuery, entityTreeQuery, deleteEntities, hasCall } from './api';
import type { FormTarget } from './EntityFormDrawer';
import type { FormLockOf } from './entity-form';
import { EntityFormDrawer } from './EntityFormDrawer';
import { formFields, rowActionDrafts } from './entity-form';
import { getSession } from '../../lib/session';
import { ExcelActions } from './ExcelActions';
import { EntitySearchForm, searchFieldsOf, useEntitySearch } from './entity-search';
import { COLUMN_ALIGN, TABLE_CELLS, columnTitle, columnWidth } from './table-cells';
import { STICKY_TABLE } from '../../components/list/sticky';
import { zhRowSelection } from '../../components/list/row-selection';
import { SHOWN_IN_PLACE } from '../../lib/query-client';

export interface EntityScreenProps {
  def: EntityDef;
  /** Screen title (the menu's). */
  title: string;
  /** Records edited on pages of their own (long rich text) instead of the drawer. */
  editPages?: { add: string; edit: (id: string) => string };
  /** One more action on each row, opening a dialog of its own (e.g. 回复 on consulting questions). */
  rowAction?: RowAction;
  /** Fields of a record the edit drawer hides or shows read-only (what a visitor wrote). */
  formLock?: FormLockOf;
}

export interface RowAction {
  label: string;
  /** `draft`: what was typed in the dialog before the session ended (kept under `rowActionDrafts`). */
  Dialog: ComponentType<{ def: EntityDef; record: EntityRecord | null; draft?: Draft; onClose: () => void }>;
}

/**
 * Opens a form or dialog again for a draft kept when the session ended: with the record as it is
 * now but the version the edits were made on (someone else's save meanwhile is a conflict), or
 * with no record for a new one; a record deleted meanwhile is said so.
 */
function useReopenForDraft(def: EntityDef, draft: Draft | undefined, open: (record: EntityRecord | null, draft: Draft) => void) {
  const queryClient = useQueryClient();
  const opener = useRef(open);
  opener.current = open;
  useEffect(() => {
    if (!draft) return;
    if (!draft.recordId) {
      opener.current(null, draft);
      return;
    }
    let live = true;
    queryClient.fetchQuery(entityRecordQuery(def, draft.recordId)).then(
      (record) => {
        if (!live) return;
        if (record) opener.current({ ...record, version: draft.version }, draft);
        else {
          forgetDraft(draft.key);
          notify.warning(`该${def.label}已不存在或已删除，登录失效前对它未保存的修改无法恢复`);
        }
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [draft, def, queryClient]);
}

/** Leaves without children lose the empty list, so the table shows no expand button on them. */
function pruneChildren(rows: EntityRecord[]): EntityRecord[] {
  return rows.map((row) => {
    const { children, ...rest } = row;
    return children && children.length > 0 ? { ...rest, id: row.id, children: pruneChildren(children) } : { ...rest, id: row.id };
  });
}

function keysWithChildren(rows: EntityRecord[]): string[] {
  return rows.flatMap((r) => (r.children?.length ? [r.id, ...keysWithChildren(r.children)] : []));
}

/**
 * The back-office screen of one entity, driven by its definition: search form, table with
 * paging and sorting in the URL (a tree table for tree entities), add/edit, delete, Excel.
 */
export function EntityScreen({ def, title, editPages, rowAction: ownRowAction, formLock }: EntityScreenProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [actionTarget, setActionTarget] = useState<{ record: EntityRecord; draft?: Draft } | null>(null);

  // A form or row-action dialog open with unsaved edits when the session ended opens again with them.
  useReopenForDraft(def, useDraftToRestore(`${def.name}:`, !editPages), (record, draft) =>
    setFormTarget(record ? { mode: 'edit', record, draft } : { mode: 'add', draft }),
  );
  useReopenForDraft(def, useDraftToRestore(rowActionDrafts(def), Boolean(ownRowAction)), (record, draft) => {
    if (record) setActionTarget({ record, draft });
  });

  const searchFields = useMemo(() => searchFieldsOf(def.fields), [def]);
  const { list, conditions, searchForm } = useEntitySearch(searchFields);
  const { state } = list;

  const filtering = conditions.length > 0;
  // A tree entity shows its tree until the user searches or sorts; then the matching records as a list.
  const treeMode = Boolean(def.tree) && hasCall(def, 'tree') && !filtering && !state.sortOrder;
  const params = useMemo<QueryCondition[]>(
    () =>
      state.sortField && state.sortOrder
        ? [...conditions, { column: state.sortField, type: state.sortOrder === 'ascend' ? 'orderAsc' : 'orderDesc' }]
        : conditions,
    [conditions, state.sortField, state.sortOrder],
  );
  const query = useMemo(() => ({ pageNo: state.pageNo, pageSize: state.pageSize, params }), [state.pageNo, state.pageSize, params]);
  const queryKeyText = JSON.stringify(query);

  const pageQuery = useQuery({ ...entityPageQuery(def, query), placeholderData: keepPreviousData, enabled: !treeMode, meta: SHOWN_IN_PLACE });
  const treeQuery = useQuery({ ...entityTreeQuery(def), enabled: treeMode, meta: SHOWN_IN_PLACE });
  const active = treeMode ? treeQuery : pageQuery;
  const rows = useMemo(
    () => (treeMode ? pruneChildren(treeQuery.data ?? []) : (pageQuery.data?.list ?? [])),
    [treeMode, treeQuery.data, pageQuery.data],
  );
  const total = treeMode ? rows.length : (pageQuery.data?.total ?? 0);

  const selection = usePageSelection(queryKeyText);
  const { selectedIds } = selection;
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const expandableKeys = useMemo(() => (treeMode ? keysWithChildren(rows) : []), [treeMode, rows]);

  const deletion = useMutation({
    mutationFn: (ids: string[]) => deleteEntities(def, ids),
    onSuccess: async (_result, ids) => {
      notify.success('删除成功');
      selection.clear();
      // Deleting the whole last page would leave an empty page behind.
      if (!treeMode && ids.length >= rows.length && state.pageNo > 1) list.setPage(state.pageNo - 1);
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(def.name) });
    },
  });

  // A read-only account (只读) sees the records, each opened read-only (查看), and no button that
  // would only be refused after the work was done.
  const writer = roleMay(getSession()?.role ?? '', 'write');
  const addable = writer && canSave(def, false);
  const editable = writer && canSave(def, true);
  const viewable = !writer && canSave(def, true) && !editPages;
  const deletable = writer && canDelete(def);
  const batchDeletable = writer && hasCall(def, 'batchDelete');
  const rowAction = writer ? ownRowAction : undefined;
  const viewLock: FormLockOf = () => ({ readOnly: formFields(def).map((f) => f.name), note: '只读账号只能查看，不能修改' });

  const openAdd = (preset?: Record<string, unknown>) => {
    if (editPages) navigate(editPages.add);
    else setFormTarget({ mode: 'add', preset });
  };
  const openEdit = (record: EntityRecord) => {
    if (editPages) navigate(editPages.edit(record.id));
    else setFormTarget({ mode: 'edit', record });
  };

  const deleteOne = async (record: EntityRecord) => {
    const name = recordName(def, record);
    if (!(await confirm(`确定要删除${def.label}${name ? `“${name}”` : ''}吗？${deleteOutcome(def.name)}`, { danger: true }))) return;
    deletion.mutate([record.id]);
  };

  const deleteSelected = async () => {
    if (selectedIds.length === 0) return;
    if (!(await confirm(`确定要删除选中的 ${selectedIds.length} 条${def.label}吗？${deleteOutcome(def.name)}`, { danger: true }))) return;
    deletion.mutate(selectedIds);
  };

  const listed = useMemo(() => def.fields.filter(isListedByDefault), [def]);
  const sortOrderOf = (key: string) => (state.sortField === key ? state.sortOrder : null);

  const columns: TableColumnsType<EntityRecord> = listed.map((f) => ({
    key: f.name,
    dataIndex: f.name,
    title: columnTitle(f),
    width: columnWidth(f, def.nameField),
    align: COLUMN_ALIGN[f.type],
    ellipsis: ['string', 'text', 'richText', 'json', 'ref', 'tree'].includes(f.type) ? { showTitle: true } : undefined,
    sorter: f.sortable && !treeMode ? true : undefined,
    sortOrder: f.sortable && !treeMode ? sortOrderOf(f.name) : undefined,
    render: (value: unknown) => TABLE_CELLS[f.type](value, f),
  }));

  const addChild = treeMode && addable && def.tree;
  const actionWidth = 16 + (rowAction ? 20 + 14 * rowAction.label.length : 0) + (editable || viewable ? 48 : 0) + (addChild ? 76 : 0) + (deletable ? 48 : 0);
  if (editable || viewable || deletable || addChild || rowAction) {
    columns.push({
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: Math.max(actionWidth, 80),
      render: (_value, record) => (
        <Space size={0}>
          {rowAction && (
            <Button type="link" size="small" onClick={() => setActionTarget({ record })}>
              {rowAction.label}
            </Button>
          )}
          {editable && (
            <Button type="link" size="small" onClick={() => openEdit(record)}>
              编辑
            </Button>
          )}
          {viewable && (
            <Button type="link" size="small" onClick={() => setFormTarget({ mode: 'edit', record })}>
              查看
            </Button>
          )}
          {addChild && def.tree && (
            <Button type="link" size="small" onClick={() => openAdd({ [def.tree!.parentField]: record[def.tree!.valueField] })}>
              新增下级
            </Button>
          )}
          {deletable && (
            <Button type="link" size="small" danger onClick={() => void deleteOne(record)}>
              删除
            </Button>
          )}
        </Space>
      ),
    });
  }
  const scrollX = columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 120), batchDeletable ? 48 : 0);

  const loadFailed = active.isError && !active.data;

  return (
    <ScreenCard title={title}>
      {searchFields.length > 0 && (
        <EntitySearchForm {...searchForm} name={`${def.name}Search`} testId="entity-search" />
      )}

      <Space style={{ marginBottom: 16 }} wrap>
        {addable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openAdd()} data-testid="entity-add">
            新增
          </Button>
        )}
        {batchDeletable && (
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selectedIds.length === 0}
            loading={deletion.isPending && selectedIds.length > 0}
            onClick={() => void deleteSelected()}
          >
            批量删除
          </Button>
        )}
        <ExcelActions def={def} params={params} canImport={writer} />
        {treeMode && expandableKeys.length > 0 && (
          <Button onClick={() => setExpanded(expanded.length > 0 ? [] : expandableKeys)}>
            {expanded.length > 0 ? '全部收起' : '全部展开'}
          </Button>
        )}
        {selectedIds.length > 0 && <Typography.Text type="secondary">已选择 {selectedIds.length} 项</Typography.Text>}
      </Space>

      {loadFailed ? (
        <LoadFailed query={active} testId="entity-load-error" />
      ) : (
        <Table<EntityRecord>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={active.isPending || active.isFetching}
          scroll={{ x: scrollX }}
          sticky={STICKY_TABLE}
          onChange={list.onTableChange}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtering ? `没有找到符合条件的${def.label}` : '暂无数据'} />
            ),
          }}
          rowSelection={
            batchDeletable
              ? zhRowSelection({
                  selectedRowKeys: selectedIds,
                  checkStrictly: true,
                  onChange: selection.select,
                })
              : undefined
          }
          expandable={treeMode ? { expandedRowKeys: expanded, onExpandedRowsChange: setExpanded } : undefined}
          pagination={
            treeMode
              ? false
              : urlPaging(state, total, (count) => totalText(count, pageQuery.data?.totalExact))
          }
          data-testid="entity-table"
        />
      )}

      {rowAction && <rowAction.Dialog def={def} record={actionTarget?.record ?? null} draft={actionTarget?.draft} onClose={() => setActionTarget(null)} />}
      {!editPages && <EntityFormDrawer def={def} target={formTarget} onClose={() => setFormTarget(null)} lockOf={writer ? formLock : viewLock} readOnly={!writer} />}
    </ScreenCard>
  );
}
