// A modal <dialog> makes the page behind it inert, but Tab past its last control still leaves the page for the
// browser's own toolbar before coming back. Wrapping at both ends keeps keyboard users inside the dialog.

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** The elements Tab stops at, in order: of a radio group, only its checked radio (or its first when none is). */
export function tabStopsIn(container: HTMLElement): HTMLElement[] {
  const candidates = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
  return candidates.filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) return true;
    const group = candidates.filter(
      (other): other is HTMLInputElement =>
        other instanceof HTMLInputElement && other.type === 'radio' && other.name === element.name,
    );
    return element === (group.find((radio) => radio.checked) ?? group[0]);
  });
}

/** On Tab from the last stop, go to the first; on Shift+Tab from the first, to the last. */
export function keepFocusInside(
  event: { key: string; shiftKey: boolean; preventDefault(): void },
  container: HTMLElement | null,
) {
  if (event.key !== 'Tab' || !container) return;
  const stops = tabStopsIn(container);
  const [first, last] = [stops[0], stops.at(-1)];
  if (!first || !last) return;
  const active = document.activeElement;
  if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  } else if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  }
}
