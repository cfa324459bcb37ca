// When a phone visitor can use a page, measured in Chromium throttled for real through the DevTools protocol:
// the network slowed to Lighthouse's slow 4G (Network.emulateNetworkConditions: 562.5 ms per request, 1.47 Mbit/s
// down, as Lighthouse's own DevTools throttling) and the CPU 4x (Emulation.setCPUThrottlingRate), at Lighthouse's
// phone screen. Per page load: LCP and FCP as the browser reports them, and the time until the app has hydrated
// (html[data-ready], set once React has taken the page over: from then on every control answers). Then, on the
// hydrated page, one interaction as a visitor makes it, with INP taken from the Event Timing API (PerformanceObserver
// 'event', durationThreshold 16): the longest interaction, from the input to the next paint.
import type { Browser, Page } from 'playwright-core';

export const SLOW_4G = {
  latencyMs: 562.5,
  downloadBytesPerSecond: (1474.56 * 1024) / 8,
  uploadBytesPerSecond: (675 * 1024) / 8,
  cpuSlowdown: 4,
} as const;

/** Lighthouse's mobile screen (Moto G Power). The pixel ratio matters: it picks the picture size that is fetched. */
const PHONE_SCREEN = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
} as const;

export type InteractionName = 'type into the shop search' | 'Add to Cart';

export interface LoadFigures {
  lcpMs: number;
  fcpMs: number;
  /** Navigation start to html[data-ready]: the app has hydrated the page. */
  hydratedMs: number;
}

export interface InteractionFigures {
  /** The longest interaction's duration (input to next paint), Event Timing; 0 when every one took under 16 ms. */
  inpMs: number;
  /** How many interactions the Event Timing API reported at or above the 16 ms threshold. */
  slowInteractions: number;
}

export interface PageRun {
  load: LoadFigures;
  interaction?: InteractionFigures;
}

// Runs in the page before its own scripts (through the DevTools protocol, so the CSP does not apply to it).
function recordInPage(): void {
  const figures = { lcp: 0, fcp: 0, hydrated: 0, events: [] as Array<{ interactionId: number; duration: number }> };
  (window as unknown as { benchFigures: typeof figures }).benchFigures = figures;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) figures.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') figures.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    // interactionId groups the events of one interaction (keydown, keyup; pointerdown, pointerup, click); not in TS's DOM types yet.
    for (const entry of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>) {
      if (entry.interactionId) figures.events.push({ interactionId: entry.interactionId, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  // The document itself, with its subtree: this runs before the parser has made the <html> element. (No named
  // function in here: tsx would wrap it in a helper that does not exist in the page.)
  new MutationObserver(() => {
    if (!figures.hydrated && document.documentElement.hasAttribute('data-ready')) figures.hydrated = performance.now();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
}

interface InPageFigures {
  lcp: number;
  fcp: number;
  hydrated: number;
  events: Array<{ interactionId: number; duration: number }>;
}

const figuresOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { benchFigures: InPageFigures }).benchFigures);

async function throttledPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext(PHONE_SCREEN);
  await context.addInitScript(recordInPage);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_4G.latencyMs,
    downloadThroughput: SLOW_4G.downloadBytesPerSecond,
    uploadThroughput: SLOW_4G.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdown });
  return page;
}

/** What a visitor does on the hydrated page; each interaction ends with time for its paint. */
const INTERACTIONS: Record<InteractionName, (page: Page) => Promise<void>> = {
  'type into the shop search': async (page) => {
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.click();
    // At a quick typist's pace; every key is an interaction of its own.
    await search.pressSequentially('peaks', { delay: 120 });
    await page.waitForTimeout(1_500);
  },
  'Add to Cart': async (page) => {
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: 'Added to Cart ✓' }).waitFor();
    await page.waitForTimeout(500);
  },
};

/** One load of the page (a fresh browser context: nothing cached), then the interaction if one is named. */
export async function measurePage(browser: Browser, url: string, interaction?: InteractionName): Promise<PageRun> {
  const page = await throttledPage(browser);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 60_000 });
    // LCP is final once the visitor interacts; give a late picture time to show before that.
    await page.waitForTimeout(1_000);
    const loaded = await figuresOf(page);
    const run: PageRun = { load: { lcpMs: loaded.lcp, fcpMs: loaded.fcp, hydratedMs: loaded.hydrated } };
    if (interaction) {
      const before = loaded.events.length;
      await INTERACTIONS[interaction](page);
      const events = (await figuresOf(page)).events.slice(before);
      const longest = new Map<number, number>();
      for (const event of events)
        longest.set(event.interactionId, Math.max(longest.get(event.interactionId) ?? 0, event.duration));
      run.interaction = { inpMs: Math.max(0, ...longest.values()), slowInteractions: longest.size };
    }
    return run;
  } finally {
    await page.context().close();
  }
}
