/**
 * The supporting data of a saved parcel, one tab each: 基础设施配套, 距离, 规划指标, 周边配套,
 * 地块优势, 价格, 管网, 招商手册, 全景标注, 流转记录. Editable on the entry screen, read-only in
 * the detail drawer of the review and state screens.
 */
import { Tabs } from 'antd';
import type { TabsProps } from 'antd';
import type { ReactNode } from 'react';
import { useCallback, useMemo } from 'react';
import type { Draft } from '../../../lib/drafts';
import type { EntityDef } from '@land/shared/entity';
import { landMatchingEntity } from '@land/shared/entities/landMatching';
import { parcelAdvantageEntity } from '@land/shared/entities/parcelAdvantage';
import { parcelDistanceEntity } from '@land/shared/entities/parcelDistance';
import { parcelFacilityEntity } from '@land/shared/entities/parcelFacility';
import { parcelManualEntity } from '@land/shared/entities/parcelManual';
import { parcelPriceEntity } from '@land/shared/entities/parcelPrice';
import { pipeNetworkEntity } from '@land/shared/entities/pipeNetwork';
import { manualOfParcelQuery, matchingOfParcelQuery } from '../api';
import { FillSurroundingsButton } from '../exchange/FillSurroundingsButton';
import { PipeImportButton } from '../exchange/PipeImportButton';
import { MarkersPanel } from '../panorama/MarkersPanel';
import { IndicatorPanel } from './IndicatorPanel';
import { ParcelLogTimeline } from './ParcelLogTimeline';
import { RecordListPanel } from './RecordListPanel';
import { SingleRecordPanel } from './SingleRecordPanel';

export type RecordTabKey =
  | 'matching'
  | 'distance'
  | 'ydzb'
  | 'zbpt'
  | 'dkys'
  | 'xq'
  | 'pipe'
  | 'zssc'
  | 'markers'
  | 'log';

/** The tabs whose unsaved edits the editor hears of. */
const EDITABLE_TABS = ['matching', 'distance', 'ydzb', 'zbpt', 'dkys', 'xq', 'pipe', 'zssc', 'markers'] as const;

interface ParcelRecordsTabsProps {
  dkid: string;
  /** The parcel's 全景照片 (the form's current value on the editor). */
  panorama: unknown;
  readOnly?: boolean;
  /** Which tabs hold unsaved changes. */
  onDirty?: (tab: RecordTabKey, dirty: boolean) => void;
  /** A save that also changed the parcel on the server (indicators → summary columns, 七通一平 → 场地已平整). */
  onParcelChanged?: (fields: string[]) => void;
  extraTabs?: TabsProps['items'];
  defaultActiveKey?: string;
  /** The draft key of each tab's form: its unsaved edits are kept if the session ends. */
  draftKeyOf?: (tab: RecordTabKey) => string;
  /** Unsaved edits kept when the session ended: those tabs open with them (the first one shown). */
  drafts?: Partial<Record<RecordTabKey, Draft>>;
}

export function ParcelRecordsTabs({ dkid, panorama, readOnly, onDirty, onParcelChanged, extraTabs = [], defaultActiveKey, draftKeyOf, drafts = {} }: ParcelRecordsTabsProps) {
  const kept = (tab: RecordTabKey) => ({ draftKey: draftKeyOf?.(tab), draft: drafts[tab] });
  const dirtyOf = useCallback((tab: RecordTabKey) => (dirty: boolean) => onDirty?.(tab, dirty), [onDirty]);
  // Stable per tab, so the panels' effects do not run on every render.
  const handlers = useMemo(
    () => Object.fromEntries(EDITABLE_TABS.map((tab) => [tab, dirtyOf(tab)])) as Record<(typeof EDITABLE_TABS)[number], (dirty: boolean) => void>,
    [dirtyOf],
  );

  // A tab of records listed one by one (距离, 周边配套, 地块优势, 价格, 管网).
  const listPanel = (tab: 'distance' | 'zbpt' | 'dkys' | 'xq' | 'pipe', def: EntityDef, toolbarExtra?: ReactNode) => (
    <RecordListPanel def={def} dkid={dkid} readOnly={readOnly} toolbarExtra={toolbarExtra} onDirty={handlers[tab]} {...kept(tab)} />
  );

  const items: TabsProps['items'] = [
    {
      key: 'matching',
      label: '基础设施配套',
      children: (
        <SingleRecordPanel
          def={landMatchingEntity}
          dkid={dkid}
          query={matchingOfParcelQuery(landMatchingEntity, dkid)}
          readOnly={readOnly}
          onDirty={handlers.matching}
          {...kept('matching')}
          onSaved={() => onParcelChanged?.(['levelled'])}
        />
      ),
    },
    {
      key: 'distance',
      label: '距离',
      children: listPanel('distance', parcelDistanceEntity, <FillSurroundingsButton dkid={dkid} />),
    },
    {
      key: 'ydzb',
      label: '规划指标',
      children: (
        <IndicatorPanel
          dkid={dkid}
          readOnly={readOnly}
          onDirty={handlers.ydzb}
          {...kept('ydzb')}
          onSaved={() =>
            onParcelChanged?.([
              'plotRatioMin',
              'plotRatioMax',
              'buildingDensityMin',
              'buildingDensityMax',
              'greenRatioMin',
              'greenRatioMax',
              'heightLimit',
              'investmentIntensity',
              'taxPerMu',
            ])
          }
        />
      ),
    },
    {
      key: 'zbpt',
      label: '周边配套',
      children: listPanel('zbpt', parcelFacilityEntity, <FillSurroundingsButton dkid={dkid} />),
    },
    { key: 'dkys', label: '地块优势', children: listPanel('dkys', parcelAdvantageEntity) },
    { key: 'xq', label: '价格', children: listPanel('xq', parcelPriceEntity) },
    {
      key: 'pipe',
      label: '管网',
      children: listPanel('pipe', pipeNetworkEntity, <PipeImportButton dkid={dkid} />),
    },
    {
      key: 'zssc',
      label: '招商手册',
      children: (
        <SingleRecordPanel
          def={parcelManualEntity}
          dkid={dkid}
          query={manualOfParcelQuery(parcelManualEntity, dkid)}
          readOnly={readOnly}
          onDirty={handlers.zssc}
          {...kept('zssc')}
        />
      ),
    },
    { key: 'markers', label: '全景标注', children: <MarkersPanel dkid={dkid} panorama={panorama} readOnly={readOnly} onDirty={handlers.markers} {...kept('markers')} /> },
    { key: 'log', label: '流转记录', children: <ParcelLogTimeline dkid={dkid} /> },
    ...extraTabs,
  ];

  // Panels mount when first opened (the panorama viewer, the rich-text editor) and then stay, keeping
  // unsaved edits; those with restored edits mount at once (their edits count as unsaved).
  const restored = Object.keys(drafts);
  const shown = items.map((item) => (restored.includes(String(item.key)) ? { ...item, forceRender: true } : item));
  return <Tabs items={shown} defaultActiveKey={defaultActiveKey ?? restored[0]} destroyOnHidden={false} data-testid="parcel-records-tabs" />;
}
