import type { ArtworkStatus } from '#shared/catalogue/artwork-release.ts';
import type { ReleaseInput, ReleaseState } from '#shared/catalogue/artwork-release-schema.ts';

// The artwork form's release control: keep as a draft (the owner's only), publish now, or schedule for a date and
// time, which the store publishes by itself then.

export interface ReleaseValues {
  release: ArtworkStatus;
  /** As the datetime-local input holds it: the owner's local time, without a zone. */
  publishAt: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a datetime-local input's value, in the browser's own time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function initialRelease(state?: ReleaseState): ReleaseValues {
  return { release: state?.status ?? 'published', publishAt: toLocalInput(state?.publishAt ?? null) };
}

/**
 * What the form sends, or nothing when the owner left the release as it was (a past schedule time is not sent
 * again, and a published artwork keeps its first publication time).
 */
export function releaseToSend(values: ReleaseValues, initial: ReleaseValues): ReleaseInput | undefined {
  if (values.release === initial.release && values.publishAt === initial.publishAt) return undefined;
  if (values.release !== 'scheduled') return { status: values.release };
  // An empty or unreadable time goes as it is: the server names the field.
  const at = new Date(values.publishAt);
  return { status: 'scheduled', publishAt: Number.isNaN(at.getTime()) ? values.publishAt : at.toISOString() };
}

const CHOICES: Array<{ value: ArtworkStatus; label: string; hint: string }> = [
  { value: 'draft', label: 'Draft', hint: 'Only you see it, through its preview link.' },
  { value: 'published', label: 'Publish now', hint: 'In the shop as soon as you save.' },
  { value: 'scheduled', label: 'Schedule', hint: 'Goes live by itself at the time you set.' },
];

export function ReleaseFields({
  values,
  onChange,
}: {
  values: ReleaseValues;
  onChange: (values: ReleaseValues) => void;
}) {
  return (
    <fieldset className="artwork-form__release">
      <legend>Release</legend>
      <div className="artwork-form__release-choices" role="radiogroup" aria-label="Release">
        {CHOICES.map((choice) => (
          <label key={choice.value} className="artwork-form__release-choice">
            <input
              type="radio"
              name="release"
              value={choice.value}
              checked={values.release === choice.value}
              onChange={() => onChange({ ...values, release: choice.value })}
            />{' '}
            <span>
              <strong>{choice.label}</strong> <span className="muted">{choice.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {values.release === 'scheduled' && (
        <label className="artwork-form__publish-at">
          Publish at (your local time)
          <input
            type="datetime-local"
            // To the second: a release can be set for a precise moment, not only a whole minute.
            step={1}
            required
            value={values.publishAt}
            onChange={(event) => onChange({ ...values, publishAt: event.target.value })}
          />
        </label>
      )}
    </fieldset>
  );
}
