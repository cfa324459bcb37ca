// Lighthouse, performance category only, in its default mode: mobile form factor (Moto G Power emulation) with
// simulated throttling (slow 4G, 4x CPU slowdown), or the same profile applied for real (BENCH_WEB_THROTTLING). A fresh Chromium per run, so no run inherits another's cache.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * 'simulate' is Lighthouse's default and what the targets are set for. 'devtools' really slows the network and
 * CPU of the browser to the same profile and measures what happens: a second opinion that does not depend on
 * how the simulation models a page's requests.
 */
export type Throttling = 'simulate' | 'devtools';

export async function runLighthouse(
  url: string,
  chromePath: string,
  throttling: Throttling = 'simulate',
): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttlingMethod: throttling,
    };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError)
      throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    // Wait until Chromium has exited, so the process is reaped rather than left behind when the bench ends.
    const exited = new Promise<void>((resolve) => {
      if (chrome.process.exitCode !== null || chrome.process.signalCode !== null) resolve();
      else chrome.process.once('exit', () => resolve());
    });
    chrome.kill();
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  }
}
