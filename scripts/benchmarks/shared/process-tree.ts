// Processes as /proc shows them: whom a process started, whether one is still there, and what a process and all
// it started hold in memory. The store cuts a print pack in a child process: a kill -9 of the store must not leave
// that child working on (test:cluster), and the memory a pack costs is the store's and the child's together
// (bench:print-pack).
import fs from 'node:fs';

/** The fields of /proc/<pid>/stat after the command's parentheses: state, then the parent's pid. */
function statOf(pid: number): { state: string; ppid: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state = '', ppid = ''] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

/** The pids whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((candidate) => statOf(candidate)?.ppid === pid);
}

/** `pid` and every process below it. */
export function treeOf(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...childrenOf(tree[i] as number));
  return tree;
}

/** Running, not ended (a zombie has ended: it only waits for its parent to read its exit). */
export function isAlive(pid: number): boolean {
  const stat = statOf(pid);
  return stat !== null && stat.state !== 'Z' && stat.state !== 'X';
}

/** Resident memory of one process now (VmRSS), in bytes; 0 when it is gone. */
export function rssBytes(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of `pid` and every process below it now, in bytes. */
export const treeRssBytes = (pid: number) => treeOf(pid).reduce((sum, member) => sum + rssBytes(member), 0);

/**
 * CPU time a process has used, in seconds: its own, and that of its children that have ended and been waited
 * for (a print pack's cutting child counts there once it ends).
 */
export function cpuSeconds(pid: number): { own: number; children: number } {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // After the command: state is field 3 of stat(5), so utime (14) is index 11 here, stime 12, cutime 13, cstime 14.
    const tick = 100;
    return {
      own: ((fields[11] ?? 0) + (fields[12] ?? 0)) / tick,
      children: ((fields[13] ?? 0) + (fields[14] ?? 0)) / tick,
    };
  } catch {
    return { own: 0, children: 0 };
  }
}
