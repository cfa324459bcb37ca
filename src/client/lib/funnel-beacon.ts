import { useEffect, useRef } from 'react';
import type { FunnelEvent } from '#shared/analytics/funnel.ts';

// The owner's funnel is told what visitors do from here: an artwork page seen (also when the app moves to it
// without loading a page), an artwork put in the cart, a checkout begun. A beacon is fire-and-forget: `keepalive`
// lets it finish as the visitor leaves, nothing waits for its answer, and a failure is nobody's concern. It carries
// no identifier of its own; the server keeps counts, not visits (decision 0063).

const BEACON_URL = '/api/funnel/beacon';

/** The page the visitor came from, told once with the first artwork seen in this page load, then never again. */
let landingReferrer: string | undefined = typeof document === 'undefined' ? undefined : document.referrer || undefined;

export function sendFunnelBeacon(artworkId: number, event: FunnelEvent): void {
  if (typeof window === 'undefined' || !Number.isInteger(artworkId) || artworkId <= 0) return;
  const body: { artworkId: number; event: FunnelEvent; referrer?: string } = { artworkId, event };
  if (event === 'view' && landingReferrer) {
    body.referrer = landingReferrer.slice(0, 2048);
    landingReferrer = undefined;
  }
  try {
    void fetch(BEACON_URL, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // A browser without fetch's keepalive, or one that refuses it: the view is simply not counted.
  }
}

/**
 * One view of the artwork each time its page shows it: on showing, for another artwork in the same page, and when
 * Back or Forward brings the page again from the browser's memory (the back/forward cache runs no effect again).
 */
export function useFunnelView(artworkId: number | undefined): void {
  useEffect(() => {
    if (artworkId === undefined) return;
    sendFunnelBeacon(artworkId, 'view');
    const shownAgain = (event: PageTransitionEvent) => {
      if (event.persisted) sendFunnelBeacon(artworkId, 'view');
    };
    window.addEventListener('pageshow', shownAgain);
    return () => window.removeEventListener('pageshow', shownAgain);
  }, [artworkId]);
}

/** A checkout begun, for each artwork in the cart, once per visit of the checkout page. */
export function useFunnelCheckout(artworkIds: readonly number[]): void {
  const told = useRef(false);
  const key = [...new Set(artworkIds)].join(',');
  useEffect(() => {
    if (told.current || key === '') return;
    told.current = true;
    for (const id of key.split(',')) sendFunnelBeacon(Number(id), 'checkout');
  }, [key]);
}
