// The store's processes under `npm start`, read from /proc: npm runs `sh -c "node dist/server-app/main.js"` (after
// its prestart step, another node process), and the store starts children of its own (the demo's drawing, the
// room mockups, a print pack's cutting). The store's memory is that of the store process and everything below it:
// npm and the shell are not the store's (a systemd unit runs the store without them).
import fs from 'node:fs';

const STORE_SCRIPT = 'dist/server-app/main.js';

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) =>
        fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
      );
  } catch {
    return [];
  }
}

/** `pid` and every process below it (read through each thread's children list: cheap enough every 50 ms). */
export function processTree(pid: number): number[] {
  return [pid, ...childrenOf(pid).flatMap(processTree)];
}

export function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) / 1024;
  } catch {
    return 0;
  }
}

export function argvOf(pid: number): string[] {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/** The store's own node process below `npm start` (not the shell that runs it), once it has started. */
export function findStore(npmPid: number): number | undefined {
  return processTree(npmPid).find((pid) => {
    const [program = '', ...args] = argvOf(pid);
    return /(^|\/)node$/.test(program) && args.includes(STORE_SCRIPT);
  });
}
