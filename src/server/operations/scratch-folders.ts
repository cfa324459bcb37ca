import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// A pack's scratch holds the master copied from the store and its decode: hundreds of megabytes. A process that
// ends normally removes its own; one killed (kill -9, the OOM killer) cannot, so each folder is named after the
// process that made it, and a worker starting up removes the ones whose process is gone.

// Room mockups' pictures (room-mockups/make-mockups.ts), a set cover's pieces (sets/set-cover-work.ts) and a store
// archive's table files are named the same way.
const PREFIXES = ['pack-master', 'print-pack', 'ratio-png', 'room-mockup', 'set-cover', 'store-archive'] as const;
type ScratchKind = (typeof PREFIXES)[number];
const OWNED = new RegExp(`^(${PREFIXES.join('|')})-(\\d+)-`);

/** A new scratch folder in the system's temporary folder, named after this process. */
export function makeScratch(kind: ScratchKind): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `${kind}-${process.pid}-`));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the scratch folders of processes that no longer run; answers how many. */
export async function removeOrphanedScratch(folder = os.tmpdir()): Promise<number> {
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  const orphaned = names.filter((name) => {
    const owner = OWNED.exec(name);
    return owner !== null && Number(owner[2]) !== process.pid && !isRunning(Number(owner[2]));
  });
  await Promise.all(orphaned.map((name) => fs.rm(path.join(folder, name), { recursive: true, force: true })));
  return orphaned.length;
}
