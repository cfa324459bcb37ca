// What a visitor did on a server-rendered page before the app started, carried into the app (decision 0024).
// The page is readable and clickable as soon as its HTML and stylesheet arrive, but React only listens once the
// app's scripts have loaded and hydrated it: on a slow phone, seconds later. Until then a typed search stays in the
// box while the page ignores it (hydrateRoot keeps the typed text but does not tell the component, as checked with
// React 19.3), and a press on Add to Cart does nothing. The inline script at the top of index.html records those
// fields, presses and form submissions from the first moment and marks a pressed button as pending; the app stops
// it right before hydrating and, once hydrated, hands each one to React as if it happened now.
import { useEffect, type ReactNode } from 'react';

export interface EarlyInput {
  /** Fields the visitor typed into or changed, in the order first touched. */
  fields: Element[];
  /** Button presses and form submissions, in order; each button or form at most once. */
  actions: Array<{ button: HTMLButtonElement } | { form: HTMLFormElement; submitter: HTMLElement | null }>;
}

declare global {
  interface Window {
    /** Set by index.html's inline script; absent in a shell without it (tests of the server, an older page). */
    earlyInput?: { stop(): EarlyInput };
  }
}

/** Stops recording and returns what was recorded: from the moment hydration starts, React sees events itself. */
export function stopEarlyInput(): EarlyInput {
  const recorded = window.earlyInput?.stop() ?? { fields: [], actions: [] };
  delete window.earlyInput;
  return recorded;
}

/** Sets a field's value or checked state as the visitor's typing does: past the setter React puts on the element. */
function setNatively(
  element: HTMLInputElement | HTMLTextAreaElement,
  property: 'value' | 'checked',
  value: string | boolean,
): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, property)?.set?.call(element, value);
}

/**
 * React fires onChange when the event it listens for (input; click for a checkbox or radio button) finds the
 * field's value different from the one it last saw. A field hydrated with typed text already "saw" that text,
 * and a field inside a Suspense boundary is only hydrated once an event reaches it (the boundaries hydrate after
 * the rest). So the field is first set back to the value the server rendered and the event sent, which hydrates it
 * if needed with that value; then the typed value is put back and the event sent again: React reports the change.
 * A field nobody changed in the end (it holds the rendered default) is left alone.
 */
function takeUpField(field: Element): void {
  if (!field.isConnected) return;
  if (field instanceof HTMLSelectElement) {
    // React reads a select's change event as is, without comparing values.
    if ([...field.options].some((option) => option.selected !== option.defaultSelected))
      field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked === field.defaultChecked) return;
    const checked = field.checked;
    // Plain Events, not MouseEvents: React reads them as the change they are, and the browser toggles nothing.
    setNatively(field, 'checked', field.defaultChecked);
    field.dispatchEvent(new Event('click', { bubbles: true }));
    setNatively(field, 'checked', checked);
    field.dispatchEvent(new Event('click', { bubbles: true }));
    return;
  }
  if ((field instanceof HTMLInputElement && field.type !== 'file') || field instanceof HTMLTextAreaElement) {
    const typed = field.value;
    if (typed === field.defaultValue) return;
    const selection = field === document.activeElement ? selectionOf(field) : null;
    setNatively(field, 'value', field.defaultValue);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    setNatively(field, 'value', typed);
    if (selection) restoreSelection(field, selection);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** Where the caret is, in a field still being typed into: setting its value would move it to the end. */
function selectionOf(field: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    return field.selectionStart === null || field.selectionEnd === null
      ? null
      : [field.selectionStart, field.selectionEnd];
  } catch {
    return null; // fields such as type=email have no selection
  }
}

function restoreSelection(field: HTMLInputElement | HTMLTextAreaElement, [start, end]: [number, number]): void {
  try {
    field.setSelectionRange(start, end);
  } catch {
    // No selection to restore on this kind of field.
  }
}

function release(button: Element | null): void {
  button?.removeAttribute('aria-busy');
  button?.removeAttribute('data-early-pending');
}

/** Hands the recorded fields (first, so a replayed submission sends what was typed) and presses to the hydrated app. */
export function replayEarlyInput(input: EarlyInput): void {
  // Emptied as it goes: a second call (React's development double effects) must not press anything twice.
  for (const field of input.fields.splice(0)) takeUpField(field);
  for (const action of input.actions.splice(0)) {
    if ('button' in action) {
      release(action.button);
      if (action.button.isConnected && !action.button.disabled) action.button.click();
      continue;
    }
    const { form, submitter } = action;
    release(submitter);
    if (!form.isConnected) continue;
    const ownSubmitter =
      (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.form === form
        ? submitter
        : undefined;
    form.requestSubmit(ownSubmitter);
  }
}

/**
 * Wraps the hydrated tree and replays the early input once it has committed. In a task of its own: inside React's
 * effects, an event that reaches a Suspense boundary not hydrated yet (the page itself, under the layout's boundary)
 * would be dropped, while from a task React hydrates the boundary on the spot and then handles the event. A wrapper
 * with a single child changes neither the HTML nor the ids useId derives from the tree, so hydration still matches.
 */
export function AfterHydration({ input, children }: { input: EarlyInput; children: ReactNode }): ReactNode {
  useEffect(() => {
    const timer = setTimeout(() => replayEarlyInput(input), 0);
    return () => clearTimeout(timer);
  }, [input]);
  return children;
}
