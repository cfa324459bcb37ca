import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

export const TOAST_DURATION_MS = 3000;

const ToastContext = createContext<((message: string) => void) | null>(null);

/** One green confirmation at a time, announced politely and gone after three seconds. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback((text: string) => {
    window.clearTimeout(timer.current);
    setMessage(text);
    timer.current = window.setTimeout(() => setMessage(null), TOAST_DURATION_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  // A popover lives in the browser's top layer, like an open modal dialog; shown again after each message, it
  // lands above any dialog that is open, so a toast from inside the share dialog is not hidden behind it.
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = region.current;
    if (!element?.showPopover) return;
    if (element.matches(':popover-open')) element.hidePopover();
    if (message) element.showPopover();
  }, [message]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div ref={region} className="toast-region" role="status" aria-live="polite" popover="manual">
        {message && <p className="toast">{message}</p>}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): (message: string) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}
