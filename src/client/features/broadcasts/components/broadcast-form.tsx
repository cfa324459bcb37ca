import { useState, type FormEvent } from 'react';
import type { BroadcastDetail } from '#shared/mailing/broadcast-schema.ts';
import { BROADCAST_LIMITS } from '#shared/mailing/broadcasts.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useSaveBroadcast } from '../api/broadcasts-queries';

/** A published artwork the owner may show as a card in the message. */
export interface CardCandidate {
  id: number;
  title: string;
}

interface BroadcastFormProps {
  broadcast?: BroadcastDetail;
  candidates: readonly CardCandidate[];
  onSaved: (saved: BroadcastDetail) => void;
}

/** Writes or changes a draft: its subject, its text in Markdown, and the artworks shown as cards under it. */
export function BroadcastForm({ broadcast, candidates, onSaved }: BroadcastFormProps) {
  const save = useSaveBroadcast();
  const [subject, setSubject] = useState(broadcast?.subject ?? '');
  const [body, setBody] = useState(broadcast?.bodyMarkdown ?? '');
  const [ids, setIds] = useState<number[]>(broadcast?.artworkIds ?? []);
  const [problem, setProblem] = useState<{ text: string; fields: Record<string, string[]> } | null>(null);

  const toggle = (id: number, on: boolean) =>
    setIds((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate(
      { id: broadcast?.id, body: { subject, bodyMarkdown: body, artworkIds: ids } },
      {
        onSuccess: onSaved,
        onError: (error: unknown) =>
          setProblem({
            text: error instanceof Error ? error.message : 'The broadcast could not be saved.',
            fields: error instanceof ApiError ? (error.details ?? {}) : {},
          }),
      },
    );
  };
  const fieldError = (name: string) => problem?.fields[name]?.[0];

  return (
    <form
      className="admin-form broadcast-form"
      onSubmit={submit}
      aria-label={broadcast ? 'Edit broadcast' : 'New broadcast'}
    >
      {problem && <FormMessage kind="error">{problem.text}</FormMessage>}
      <FormField
        label="Subject"
        value={subject}
        required
        maxLength={BROADCAST_LIMITS.subjectMax}
        error={fieldError('subject')}
        onChange={(e) => setSubject(e.target.value)}
      />
      <FormField
        label="Text (Markdown)"
        error={fieldError('bodyMarkdown')}
        hint="# Heading, **bold**, *italic*, - lists, [link](https://…). Blank lines separate paragraphs."
        renderControl={(props) => (
          <textarea
            {...props}
            value={body}
            rows={8}
            maxLength={BROADCAST_LIMITS.bodyMax}
            onChange={(e) => setBody(e.target.value)}
          />
        )}
      />
      <fieldset className="broadcast-form__artworks">
        <legend>
          Artwork cards ({ids.length} of at most {BROADCAST_LIMITS.maxArtworks})
        </legend>
        {fieldError('artworkIds') && <p className="form-field__error">{fieldError('artworkIds')}</p>}
        {candidates.length === 0 && <p>No published artworks yet.</p>}
        <ul>
          {candidates.map((candidate) => (
            <li key={candidate.id}>
              <label>
                <input
                  type="checkbox"
                  checked={ids.includes(candidate.id)}
                  disabled={!ids.includes(candidate.id) && ids.length >= BROADCAST_LIMITS.maxArtworks}
                  onChange={(e) => toggle(candidate.id, e.target.checked)}
                />{' '}
                {candidate.title}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="button-row">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {broadcast ? 'Save and Preview' : 'Save Draft and Preview'}
        </button>
      </p>
    </form>
  );
}
