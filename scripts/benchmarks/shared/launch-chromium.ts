// Debian's Chromium through playwright-core, headless, for the browser tests and the benchmarks that load pages.
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Without the sandbox (containers have none to give) and the background traffic that a closed network refuses. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(executablePath: string = CHROMIUM_PATH): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}
