import {
  GALLERY_DEFAULTS,
  GALLERY_MESSAGES,
  GALLERY_RANGES,
  type GallerySettings,
} from '#shared/prints/gallery-wall.ts';
import { roundedLength, toInches, type WallUnit } from '#shared/prints/wall-units.ts';

// The planner's form state: the three lengths as typed (a half-typed '1.' must stay), read into numbers with
// their limits, and carried over when the buyer switches units.

export type LengthField = keyof typeof GALLERY_RANGES;
export const LENGTH_FIELDS: readonly LengthField[] = ['gap', 'centreHeight', 'hookDrop'];

export interface PlannerForm extends Omit<GallerySettings, LengthField> {
  lengths: Record<LengthField, string>;
}

export function initialForm(unit: WallUnit = 'in'): PlannerForm {
  const defaults = GALLERY_DEFAULTS[unit];
  return {
    layout: 'row',
    frame: 'black',
    mat: false,
    unit,
    lengths: {
      gap: String(defaults.gap),
      centreHeight: String(defaults.centreHeight),
      hookDrop: String(defaults.hookDrop),
    },
  };
}

/** A typed length within its limits, or the message saying which. */
export function readLength(form: PlannerForm, field: LengthField): { value: number } | { problem: string } {
  const raw = form.lengths[field].trim();
  const value = Number(raw);
  const [low, high] = GALLERY_RANGES[field][form.unit];
  if (raw === '' || !Number.isFinite(value) || value < low || value > high) {
    return { problem: GALLERY_MESSAGES.range(field, form.unit) };
  }
  return { value };
}

/** The settings the plan is drawn with: a length out of its limits is drawn at the nearest limit meanwhile. */
export function settingsOf(form: PlannerForm): GallerySettings {
  const length = (field: LengthField) => {
    const read = readLength(form, field);
    if ('value' in read) return read.value;
    const [low, high] = GALLERY_RANGES[field][form.unit];
    const raw = form.lengths[field].trim();
    const typed = raw === '' ? Number.NaN : Number(raw);
    return Number.isFinite(typed) ? Math.min(high, Math.max(low, typed)) : GALLERY_DEFAULTS[form.unit][field];
  };
  const { lengths: _typed, ...rest } = form;
  return { ...rest, gap: length('gap'), centreHeight: length('centreHeight'), hookDrop: length('hookDrop') };
}

/**
 * The same form in the other unit: each length converted and rounded to that unit's step (1/8 in, 0.5 cm), so
 * 57 in becomes 145 cm and 145 cm 57 1/8 in; one that does not read keeps the new unit's default.
 */
export function switchUnit(form: PlannerForm, unit: WallUnit): PlannerForm {
  if (unit === form.unit) return form;
  const lengths = { ...form.lengths };
  for (const field of LENGTH_FIELDS) {
    const read = readLength(form, field);
    const [low, high] = GALLERY_RANGES[field][unit];
    const converted =
      'value' in read ? roundedLength(toInches(read.value, form.unit), unit) : GALLERY_DEFAULTS[unit][field];
    lengths[field] = String(Math.min(high, Math.max(low, converted)));
  }
  return { ...form, unit, lengths };
}
