import { useState } from 'react';
import type { BulkFile } from '#shared/catalogue/bulk-upload-schema.ts';
import { CATEGORIES } from '#shared/catalogue/categories.ts';
import { ImageOrPlaceholder } from '#client/components/ui/image-or-placeholder.tsx';
import type { DraftEdit } from '../api/bulk-upload-api';

type Draft = NonNullable<BulkFile['draft']>;

const tagsText = (tags: readonly string[]) => tags.join(', ');
const tagsOf = (text: string) =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * One draft of the review grid: its picture, and its title, price, category and tags edited in place; a field is
 * saved when it loses focus with a changed value (the category as soon as it is chosen).
 */
export function DraftRow({
  draft,
  fileName,
  selected,
  onSelect,
  onSave,
}: {
  draft: Draft;
  fileName: string;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onSave: (edit: DraftEdit) => void;
}) {
  const [title, setTitle] = useState(draft.title);
  const [price, setPrice] = useState(String(draft.price));
  const [tags, setTags] = useState(tagsText(draft.tags));
  const published = draft.status === 'published';
  const label = (field: string) => `${field} of ${fileName}`;

  return (
    <li className="bulk-draft" data-testid="bulk-draft">
      <label className="bulk-draft__select">
        <input
          type="checkbox"
          checked={selected}
          disabled={published}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={`Select ${fileName}`}
        />
      </label>
      {draft.thumbnailUrl ? (
        <ImageOrPlaceholder className="bulk-draft__thumb" src={draft.thumbnailUrl} alt="" width={96} height={96} />
      ) : (
        <span className="bulk-draft__thumb" />
      )}
      <input
        className="bulk-draft__title"
        aria-label={label('Title')}
        value={title}
        maxLength={200}
        onChange={(event) => setTitle(event.target.value)}
        onBlur={() => title.trim() && title !== draft.title && onSave({ title: title.trim() })}
      />
      <input
        className="bulk-draft__price"
        aria-label={label('Price')}
        type="number"
        min={0}
        step={0.01}
        value={price}
        onChange={(event) => setPrice(event.target.value)}
        onBlur={() => {
          const value = Number(price);
          if (price !== '' && Number.isFinite(value) && value !== draft.price) onSave({ price: value });
        }}
      />
      <select
        className="bulk-draft__category"
        aria-label={label('Category')}
        value={draft.category}
        onChange={(event) => onSave({ category: event.target.value })}
      >
        {CATEGORIES.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </select>
      <input
        className="bulk-draft__tags"
        aria-label={label('Tags')}
        placeholder="tags, comma separated"
        value={tags}
        onChange={(event) => setTags(event.target.value)}
        onBlur={() => tags !== tagsText(draft.tags) && onSave({ tags: tagsOf(tags) })}
      />
      <span className={`bulk-draft__status bulk-draft__status--${draft.status}`}>
        {published ? 'Published' : 'Draft'}
      </span>
    </li>
  );
}
