import { useEffect, useRef, useState } from 'react';

/**
 * Whether an <img> failed to load. A server-rendered picture can fail before the app starts, when nobody listens
 * for its error event, so the image is also checked once when the component mounts.
 */
export function useImageFailure() {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (ref.current?.complete && ref.current.naturalWidth === 0) setFailed(true);
  }, []);
  return { failed, ref, onError: () => setFailed(true) };
}
