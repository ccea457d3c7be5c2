/** Form controls of the public UI kit: Input, TextArea, Select (native), SearchInput, Field (label + error). */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { useId, useState } from 'react';
import { Button } from './Button';
import { SearchOutlined } from './icons/SearchOutlined';
import styles from './kit.module.css';
import './theme.css';

type Size = 'middle' | 'large';

const inputClass = (size: Size = 'middle', invalid = false, extra?: string) =>
  [styles.input, size === 'large' && styles.inputLarge, invalid && styles.inputInvalid, extra].filter(Boolean).join(' ');

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  size?: Size;
  invalid?: boolean;
}

export function Input({ size, invalid, className, ...rest }: InputProps) {
  return <input className={inputClass(size, invalid, className)} aria-invalid={invalid || undefined} {...rest} />;
}

export function TextArea({ invalid, className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { invalid?: boolean }) {
  return <textarea className={inputClass('middle', invalid, className)} aria-invalid={invalid || undefined} {...rest} />;
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
export function Select({ options, placeholder, size, className, ...rest }: SelectProps) {
  return (
    <select className={inputClass(size, false, [styles.select, className].filter(Boolean).join(' '))} {...rest}>
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
}

/** A search field with its button, in a form (Enter searches; the browser's search semantics). */
export function SearchInput({ onSearch, placeholder, label, buttonText = '搜索', size = 'middle', defaultValue = '', className, testId }: SearchInputProps) {
  const [value, setValue] = useState(defaultValue);
  return (
    <form
      role="search"
      className={[styles.search, className].filter(Boolean).join(' ')}
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value);
      }}
    >
      <input type="search" className={inputClass(size)} value={value} onChange={(e) => setValue(e.target.value)} placeholder={placeholder} aria-label={label} enterKeyHint="search" />
      <Button submit kind="primary" size={size} className={styles.searchButton} icon={<SearchOutlined />}>
        {buttonText}
      </Button>
    </form>
  );
}

/** A labelled form field: the label is tied to the control, the error is announced and described. */
export function Field({ label, required, error, children }: { label: ReactNode; required?: boolean; error?: string; children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean; 'aria-required'?: boolean }) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={`${styles.fieldLabel} ${required ? styles.required : ''}`}>
        {label}
      </label>
      {children({ id, 'aria-describedby': error ? errorId : undefined, 'aria-invalid': error ? true : undefined, 'aria-required': required || undefined })}
      {error && (
        <div id={errorId} className={styles.fieldError} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
