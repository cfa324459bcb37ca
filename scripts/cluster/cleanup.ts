// Everything npm run test:cluster starts registers how to stop it here; the steps run newest first, once, at the
// end of the run, when a step of the start-up throws, and on Ctrl-C or SIGTERM, so no process or scratch folder
// outlives the run.
const steps: Array<{ name: string; run: () => Promise<void> | void }> = [];
let running: Promise<void> | null = null;

/** True once the clean-up has begun: what is still to run would only fail against stopped parts. */
export function isCleaningUp(): boolean {
  return running !== null;
}

export function onCleanup(name: string, run: () => Promise<void> | void): void {
  steps.push({ name, run });
}

export function cleanUp(): Promise<void> {
  running ??= (async () => {
    while (steps.length > 0) {
      const step = steps.pop();
      if (!step) break;
      try {
        await step.run();
      } catch (error) {
        // One part failing to stop must not leave the others running.
        console.error(`cleanup: ${step.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  })();
  return running;
}

/**
 * Ctrl-C (SIGINT) or a SIGTERM to the harness: stop everything, then leave with the signal's usual code. The
 * handler stays for later signals and ignores them: under `npm run`, tsx relays the terminal's SIGINT to this
 * process a second time, and with no handler left that copy would kill it halfway through the clean-up. Every
 * step is bounded (an instance gets SIGKILL after 15 s), so the clean-up ends on its own.
 */
export function cleanUpOnSignals(): void {
  let received = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (received) return;
      received = true;
      console.error(`\n${signal}: stopping every process of the cluster`);
      void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
}
