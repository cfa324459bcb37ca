import { CONSENT_WORDING, type ConsentKind } from '#shared/mailing/consent-kinds.ts';

/**
 * The mailing list's boxes, one per kind of mail, each with the exact words the consent keeps, and none ticked
 * until the person ticks it (consent is given, never presumed). Each kind is confirmed by e-mail afterwards.
 */
export function ConsentBoxes({
  kinds,
  value,
  onChange,
  legend = 'E-mails from us (optional)',
  name = 'list-consents',
}: {
  kinds: readonly ConsentKind[];
  value: readonly ConsentKind[];
  onChange: (next: ConsentKind[]) => void;
  legend?: string;
  name?: string;
}) {
  const toggle = (kind: ConsentKind, checked: boolean) =>
    onChange(checked ? [...value.filter((k) => k !== kind), kind] : value.filter((k) => k !== kind));
  return (
    <fieldset className="consent-boxes">
      <legend>{legend}</legend>
      {kinds.map((kind) => (
        <label key={kind} className="consent-boxes__box">
          <input
            type="checkbox"
            name={name}
            value={kind}
            checked={value.includes(kind)}
            onChange={(event) => toggle(kind, event.target.checked)}
          />
          <span>{CONSENT_WORDING[kind]}</span>
        </label>
      ))}
      <p className="consent-boxes__note">
        We e-mail you a link to confirm first. Every e-mail has a link to stop them.
      </p>
    </fieldset>
  );
}
