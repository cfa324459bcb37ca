import { useState, type FormEvent } from 'react';
import { CONTACT_MESSAGES, contactFieldErrors } from '#shared/store/contact.ts';
import type { MessageResponse } from '#shared/accounts/auth-schema.ts';
import type { ContactMessageInput } from '#shared/store/contact-schema.ts';
import { FormField } from '../../components/ui/form-field';
import { FormMessage } from '../../components/ui/form-message';
import { postJson } from '../../lib/api-client';

const EMPTY: ContactMessageInput = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<ReturnType<typeof contactFieldErrors>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const field = (name: keyof ContactMessageInput) => ({
    name,
    value: values[name],
    error: errors[name],
    required: true,
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const fieldErrors = contactFieldErrors(values);
    if (Object.keys(fieldErrors).length > 0) return setErrors(fieldErrors);
    setErrors({});
    setBusy(true);
    setResult(null);
    try {
      await postJson<MessageResponse>('/api/contact', values);
      setResult({ kind: 'success', text: CONTACT_MESSAGES.sent });
      setValues(EMPTY);
    } catch {
      setResult({ kind: 'error', text: CONTACT_MESSAGES.failed });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="contact-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="contact-form__row">
        <FormField label="Name" autoComplete="name" {...field('name')} />
        <FormField label="Email" type="email" autoComplete="email" {...field('email')} />
      </div>
      <FormField label="Subject" {...field('subject')} />
      <FormField
        label="Message"
        error={errors.message}
        renderControl={(control) => (
          <textarea
            {...control}
            name="message"
            rows={6}
            required
            value={values.message}
            onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
          />
        )}
      />
      {result && <FormMessage kind={result.kind}>{result.text}</FormMessage>}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Sending...' : 'Send'}
      </button>
    </form>
  );
}
