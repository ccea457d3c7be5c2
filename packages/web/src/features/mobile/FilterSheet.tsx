import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button, clearTooLong, Modal, NumberBound, refuseInvalid, refuseTooLong } from '../../public-ui';
import { landClassesQuery, mapParcelsQuery, useDistrictOptions } from '../public-map/api';
import { AREA_BELOW_MESSAGE, EMPTY_FILTERS, type ParcelFilters } from '../public-map/filters';
import { MARKET_STATE_LABELS, type ParcelMarketState } from '../public-map/format';
import { classChoices } from './land-class-chips';
import styles from './mobile.module.css';

const STATE_CHIPS: { value: ParcelMarketState | ''; label: string }[] = [
  { value: '', label: '全部状态' },
  { value: 'available', label: MARKET_STATE_LABELS.available },
  { value: 'listed', label: MARKET_STATE_LABELS.listed },
  { value: 'deal', label: MARKET_STATE_LABELS.deal },
];

function Chip({ active, onClick, children, testId }: { active: boolean; onClick: () => void; children: string; testId?: string }) {
  return (
    <button type="button" className={`${styles.chip} ${active ? styles.chipActive : ''}`} aria-pressed={active} onClick={onClick} data-testid={testId}>
      {children}
    </button>
  );
}

interface FilterSheetProps {
  open: boolean;
  filters: ParcelFilters;
  onApply: (filters: ParcelFilters) => void;
  onClose: () => void;
}

/** The filters in a bottom sheet: chips a thumb can hit, applied together with 确定. */
export function FilterSheet({ open, filters, onApply, onClose }: FilterSheetProps) {
  return (
    <Modal open={open} onClose={onClose} placement="sheet" title="筛选地块" testId="filter-sheet">
      {open && <SheetBody initial={filters} onApply={onApply} />}
    </Modal>
  );
}

function SheetBody({ initial, onApply }: { initial: ParcelFilters; onApply: (filters: ParcelFilters) => void }) {
  const [draft, setDraft] = useState<ParcelFilters>(initial);
  // The area boxes keep what was typed; 重置 gives fresh ones.
  const [fields, setFields] = useState(0);
  const { options: districtOptions } = useDistrictOptions();
  const tree = useQuery(landClassesQuery).data ?? [];
  const everything = useQuery(mapParcelsQuery({})).data ?? [];
  const classes = classChoices(
    tree,
    everything.map((p) => p.dlcode),
    draft.dlcode,
  );
  const set = (patch: Partial<ParcelFilters>) => setDraft((d) => ({ ...d, ...patch }));

  const keywordBox = useRef<HTMLInputElement>(null);
  const areaBoxes = useRef<HTMLDivElement>(null);
  const apply = () => {
    if (refuseTooLong(keywordBox.current)) return;
    // An area that is not a figure (a negative one, a maximum below the minimum): said at its box, nothing applied.
    if (refuseInvalid(areaBoxes.current)) return;
    onApply({ ...draft, keyword: draft.keyword.trim() });
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    setFields((n) => n + 1);
  };

  return (
    <div className={styles.sheetBody} data-testid="filter-sheet-body">
      <div className={styles.sheetScroll}>
        <h3 className={styles.sheetTitle}>关键词</h3>
        <input
          ref={keywordBox}
          className={styles.textInput}
          type="search"
          value={draft.keyword}
          onChange={(e) => {
            clearTooLong(e.target);
            set({ keyword: e.target.value });
          }}
          placeholder="地块名称、编号或坐落"
          aria-label="关键词"
          enterKeyHint="search"
        />

        <h3 className={styles.sheetTitle}>片区</h3>
        <div className={styles.chips} data-testid="sheet-districts">
          {districtOptions.map((o) => (
            <Chip key={o.value || 'all'} active={draft.areacode === o.value} onClick={() => set({ areacode: o.value })}>
              {o.label}
            </Chip>
          ))}
        </div>

        <h3 className={styles.sheetTitle}>土地用途</h3>
        <div className={styles.chips} data-testid="sheet-classes">
          <Chip active={draft.dlcode === ''} onClick={() => set({ dlcode: '' })}>
            全部地类
          </Chip>
          {classes.top.map((c) => (
            <Chip key={c.code} active={classes.topOf === c.code} onClick={() => set({ dlcode: classes.topOf === c.code && draft.dlcode === c.code ? '' : c.code })}>
              {c.name}
            </Chip>
          ))}
        </div>
        {classes.sub.length > 0 && (
          <div className={`${styles.chips} ${styles.subChips}`} data-testid="sheet-subclasses">
            {classes.sub.map((c) => (
              <Chip key={c.code} active={draft.dlcode === c.code} onClick={() => set({ dlcode: draft.dlcode === c.code ? classes.topOf : c.code })}>
                {c.name}
              </Chip>
            ))}
          </div>
        )}

        <h3 className={styles.sheetTitle}>面积（亩）</h3>
        <div className={styles.range} ref={areaBoxes}>
          <NumberBound key={`min-${fields}`} bare className={styles.textInput} value={draft.areaMin} onChange={(areaMin) => set({ areaMin })} placeholder="最小" aria-label="最小面积（亩）" />
          <span>—</span>
          <NumberBound key={`max-${fields}`} bare className={styles.textInput} value={draft.areaMax} least={draft.areaMin} leastMessage={AREA_BELOW_MESSAGE} onChange={(areaMax) => set({ areaMax })} placeholder="最大" aria-label="最大面积（亩）" />
        </div>

        <h3 className={styles.sheetTitle}>交易状态</h3>
        <div className={styles.chips} data-testid="sheet-states">
          {STATE_CHIPS.map((s) => (
            <Chip key={s.value || 'all'} active={draft.state === s.value} onClick={() => set({ state: s.value })}>
              {s.label}
            </Chip>
          ))}
        </div>
      </div>
      <div className={styles.sheetActions}>
        <Button size="large" onClick={reset} data-testid="sheet-reset">
          重置
        </Button>
        <Button size="large" kind="primary" onClick={apply} data-testid="sheet-apply">
          确定
        </Button>
      </div>
    </div>
  );
}
