import { useEffect, useState } from 'react';

export const CONFIRM_WINDOW_MS = 3000;

/**
 * A destructive button that asks twice: the first click arms it, a second click within three
 * seconds acts, and after that it quietly disarms.
 */
export function useTwoStepConfirm(action: () => void): { armed: boolean; click: () => void } {
  const [armed, setArmed] = useState(false);
  useEffect(() => {
    if (!armed) return;
    const timer = window.setTimeout(() => setArmed(false), CONFIRM_WINDOW_MS);
    return () => window.clearTimeout(timer);
  }, [armed]);
  return {
    armed,
    click() {
      if (!armed) return setArmed(true);
      setArmed(false);
      action();
    },
  };
}
