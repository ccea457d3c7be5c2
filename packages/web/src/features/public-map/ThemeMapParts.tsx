/**
 * The pieces the theme map pages (存量土地, 供地计划) share: filters whose list stays until the next,
 * the hover/selection state the list and the map share, the list of records, the popup and the
 * legend. Server-rendered with the page (issue 14).
 */
import { useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { useSettledValue, type AnyQuery } from '../../public/use-settled-value';
import { BlockError, Empty } from '../../public-ui';
import { CloseOutlined } from '../../public-ui/icons/CloseOutlined';
import { ThemeMap } from './LazyThemeMap';
import styles from './MapSearchPage.module.css';
import { onActivate } from './listKit';

/**
 * Filters whose change keeps the current list on screen until the new one has arrived, and whose
 * list says so in its place (with 重试) if it cannot: `filters` are the visitor's choice (for the
 * controls), `shown` what the list and the map show (for their queries, named by `queriesOf`).
 */
export function useThemeFilters<F extends object>(initial: F, queriesOf: (filters: F) => readonly AnyQuery[]) {
  const [filters, setFilters] = useState<F>(initial);
  const next = useSettledValue(filters, queriesOf);
  const setFilter = (patch: Partial<F>) => setFilters((f) => ({ ...f, ...patch }));
  return { filters, shown: next.shown, setFilter, pending: next.pending, failure: next.error ? { error: next.error, retry: next.retry } : null };
}

/** A list that could not be loaded: why, and 重试. */
export interface ListFailure {
  error: unknown;
  retry: () => void;
}

/**
 * The record under the pointer and the selected one, shared by the list and the map. A record
 * picked in the list brings the map into view and has it load: on a phone the map stands under
 * the whole list, and loads only when asked for.
 */
export function useThemeSelection() {
  const [hoverId, setHoverId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [mapAsked, setMapAsked] = useState(false);
  const mapRef = useRef<HTMLElement>(null);
  const onPick = (id: string) => {
    setSelectedId(id);
    setMapAsked(true);
    mapRef.current?.scrollIntoView({ block: 'nearest', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  };
  return { hoverId, selectedId, onHover: setHoverId, onSelect: setSelectedId, onPick, mapAsked, mapRef };
}

export type ThemeSelection = ReturnType<typeof useThemeSelection>;

export interface ThemeItem {
  id: string;
  name: string;
  color: string;
  tag: ReactNode;
  meta: ReactNode;
  figures: ReactNode;
}

/** The list of records: each a button that selects it (and shows it on the map). */
export function ThemeList({
  testId,
  label,
  items,
  emptyText,
  pending,
  failure,
  selection,
}: {
  testId: string;
  /** What the list holds, for the message of a failed load. */
  label: string;
  items: ThemeItem[];
  emptyText: string;
  pending: boolean;
  failure: ListFailure | null;
  selection: ThemeSelection;
}) {
  const { hoverId, selectedId, onHover, onPick } = selection;
  return (
    <div className={styles.results} data-testid={testId} aria-busy={pending || undefined}>
      {failure ? (
        <div className={styles.pad}>
          <BlockError label={label} error={failure.error} onRetry={failure.retry} />
        </div>
      ) : items.length === 0 ? (
        <div className={styles.pad}>
          <Empty text={emptyText} />
        </div>
      ) : (
        items.map((r) => (
          <div
            key={r.id}
            role="button"
            tabIndex={0}
            aria-pressed={r.id === selectedId}
            className={`${styles.item} ${r.id === hoverId ? styles.itemHover : ''} ${r.id === selectedId ? styles.itemSelected : ''}`}
            onMouseEnter={() => onHover(r.id)}
            onMouseLeave={() => onHover(null)}
            onClick={() => onPick(r.id)}
            onKeyDown={onActivate(() => onPick(r.id))}
          >
            <span className={styles.swatch} style={{ background: r.color }} />
            <div className={styles.itemBody}>
              <div className={styles.itemTitle}>
                <span className={styles.itemName}>{r.name}</span>
                {r.tag}
              </div>
              <div className={styles.itemMeta}>{r.meta}</div>
              <div className={styles.itemFigures}>{r.figures}</div>
            </div>
          </div>
        ))
      )}
    </div>
  );
}

interface PopupContent {
  title: string;
  figures: [string, ReactNode][];
  children?: ReactNode;
}

/** The map beside the list: the records' shapes, the selected one's popup, and the map's own tools. */
export function ThemeMapSection({
  label,
  tiles,
  features,
  selection,
  popup,
  children,
}: {
  label: string;
  tiles: ComponentProps<typeof ThemeMap>['tiles'];
  features: ComponentProps<typeof ThemeMap>['features'];
  selection: ThemeSelection;
  /** What the selected record's popup shows (nothing selected: undefined). */
  popup: PopupContent | undefined;
  children: ReactNode;
}) {
  const { hoverId, selectedId, onHover, onSelect, mapAsked, mapRef } = selection;
  return (
    <section className={styles.mapWrap} aria-label={label} ref={mapRef}>
      <ThemeMap
        tiles={tiles}
        features={features}
        hoverId={hoverId}
        selectedId={selectedId}
        onHover={onHover}
        onSelect={onSelect}
        asked={mapAsked}
        popup={popup && <ThemePopup {...popup} onClose={() => onSelect(null)} />}
      >
        {children}
      </ThemeMap>
    </section>
  );
}

/** The selected record's card on the map: its name, figures and optional actions. */
function ThemePopup({ title, figures, onClose, children }: PopupContent & { onClose: () => void }) {
  return (
    <div className={styles.popup}>
      <button type="button" className={styles.popupClose} onClick={onClose} aria-label="关闭">
        <CloseOutlined />
      </button>
      <div className={styles.popupTitle}>{title}</div>
      <dl className={styles.popupFigures}>
        {figures.map(([term, value]) => [<dt key={`t-${term}`}>{term}</dt>, <dd key={`d-${term}`}>{value}</dd>])}
      </dl>
      {children}
    </div>
  );
}

/** What the colours on the map mean. */
export function ThemeLegend({ title, items }: { title: string; items: { key: string; label: string; color?: string }[] }) {
  return (
    <div className={styles.legend}>
      <div className={styles.legendTitle}>{title}</div>
      {items.map((l) => (
        <div key={l.key} className={styles.legendRow}>
          <span className={styles.legendSwatch} style={{ background: l.color }} />
          {l.label}
        </div>
      ))}
    </div>
  );
}
