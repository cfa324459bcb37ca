import { useState, type InputHTMLAttributes } from 'react';
import { FormField } from './form-field';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string;
  hint?: string;
}

/** A password input with a Show/Hide toggle, so a long password can be checked before it is sent. */
export function PasswordField({ label, error, hint, ...inputProps }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      label={label}
      error={error}
      hint={hint}
      renderControl={(control) => (
        <div className="password-field">
          <input {...inputProps} {...control} type={visible ? 'text' : 'password'} />
          <button
            type="button"
            className="password-field__toggle"
            aria-pressed={visible}
            aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    />
  );
}
