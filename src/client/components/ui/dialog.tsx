import { useEffect, useId, useRef, type ReactNode } from 'react';
import { keepFocusInside } from './keep-focus-inside';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Added to the box's class: a wider dialog (the wall preview's) sizes itself here. */
  className?: string;
}

/**
 * A modal on the native <dialog>: the browser makes the page behind it inert, closes it on Escape and returns focus
 * to the button that opened it. We add closing on a backdrop click, locking the page's scroll while it is open, and
 * wrapping Tab at its ends so focus never leaves it for the browser's toolbar.
 */
export function Dialog({ open, onClose, title, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Its own id: a page with two dialogs (the checkout's) must not name both by the first one's title.
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      document.body.style.overflow = 'hidden';
    }
    if (!open && dialog.open) dialog.close();
    return () => {
      document.body.style.overflow = '';
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={className ? `dialog ${className}` : 'dialog'}
      aria-labelledby={titleId}
      // Always opened with showModal(): said outright for assistive technology that does not infer it.
      aria-modal="true"
      onKeyDown={(event) => keepFocusInside(event, ref.current)}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click that lands on the <dialog> itself, not on its content, is a click on the backdrop.
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="dialog__content">
        <header className="dialog__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
            ✕
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
