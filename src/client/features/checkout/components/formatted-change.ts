import type { ChangeEvent } from 'react';
import { caretAfterDigits } from '../card-format';

/**
 * An input's change handler that reformats what was typed (groups of four, 'MM / YY') and puts the caret back
 * where the customer was typing, rather than at the end, when a separator appears or disappears in front of it.
 */
export function formattedChange(format: (value: string) => string, set: (value: string) => void) {
  return (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const caret = input.selectionStart ?? input.value.length;
    const atEnd = caret === input.value.length;
    const digitsBefore = input.value.slice(0, caret).replace(/\D/g, '').length;
    const next = format(input.value);
    set(next);
    if (atEnd) return;
    // After React has written the new value, which moves the caret to the end.
    requestAnimationFrame(() => {
      const position = caretAfterDigits(next, digitsBefore);
      if (document.activeElement === input) input.setSelectionRange(position, position);
    });
  };
}
