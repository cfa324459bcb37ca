import type { InputHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  label: string;
  /** The label only screen readers read, where the placeholder already says it to the eye. */
  hideLabel?: boolean;
  value: string;
  onChange: (value: string) => void;
}

/** A filter bar's search box, taking the row's free width. */
export function SearchField({ label, hideLabel = false, onChange, ...inputProps }: SearchFieldProps) {
  return (
    <label className="field field--grow">
      <span className={hideLabel ? 'visually-hidden' : 'field__label'}>{label}</span>
      <input type="search" {...inputProps} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** A filter bar's labelled choice among fixed options. */
export function SelectField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
