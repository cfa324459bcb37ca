import { useId, useState } from 'react';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { useArtworkSearch } from '../api/discount-admin-queries';

type Chosen = { id: number; title: string };

interface ArtworkPickerProps {
  chosen: Chosen[];
  onChange: (chosen: Chosen[]) => void;
  error?: string;
}

function ArtworkItem(props: {
  title: string;
  action: string;
  actionLabel: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <li>
      <span>{props.title}</span>
      <button
        type="button"
        className="button"
        aria-label={props.actionLabel}
        disabled={props.disabled}
        onClick={props.onClick}
      >
        {props.action}
      </button>
    </li>
  );
}

/** The artworks a discount covers: found by typing part of a title, added and removed with buttons. */
export function ArtworkPicker({ chosen, onChange, error }: ArtworkPickerProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed.trim(), 250);
  const search = useArtworkSearch(q);
  const chosenIds = new Set(chosen.map((artwork) => artwork.id));
  const found = q.length >= 2 ? (search.data ?? []) : [];

  return (
    <fieldset className="discount-form__group" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Artworks</legend>
      {chosen.length > 0 ? (
        <ul className="discount-form__chosen" aria-label="Chosen artworks">
          {chosen.map((artwork) => (
            <ArtworkItem
              key={artwork.id}
              title={artwork.title}
              action="Remove"
              actionLabel={`Remove ${artwork.title}`}
              onClick={() => onChange(chosen.filter((other) => other.id !== artwork.id))}
            />
          ))}
        </ul>
      ) : (
        <p className="muted">No artwork chosen yet.</p>
      )}
      <div className="form-field">
        <label htmlFor={`${id}-search`}>Find artworks by title</label>
        <input
          id={`${id}-search`}
          type="search"
          value={typed}
          placeholder="At least two letters"
          aria-invalid={error ? true : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <p className="muted" aria-live="polite">
        {q.length < 2
          ? ''
          : search.isError
            ? 'The search failed. Please try again.'
            : search.isPending
              ? 'Searching…'
              : `${found.length === 1 ? '1 artwork' : `${found.length} artworks`} found`}
      </p>
      {found.length > 0 && (
        <ul className="discount-form__found" aria-label="Artworks found">
          {found.map((artwork) => {
            const added = chosenIds.has(artwork.id);
            return (
              <ArtworkItem
                key={artwork.id}
                title={artwork.title}
                action={added ? 'Added' : 'Add'}
                actionLabel={`${added ? 'Added' : 'Add'} ${artwork.title}`}
                disabled={added}
                onClick={() => onChange([...chosen, { id: artwork.id, title: artwork.title }])}
              />
            );
          })}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
