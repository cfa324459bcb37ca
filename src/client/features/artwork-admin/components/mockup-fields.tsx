import type { OwnerMockups } from '#shared/catalogue/artwork-write-schema.ts';
import { MOCKUP_SCENE_LABELS, MOCKUP_SCENES, type MockupScene } from '#shared/catalogue/mockup-scenes.ts';
import type { SocialImage } from '#shared/catalogue/artwork-schema.ts';
import { FormField } from '#client/components/ui/form-field.tsx';

export interface MockupFieldValues {
  mockupsEnabled: boolean;
  firstMockupScene: MockupScene;
  socialImage: SocialImage;
}

const STATUS_TEXT: Record<OwnerMockups['status'], string> = {
  none: 'Room mockups are made from the preview image once it is saved.',
  queued: 'The room mockups are waiting to be made from the preview image.',
  making: 'The room mockups are being made…',
  ready: '',
  failed: 'The room mockups could not be made',
};

/**
 * The room mockups the store makes from the preview image: whether the artwork page shows them, which room comes
 * first, and whether shared links show the first one instead of the picture; with the mockups made so far.
 */
export function MockupFields({
  values,
  onChange,
  mockups,
}: {
  values: MockupFieldValues;
  onChange: (next: MockupFieldValues) => void;
  /** The artwork's mockups, when editing one. */
  mockups?: OwnerMockups;
}) {
  const ordered = [...(mockups?.scenes ?? [])].sort(
    (a, b) => Number(b.scene === values.firstMockupScene) - Number(a.scene === values.firstMockupScene),
  );
  const status = mockups?.status ?? 'none';
  return (
    <fieldset className="artwork-form__mockups">
      <legend>Room mockups</legend>
      <label>
        <input
          type="checkbox"
          checked={values.mockupsEnabled}
          onChange={(e) => onChange({ ...values, mockupsEnabled: e.target.checked })}
        />{' '}
        Show room mockups
      </label>
      <FormField
        label="First scene"
        renderControl={(control) => (
          <select
            {...control}
            value={values.firstMockupScene}
            onChange={(e) => onChange({ ...values, firstMockupScene: e.target.value as MockupScene })}
          >
            {MOCKUP_SCENES.map((scene) => (
              <option key={scene} value={scene}>
                {MOCKUP_SCENE_LABELS[scene]}
              </option>
            ))}
          </select>
        )}
      />
      <fieldset className="artwork-form__social">
        <legend>Social image</legend>
        {(
          [
            ['picture', 'Picture'],
            ['mockup', 'First room mockup'],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="socialImage"
              value={value}
              checked={values.socialImage === value}
              onChange={() => onChange({ ...values, socialImage: value })}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      {ordered.length > 0 ? (
        <ul className="artwork-form__mockup-previews" aria-label="Room mockups made">
          {ordered.map(({ scene, images }) => (
            <li key={scene}>
              <img
                src={images[0]?.url}
                // Written out rather than srcsetOf from artwork-images.ts: that module, imported by an owner's page
                // too, becomes a chunk of its own, one more request before every shop page answers (edit-page.tsx).
                srcSet={images.map((image) => `${image.url} ${image.width}w`).join(', ')}
                sizes="160px"
                width={160}
                height={107}
                alt={`${MOCKUP_SCENE_LABELS[scene]} mockup`}
                loading="lazy"
              />
              <span>{MOCKUP_SCENE_LABELS[scene]}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {status !== 'ready' && (
        <p className="muted">
          {STATUS_TEXT[status]}
          {status === 'failed' && mockups?.error ? `: ${mockups.error}` : status === 'failed' ? '.' : ''}
        </p>
      )}
    </fieldset>
  );
}
