import { useState } from 'react';
import { CATEGORIES, type CategoryId } from '#shared/catalogue/categories.ts';
import { statusChanges, type FlagChoice } from '../dashboard-filters';

interface BulkBarProps {
  count: number;
  busy: boolean;
  onChangeCategory: (category: CategoryId) => void;
  onChangeStatus: (changes: { isFeatured?: boolean; isNewArrival?: boolean }) => void;
  onInvalidStatus: () => void;
  onDelete: () => void;
  onClear: () => void;
}

const FLAG_OPTIONS: Array<[FlagChoice, string]> = [
  ['unchanged', 'Leave as is'],
  ['yes', 'Yes'],
  ['no', 'No'],
];

function FlagSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: FlagChoice;
  onChange: (value: FlagChoice) => void;
}) {
  return (
    <label>
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as FlagChoice)}>
        {FLAG_OPTIONS.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Shown while artworks are selected: one change for all of them, applied by the server all or nothing. */
export function BulkBar({
  count,
  busy,
  onChangeCategory,
  onChangeStatus,
  onInvalidStatus,
  onDelete,
  onClear,
}: BulkBarProps) {
  const [category, setCategory] = useState<CategoryId | ''>('');
  const [featured, setFeatured] = useState<FlagChoice>('unchanged');
  const [newArrival, setNewArrival] = useState<FlagChoice>('unchanged');

  return (
    <section className="bulk-bar" aria-label="Bulk actions">
      <p className="bulk-bar__count">{count} selected</p>
      <div className="bulk-bar__group">
        <label>
          <span>Category</span>
          <select value={category} onChange={(e) => setCategory(e.target.value as CategoryId | '')}>
            <option value="">Choose...</option>
            {CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button"
          disabled={busy || !category}
          onClick={() => category && onChangeCategory(category)}
        >
          Change Category
        </button>
      </div>
      <div className="bulk-bar__group">
        <FlagSelect label="Featured" value={featured} onChange={setFeatured} />
        <FlagSelect label="New Arrival" value={newArrival} onChange={setNewArrival} />
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => {
            const changes = statusChanges(featured, newArrival);
            if (changes) onChangeStatus(changes);
            else onInvalidStatus();
          }}
        >
          Change Status
        </button>
      </div>
      <div className="bulk-bar__group">
        <button type="button" className="button button--danger" disabled={busy} onClick={onDelete}>
          Delete Selected
        </button>
        <button type="button" className="button" onClick={onClear}>
          Clear Selection
        </button>
      </div>
    </section>
  );
}
