import { useId, type ReactNode } from 'react';

/** A labelled group of the form's radio buttons or checkboxes, with the group's error under it. */
export function ChoiceGroup({
  legend,
  error,
  grid = false,
  children,
}: {
  legend: string;
  error?: string;
  /** Many short choices (the categories): in even columns rather than one ragged run. */
  grid?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset className="discount-form__group" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <div className={grid ? 'discount-form__choices discount-form__choices--grid' : 'discount-form__choices'}>
        {children}
      </div>
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One radio button or checkbox of a ChoiceGroup. */
export function Choice(props: {
  type: 'radio' | 'checkbox';
  name?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="discount-form__choice">
      <input
        type={props.type}
        name={props.name}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <span>{props.children}</span>
    </label>
  );
}
