import type { ComponentProps } from 'react';
import { FormField } from './form-field';

type EmailFieldProps = Omit<ComponentProps<typeof FormField>, 'label' | 'type' | 'name' | 'autoComplete' | 'required'>;

/** The e-mail address a form asks for (to sign in or up, to reset a password, for the receipt), filled by the browser. */
export function EmailField(props: EmailFieldProps) {
  return <FormField label="Email" type="email" name="email" autoComplete="email" required {...props} />;
}
