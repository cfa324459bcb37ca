// A child started with `detached: true` leads a process group of its own: a signal sent to the group reaches it
// and whatever it started (tsx's own child), so nothing is left running. Used by bench:http and test:cluster.

/** Sends `name` to the group led by `pid`; a group already gone is fine. */
export function signalGroup(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(-pid, name);
  } catch {
    // Already gone.
  }
}

/** SIGTERM (a graceful stop), then SIGKILL if the group has not exited within `timeoutMs`. */
export async function stopGroup(pid: number, exited: Promise<unknown>, timeoutMs: number): Promise<void> {
  signalGroup(pid, 'SIGTERM');
  const timer = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
  if (await Promise.race([exited.then(() => true), timer])) return;
  signalGroup(pid, 'SIGKILL');
  await exited;
}
