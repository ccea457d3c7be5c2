/** Form controls of the public UI kit: Input, TextArea, Select (native), SearchInput, NumberBound, Field (label + error). */
import type { InputHTMLAttributes, ReactNode, Ref, RefObject, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { KEYWORD_LIMIT, NON_NEGATIVE_MESSAGE, NOT_A_NUMBER_MESSAGE, overLimit, type TextLimit } from '@land/shared/constants';
import { Button } from './Button';
import { SearchOutlined } from './icons/SearchOutlined';
import styles from './kit.module.css';
import './theme.css';

type Size = 'middle' | 'large';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Keeps what a visitor typed or chose in a server-rendered control before the page hydrated. The
 * text stays in the box, but React's state still holds the server's value, so the next render
 * would put that back (a search would run without the words typed, and clear them). Once hydrated,
 * a controlled control the visitor changed (marked `data-early-input` by the public pages' boot
 * script) whose value differs from its `value` tells its owner through its own onChange, as if the
 * visitor had typed it now: the value is set back through React's value tracker, then the typed
 * one past it, and an input (select: change) event dispatched, which is how React itself sees a
 * change. Uncontrolled controls (`value` undefined) keep the DOM's value.
 */
export function useKeepEarlyInput(ref: RefObject<Control | null>, value: unknown): void {
  // Once, when mounted: after hydration, or after a client render (no mark, nothing to do).
  const initial = useRef(value);
  useEffect(() => {
    const el = ref.current;
    if (!el?.hasAttribute('data-early-input') || initial.current === undefined) return;
    const expected = initial.current === null ? '' : String(initial.current);
    const typed = el.value;
    if (typed === expected) return;
    el.value = expected;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set?.call(el, typed);
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }, [ref]);
}

/**
 * Submits a form again once hydrated if the public pages' boot script stopped its submit before
 * React could take it (`data-held-submit`: Enter pressed while the app was on its way). In a task
 * after the hydration's effects, so that the words kept by useKeepEarlyInput are in the state.
 */
export function useHeldSubmit(ref: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const form = ref.current;
    if (!form?.hasAttribute('data-held-submit')) return;
    const timer = setTimeout(() => {
      form.removeAttribute('data-held-submit');
      form.requestSubmit();
    }, 0);
    return () => clearTimeout(timer);
  }, [ref]);
}

/** One ref for the kit's own use and the caller's (React 19 passes `ref` as a prop). */
function useControlRef<T extends Control>(outer: Ref<T> | undefined): [RefObject<T | null>, (el: T | null) => void] {
  const inner = useRef<T | null>(null);
  return [
    inner,
    (el) => {
      inner.current = el;
      if (typeof outer === 'function') outer(el);
      else if (outer) outer.current = el;
    },
  ];
}

const inputClass = (size: Size = 'middle', invalid = false, extra?: string) =>
  [styles.input, size === 'large' && styles.inputLarge, invalid && styles.inputInvalid, extra].filter(Boolean).join(' ');

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  size?: Size;
  invalid?: boolean;
}

export function Input({ size, invalid, className, ref, ...rest }: InputProps & { ref?: Ref<HTMLInputElement> }) {
  const [inner, setRef] = useControlRef(ref);
  useKeepEarlyInput(inner, rest.value);
  return <input ref={setRef} className={inputClass(size, invalid, className)} aria-invalid={invalid || undefined} {...rest} />;
}

export function TextArea({ invalid, className, ref, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean; ref?: Ref<HTMLTextAreaElement> }) {
  const [inner, setRef] = useControlRef(ref);
  useKeepEarlyInput(inner, rest.value);
  return <textarea ref={setRef} className={inputClass('middle', invalid, className)} aria-invalid={invalid || undefined} {...rest} />;
}

/** Says at the first box under `root` that holds what cannot be searched for (too long, a negative bound) why; true when there was one. */
export function refuseInvalid(root: HTMLElement | null): boolean {
  const refused = root?.querySelector<HTMLInputElement>('input:invalid');
  refused?.reportValidity();
  return Boolean(refused);
}

/** A bound's text as a figure: null when empty, undefined when it is not one of 0 or more. */
const boundOf = (text: string, badInput: boolean): number | null | undefined => {
  if (badInput) return undefined;
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};
const boundText = (value: number | null) => (value === null ? '' : String(value));
const BELOW_LEAST_MESSAGE = '不能小于最小值';
/** Whether an upper bound lies below the range's lower one (both given). */
export const isBelow = (upper: number | null | undefined, lower: number | null | undefined): boolean =>
  upper !== null && upper !== undefined && lower !== null && lower !== undefined && upper < lower;

export interface NumberBoundProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type' | 'size'> {
  /** The bound applied (null: none). A new value from outside (another link; 重置 by a new key) replaces the text. */
  value: number | null;
  /** Each change of the text: its figure, or null when it is empty or not one (then it is left out, and marked). */
  onChange?: (value: number | null) => void;
  /** Enter or leaving the box: the figure to apply (null: none), for a filter applied then rather than as typed. */
  onCommit?: (value: number | null) => void;
  size?: Size;
  /** Only `className`'s look, not the kit's (a page with boxes of its own, e.g. the phone's filter sheet). */
  bare?: boolean;
  /** Whether the box holds text it cannot apply (so that 重置 has something to clear). */
  onMarked?: (marked: boolean) => void;
  /**
   * For the upper end of a range: the lower end's figure. A figure below it is outlined red with
   * `leastMessage` (the search refuses it or leaves it out, as the page does a negative one).
   */
  least?: number | null;
  leastMessage?: string;
}

/**
 * One end of a range filter (面积, 起始价): a figure of 0 or more, or empty for none. What is typed
 * stays as typed: a negative number, or what the browser cannot read as a number, is outlined red
 * with SPEC §5's 不能为负数 / 只能是数字 and left out of the search; Enter shows those words at the box.
 */
export function NumberBound({ value, onChange, onCommit, size, bare, onMarked, least, leastMessage, className, onKeyDown, onBlur, ref, ...rest }: NumberBoundProps & { ref?: Ref<HTMLInputElement> }) {
  const [inner, setRef] = useControlRef(ref);
  const [text, setText] = useState(() => boundText(value));
  useKeepEarlyInput(inner, text);
  const [bad, setBad] = useState(false);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    // Set from outside: shown, unless it is what the text already says (or leaves out).
    setSeen(value);
    if ((boundOf(text, bad) ?? null) !== value) {
      setText(boundText(value));
      setBad(false);
    }
  }
  const bound = boundOf(text, bad);
  const problem =
    bound === undefined ? (bad ? NOT_A_NUMBER_MESSAGE : NON_NEGATIVE_MESSAGE) : isBelow(bound, least) ? (leastMessage ?? BELOW_LEAST_MESSAGE) : '';
  useEffect(() => {
    inner.current?.setCustomValidity(problem);
    onMarked?.(problem !== '');
  }, [inner, problem, onMarked]);
  return (
    <input
      ref={setRef}
      type="number"
      min={0}
      inputMode="decimal"
      className={bare ? className : inputClass(size, problem !== '', className)}
      aria-invalid={problem !== '' || undefined}
      title={problem || undefined}
      value={text}
      onChange={(e) => {
        const next = e.target.value;
        const nextBad = e.target.validity.badInput;
        setText(next);
        setBad(nextBad);
        onChange?.(boundOf(next, nextBad) ?? null);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          if (problem) e.currentTarget.reportValidity();
          onCommit?.(bound ?? null);
        }
        onKeyDown?.(e);
      }}
      onBlur={(e) => {
        onCommit?.(bound ?? null);
        onBlur?.(e);
      }}
      {...rest}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  options: SelectOption[];
  /** Shown as the first, empty choice. */
  placeholder?: string;
  size?: Size;
}

/** A native select with the kit's look: keyboard, screen readers and phones' pickers for free. */
export function Select({ options, placeholder, size, className, ref, ...rest }: SelectProps & { ref?: Ref<HTMLSelectElement> }) {
  const [inner, setRef] = useControlRef(ref);
  useKeepEarlyInput(inner, rest.value);
  return (
    <select ref={setRef} className={inputClass(size, false, [styles.select, className].filter(Boolean).join(' '))} {...rest}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export interface SearchInputProps {
  onSearch: (value: string) => void;
  placeholder?: string;
  /** The accessible name of the field. */
  label: string;
  buttonText?: string;
  size?: Size;
  defaultValue?: string;
  className?: string;
  testId?: string;
  /** The most characters the search takes, and what to say when there are more (a list's keyword filter by default). */
  limit?: TextLimit;
}

/**
 * Refuses a search longer than the server takes, with the browser's own message at the box (the
 * box outlined red) and the words left as typed to shorten; true when refused. Shortening the
 * words to the limit takes the refusal back (clearTooLong).
 */
export function refuseTooLong(input: HTMLInputElement | null, limit: TextLimit = KEYWORD_LIMIT): boolean {
  const refused = markTooLong(input, limit);
  if (refused) input!.reportValidity();
  return refused;
}

/**
 * Takes a refusal back once the words are within the limit. Only then: an input event that leaves
 * them too long (one the page replays after it hydrates, or another character typed) keeps the box
 * refused, as its words still are.
 */
export function clearTooLong(input: HTMLInputElement, limit: TextLimit = KEYWORD_LIMIT): void {
  if (!overLimit(input.value, limit)) input.setCustomValidity('');
}

/**
 * Marks a box holding more words than its search takes (from an edited address) as refused,
 * outlined red with its reason, without the browser's bubble or moving the focus; true when marked.
 */
export function markTooLong(input: HTMLInputElement | null, limit: TextLimit = KEYWORD_LIMIT): boolean {
  if (!input || !overLimit(input.value, limit)) return false;
  input.setCustomValidity(limit.message);
  return true;
}

/** A search field with its button, in a form (Enter searches; the browser's search semantics). */
export function SearchInput({ onSearch, placeholder, label, buttonText = '搜索', size = 'middle', defaultValue = '', className, testId, limit = KEYWORD_LIMIT }: SearchInputProps) {
  const [value, setValue] = useState(defaultValue);
  // A new search from outside (a list restored on Back, another link) replaces the words shown.
  const [seen, setSeen] = useState(defaultValue);
  if (defaultValue !== seen) {
    setSeen(defaultValue);
    // Not the words just searched for, trimmed: what was typed stays as typed.
    if (defaultValue.trim() !== value.trim()) setValue(defaultValue);
  }
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useKeepEarlyInput(input, value);
  useHeldSubmit(form);
  useEffect(() => {
    markTooLong(input.current, limit);
  }, [limit]);
  return (
    <form
      ref={form}
      role="search"
      className={[styles.search, className].filter(Boolean).join(' ')}
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (!refuseTooLong(input.current, limit)) onSearch(value);
      }}
    >
      <input
        ref={input}
        type="search"
        className={inputClass(size)}
        value={value}
        onChange={(e) => {
          clearTooLong(e.target, limit);
          setValue(e.target.value);
        }}
        placeholder={placeholder}
        aria-label={label}
        enterKeyHint="search"
      />
      <Button submit kind="primary" size={size} className={styles.searchButton} icon={<SearchOutlined />}>
        <span className={styles.searchButtonText}>{buttonText}</span>
      </Button>
    </form>
  );
}

/** A labelled form field: the label is tied to the control, the error is announced and described. */
export function Field({
  label,
  required,
  error,
  hint,
  children,
}: {
  label: ReactNode;
  required?: boolean;
  error?: string;
  /** What the box takes, said under it before anything is typed (and read with it). */
  hint?: string;
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean; 'aria-required'?: boolean }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={`${styles.fieldLabel} ${required ? styles.required : ''}`}>
        {label}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, 'aria-required': required || undefined })}
      {hint && (
        <div id={hintId} className={styles.fieldHint}>
          {hint}
        </div>
      )}
      {error && (
        <div id={errorId} className={styles.fieldError} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
