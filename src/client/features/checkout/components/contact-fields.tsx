import { Link } from 'react-router';
import { EmailField } from '#client/components/ui/email-field.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';

export interface Contact {
  email: string;
  firstName: string;
  lastName: string;
}

export type ContactProblems = Partial<Record<keyof Contact, string>>;

const NAME_FIELDS = [
  { field: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name', autoComplete: 'family-name' },
] as const;

/**
 * Checkout's Contact Information: the e-mail (prefilled from the account) for the receipt, and the buyer's name. A
 * guest (signed out, with guest checkout on) is known by the e-mail alone, and offered to sign in instead beside it.
 */
export function ContactFields({
  value,
  problems,
  onChange,
  guest = false,
}: {
  value: Contact;
  problems: ContactProblems;
  onChange: (field: keyof Contact, value: string) => void;
  guest?: boolean;
}) {
  return (
    <div className="contact-fields">
      {guest && (
        <p className="contact-fields__guest">
          Checking out as a guest. Have an account?{' '}
          <Link to={`/login?redirect=${encodeURIComponent('/checkout')}`}>Sign in</Link>
        </p>
      )}
      <EmailField
        value={value.email}
        error={problems.email}
        hint={guest ? 'Your receipt and the link to your downloads are sent here.' : 'Your receipt is sent here.'}
        onChange={(e) => onChange('email', e.target.value)}
      />
      <div className="card-form__row">
        {NAME_FIELDS.map(({ field, label, autoComplete }) => (
          <FormField
            key={field}
            label={label}
            name={field}
            autoComplete={autoComplete}
            required
            value={value[field]}
            error={problems[field]}
            onChange={(e) => onChange(field, e.target.value)}
          />
        ))}
      </div>
    </div>
  );
}
