import { FormField } from '#client/components/ui/form-field.tsx';

export interface Contact {
  email: string;
  firstName: string;
  lastName: string;
}

export type ContactProblems = Partial<Record<keyof Contact, string>>;

/** Checkout's Contact Information: the e-mail (prefilled from the account) for the receipt, and the buyer's name. */
export function ContactFields({
  value,
  problems,
  onChange,
}: {
  value: Contact;
  problems: ContactProblems;
  onChange: (field: keyof Contact, value: string) => void;
}) {
  return (
    <div className="contact-fields">
      <FormField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={value.email}
        error={problems.email}
        hint="Your receipt is sent here."
        onChange={(e) => onChange('email', e.target.value)}
      />
      <div className="card-form__row">
        <FormField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          value={value.firstName}
          error={problems.firstName}
          onChange={(e) => onChange('firstName', e.target.value)}
        />
        <FormField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          value={value.lastName}
          error={problems.lastName}
          onChange={(e) => onChange('lastName', e.target.value)}
        />
      </div>
    </div>
  );
}
