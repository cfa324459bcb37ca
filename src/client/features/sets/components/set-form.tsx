import { useState, type FormEvent } from 'react';
import type { OwnerSet } from '#shared/sets/set-schema.ts';
import { SET_COVER_TEXTS } from '#shared/sets/set-cover.ts';
import { SET_LIMITS } from '#shared/sets/sets.ts';
import { FormField } from '#client/components/ui/form-field.tsx';
import { FormMessage } from '#client/components/ui/form-message.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useMoney } from '#client/lib/store-settings.ts';
import { useSaveSet } from '../api/owner-sets-queries';

/** An artwork the owner may put in a set: published, with a fixed Personal price. */
export interface SetCandidate {
  id: number;
  title: string;
  price: number;
}

interface SetFormProps {
  set?: OwnerSet;
  /** The pieces to start with (the dashboard's selection) for a new set. */
  startIds?: readonly number[];
  candidates: readonly SetCandidate[];
  onSaved: (set: OwnerSet) => void;
  onCancel: () => void;
}

/** Makes or edits a set: its words, its pieces in order, its price (a price or a percentage off) and its cover. */
export function SetForm({ set, startIds = [], candidates, onSaved, onCancel }: SetFormProps) {
  const { formatPrice, code } = useMoney();
  const save = useSaveSet();
  const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
  const [title, setTitle] = useState(set?.title ?? '');
  const [description, setDescription] = useState(set?.description ?? '');
  const [ids, setIds] = useState<number[]>((set ? set.artworkIds : startIds).filter((id): id is number => id !== null));
  const [mode, setMode] = useState<'percent' | 'price'>(set?.setPrice !== null && set ? 'price' : 'percent');
  const [percent, setPercent] = useState(String(set?.percentOff ?? 15));
  const [price, setPrice] = useState(set?.setPrice === null || !set ? '' : String(set.setPrice));
  // A piece's id, '' for the first piece's picture, or 'mockup' for the gallery wall the store draws.
  const [cover, setCover] = useState<string>(
    set?.coverKind === 'mockup' ? 'mockup' : set?.coverArtworkId ? String(set.coverArtworkId) : '',
  );
  const [adding, setAdding] = useState('');
  const [problem, setProblem] = useState<{ text: string; fields: Record<string, string[]> } | null>(null);
  const sum = ids.reduce((total, id) => total + (byId.get(id)?.price ?? 0), 0);

  const move = (index: number, by: number) =>
    setIds((current) => {
      const next = [...current];
      const [piece] = next.splice(index, 1);
      next.splice(index + by, 0, piece!);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const body = {
      title,
      description,
      artworkIds: ids,
      price: mode === 'price' ? Number(price) : null,
      percentOff: mode === 'percent' ? Number(percent) : null,
      coverArtworkId: ids.includes(Number(cover)) ? Number(cover) : null,
      coverKind: cover === 'mockup' ? ('mockup' as const) : ('piece' as const),
    };
    save.mutate(
      { id: set?.id, body },
      {
        onSuccess: onSaved,
        onError: (error: unknown) =>
          setProblem({
            text: error instanceof Error ? error.message : 'The set could not be saved.',
            fields: error instanceof ApiError ? (error.details ?? {}) : {},
          }),
      },
    );
  };
  const fieldError = (name: string) =>
    Object.entries(problem?.fields ?? {})
      .filter(([key]) => key === name || key.startsWith(`${name}.`))
      .flatMap(([, messages]) => messages)[0];

  return (
    <form className="admin-form set-form" onSubmit={submit} aria-label={set ? `Edit ${set.title}` : 'New set'}>
      {problem && <FormMessage kind="error">{problem.text}</FormMessage>}
      <FormField
        label="Title"
        value={title}
        required
        maxLength={SET_LIMITS.titleMax}
        onChange={(e) => setTitle(e.target.value)}
      />
      <FormField
        label="Description"
        error={fieldError('description')}
        renderControl={(props) => (
          <textarea {...props} value={description} rows={3} onChange={(e) => setDescription(e.target.value)} />
        )}
      />
      <fieldset>
        <legend>
          Artworks ({ids.length} of {SET_LIMITS.minPieces} to {SET_LIMITS.maxPieces}), together {formatPrice(sum)}
        </legend>
        {fieldError('artworkIds') && <p className="form-field__error">{fieldError('artworkIds')}</p>}
        <ol className="set-form__pieces">
          {ids.map((id, index) => (
            <li key={id}>
              <span>{byId.get(id)?.title ?? `Artwork ${id} (not available)`}</span>
              <button type="button" className="button" disabled={index === 0} onClick={() => move(index, -1)}>
                Up<span className="visually-hidden"> {byId.get(id)?.title}</span>
              </button>
              <button
                type="button"
                className="button"
                disabled={index === ids.length - 1}
                onClick={() => move(index, 1)}
              >
                Down<span className="visually-hidden"> {byId.get(id)?.title}</span>
              </button>
              <button type="button" className="button" onClick={() => setIds(ids.filter((other) => other !== id))}>
                Remove<span className="visually-hidden"> {byId.get(id)?.title}</span>
              </button>
            </li>
          ))}
        </ol>
        {ids.length < SET_LIMITS.maxPieces && (
          <div className="button-row">
            <label>
              <span>Add an artwork </span>
              <select value={adding} onChange={(e) => setAdding(e.target.value)}>
                <option value="">Choose...</option>
                {candidates
                  .filter((candidate) => !ids.includes(candidate.id))
                  .map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.title} ({formatPrice(candidate.price)})
                    </option>
                  ))}
              </select>
            </label>
            <button
              type="button"
              className="button"
              disabled={!adding}
              onClick={() => {
                setIds([...ids, Number(adding)]);
                setAdding('');
              }}
            >
              Add
            </button>
          </div>
        )}
      </fieldset>
      <fieldset>
        <legend>Price</legend>
        <label>
          <input type="radio" name="set-price-mode" checked={mode === 'percent'} onChange={() => setMode('percent')} />{' '}
          A percentage off the artworks' sum
        </label>
        <label>
          <input type="radio" name="set-price-mode" checked={mode === 'price'} onChange={() => setMode('price')} /> A
          price of its own
        </label>
        {mode === 'percent' ? (
          <FormField
            label="Percentage off"
            type="number"
            min={1}
            max={SET_LIMITS.maxPercentOff}
            value={percent}
            error={fieldError('percentOff')}
            onChange={(e) => setPercent(e.target.value)}
          />
        ) : (
          <FormField
            label={`Set price (${code})`}
            type="number"
            min={0.01}
            step={0.01}
            value={price}
            error={fieldError('price')}
            hint={`At most the artworks' sum, ${formatPrice(sum)}.`}
            onChange={(e) => setPrice(e.target.value)}
          />
        )}
      </fieldset>
      <label className="form-field">
        <span>Cover picture</span>
        <select value={cover} onChange={(e) => setCover(e.target.value)}>
          <option value="">The first artwork's</option>
          <option value="mockup">{SET_COVER_TEXTS.mockupOption}</option>
          {ids.map((id) => (
            <option key={id} value={id}>
              {byId.get(id)?.title ?? `Artwork ${id}`}
            </option>
          ))}
        </select>
      </label>
      <p className="button-row">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {set ? 'Save Set' : 'Make the Set'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </p>
    </form>
  );
}
