import { useId, useState } from 'react';
import { FUNNEL_PRESETS, lastDays, rangeProblem } from '../funnel-range';
import type { FunnelRange } from '../api/funnel-admin-api';

/**
 * The range: two dates (UTC days) and quick choices of the last days. A range is asked for once both dates make
 * one; until then the field to fix says why.
 */
export function FunnelRangePicker({ range, onRange }: { range: FunnelRange; onRange: (range: FunnelRange) => void }) {
  const id = useId();
  const [typed, setTyped] = useState(range);
  const [shown, setShown] = useState(range);
  // The address changed the range (Back, a preset): the fields follow it.
  if (shown.from !== range.from || shown.to !== range.to) {
    setShown(range);
    setTyped(range);
  }
  const problem = rangeProblem(typed.from, typed.to);
  const change = (next: FunnelRange) => {
    setTyped(next);
    if (!rangeProblem(next.from, next.to)) onRange(next);
  };
  const today = lastDays(1).to;

  return (
    <form className="funnel-range" onSubmit={(event) => event.preventDefault()} aria-label="Date range">
      {(['from', 'to'] as const).map((field) => (
        <div className="field" key={field}>
          <label className="field__label" htmlFor={`${id}-${field}`}>
            {field === 'from' ? 'From' : 'To'}
          </label>
          <input
            id={`${id}-${field}`}
            type="date"
            value={typed[field]}
            max={today}
            aria-invalid={problem?.field === field}
            aria-describedby={problem?.field === field ? `${id}-problem` : undefined}
            onChange={(event) => change({ ...typed, [field]: event.target.value })}
          />
        </div>
      ))}
      <div className="button-row funnel-range__presets">
        {FUNNEL_PRESETS.map((days) => (
          <button key={days} type="button" className="button" onClick={() => change(lastDays(days))}>
            Last {days} days
          </button>
        ))}
      </div>
      {problem && (
        <p id={`${id}-problem`} className="form-field__error" role="alert">
          {problem.message}
        </p>
      )}
    </form>
  );
}
