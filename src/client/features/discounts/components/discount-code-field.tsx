import { useId, useState, type FormEvent } from 'react';
import { discountCodeActions, useDiscountCode } from '#client/lib/discount-code-store.ts';

interface DiscountCodeFieldProps {
  /** The server took the code kept off the order. */
  applied: boolean;
  /** Why the code kept does not apply, in one sentence. */
  message: string | null;
}

/**
 * The "Discount code" field of the cart and the checkout: Apply, the code shown with a remove (×) control once it
 * applies, and the server's reason beside the field when it does not.
 */
export function DiscountCodeField({ applied, message }: DiscountCodeFieldProps) {
  const code = useDiscountCode();
  // Keyed by the code kept, so a code brought by a link while the page is open shows in the input.
  return <CodeForm key={code} code={code} applied={applied} message={message} />;
}

function CodeForm({ code, applied, message }: DiscountCodeFieldProps & { code: string }) {
  const id = useId();
  const [typed, setTyped] = useState(code);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    discountCodeActions.set(typed);
  };
  if (applied) {
    return (
      <div className="discount-code discount-code--applied">
        <p role="status">
          Code <strong>{code}</strong> applied
        </p>
        <button
          type="button"
          className="discount-code__remove"
          aria-label={`Remove code ${code}`}
          onClick={() => {
            setTyped('');
            discountCodeActions.clear();
          }}
        >
          ×
        </button>
      </div>
    );
  }
  return (
    <form className="discount-code field" onSubmit={submit} noValidate>
      <label htmlFor={id} className="field__label">
        Discount code
      </label>
      <div className="discount-code__row">
        <input
          id={id}
          name="code"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
        />
        <button type="submit" className="button">
          Apply
        </button>
      </div>
      {message && (
        <p id={`${id}-message`} className="discount-code__message" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}
