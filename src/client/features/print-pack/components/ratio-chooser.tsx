import { useState } from 'react';
import type { RatioId } from '#shared/prints/print-sizes.ts';
import { smallPrintWarning, type RatioChoice } from '../ratio-choices';

interface RatioChooserProps {
  choices: readonly RatioChoice[];
  offered: ReadonlySet<RatioId>;
  onChange: (offered: Set<RatioId>) => void;
}

/**
 * One checkbox a ratio, with the largest print its crop makes. Ticking a ratio whose crop prints below 8 × 10 in
 * (A4 for ISO A) asks first: a buyer would pay for a file too small for the usual frames.
 */
export function RatioChooser({ choices, offered, onChange }: RatioChooserProps) {
  const [asking, setAsking] = useState<ReadonlySet<RatioId>>(new Set());

  const setAsked = (ratio: RatioId, ask: boolean) =>
    setAsking((current) => {
      const next = new Set(current);
      if (ask) next.add(ratio);
      else next.delete(ratio);
      return next;
    });

  function setOffered(ratio: RatioId, offer: boolean) {
    const next = new Set(offered);
    if (offer) next.add(ratio);
    else next.delete(ratio);
    onChange(next);
  }

  function toggle(choice: RatioChoice, checked: boolean) {
    if (checked && choice.small) return setAsked(choice.ratio, !asking.has(choice.ratio));
    setAsked(choice.ratio, false);
    setOffered(choice.ratio, checked);
  }

  return (
    <fieldset className="ratio-chooser">
      <legend>Ratios offered</legend>
      <ul className="ratio-chooser__list">
        {choices.map((choice) => {
          const warningId = `ratio-warning-${choice.ratio}`;
          return (
            <li key={choice.ratio} className="ratio-chooser__item">
              <label className="ratio-chooser__option">
                <input
                  type="checkbox"
                  checked={offered.has(choice.ratio)}
                  aria-describedby={asking.has(choice.ratio) ? warningId : undefined}
                  onChange={(event) => toggle(choice, event.target.checked)}
                />
                <span className="ratio-chooser__label">{choice.label}</span>
                <span className="ratio-chooser__reach muted">{choice.reach}</span>
                {choice.small && <span className="badge badge--small-print">Small</span>}
              </label>
              {asking.has(choice.ratio) && (
                <div className="ratio-chooser__warning" role="alert">
                  <p id={warningId}>{smallPrintWarning(choice)}</p>
                  <div className="button-row">
                    <button
                      type="button"
                      className="button"
                      onClick={() => {
                        setAsked(choice.ratio, false);
                        setOffered(choice.ratio, true);
                      }}
                    >
                      Offer {choice.label} anyway
                    </button>
                    <button type="button" className="button button--link" onClick={() => setAsked(choice.ratio, false)}>
                      Don’t offer it
                    </button>
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
